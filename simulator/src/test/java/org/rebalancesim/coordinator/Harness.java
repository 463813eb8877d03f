package org.rebalancesim.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.random.Well19937c;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.coordinator.Messages.HeartbeatRequest;
import org.rebalancesim.coordinator.Messages.HeartbeatResponse;
import org.rebalancesim.coordinator.Messages.JoinGroupRequest;
import org.rebalancesim.coordinator.Messages.JoinGroupResponse;
import org.rebalancesim.coordinator.Messages.LeaveGroupRequest;
import org.rebalancesim.coordinator.Messages.LeaveGroupResponse;
import org.rebalancesim.coordinator.Messages.OffsetCommitRequest;
import org.rebalancesim.coordinator.Messages.OffsetCommitResponse;
import org.rebalancesim.coordinator.Messages.SyncGroupRequest;
import org.rebalancesim.coordinator.Messages.SyncGroupResponse;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.scenario.ClusterSpec;

/** A simulation with one coordinator and helpers that play the clients' requests. */
final class Harness {

    static final String GROUP = "g";
    static final long SESSION_MS = 10_000;
    static final long REBALANCE_MS = 60_000;
    static final long MEMBER_IDS_SEED = 42;
    static final Protocol RANGE = protocol("range");

    final Simulation sim = new Simulation(1_000_000);
    final RecordingListener events = new RecordingListener(sim::nowMs);
    final OffsetStore offsets = new OffsetStore();
    final ClusterSpec settings;
    final MemberIds memberIds = new MemberIds(new Well19937c(MEMBER_IDS_SEED));
    ClassicGroupCoordinator coordinator;

    /** Initial rebalance delay 0 and no group.max.size, so a group forms at the time its members join. */
    Harness() {
        this(0, Integer.MAX_VALUE);
    }

    Harness(long initialRebalanceDelayMs) {
        this(initialRebalanceDelayMs, Integer.MAX_VALUE);
    }

    Harness(long initialRebalanceDelayMs, int groupMaxSize) {
        settings = new ClusterSpec(1, initialRebalanceDelayMs, 50, 6_000, 1_800_000, groupMaxSize, 9_000, null, null, 0);
        coordinator = new ClassicGroupCoordinator(sim, GROUP, settings, offsets, memberIds, events);
    }

    static Protocol protocol(String name) {
        return Protocol.of(name, List.of("orders"));
    }

    static TopicPartition tp(int partition) {
        return new TopicPartition("orders", partition);
    }

    static JoinGroupRequest joinRequest(String memberId, String instanceId, String clientId) {
        return new JoinGroupRequest(memberId, instanceId, clientId, SESSION_MS, REBALANCE_MS, List.of(RANGE));
    }

    long now() {
        return sim.nowMs();
    }

    void runUntil(long atMs) {
        sim.runUntil(atMs);
    }

    Replies<JoinGroupResponse> join(JoinGroupRequest request) {
        Replies<JoinGroupResponse> replies = new Replies<>();
        coordinator.joinGroup(request, replies);
        return replies;
    }

    /** A known dynamic member's JoinGroup with the default settings. */
    Replies<JoinGroupResponse> rejoin(String memberId) {
        return join(joinRequest(memberId, null, "client"));
    }

    /** A new dynamic member: MEMBER_ID_REQUIRED, then the JoinGroup with the id it got (KIP-394). */
    Joining joinDynamic(String clientId) {
        return joinDynamic(new JoinGroupRequest("", null, clientId, SESSION_MS, REBALANCE_MS, List.of(RANGE)));
    }

    Joining joinDynamic(JoinGroupRequest first) {
        JoinGroupResponse required = join(first).single();
        assertEquals(Errors.MEMBER_ID_REQUIRED, required.error());
        JoinGroupRequest second = new JoinGroupRequest(required.memberId(), null, first.clientId(),
                first.sessionTimeoutMs(), first.rebalanceTimeoutMs(), first.protocols());
        return new Joining(required.memberId(), join(second));
    }

    /** A static member joining with an empty member id (its first start or a restart). */
    Joining joinStatic(String instanceId) {
        return joinStatic(instanceId, SESSION_MS, List.of(RANGE));
    }

    Joining joinStatic(String instanceId, long sessionTimeoutMs, List<Protocol> protocols) {
        Replies<JoinGroupResponse> replies = join(new JoinGroupRequest("", instanceId, instanceId, sessionTimeoutMs,
                REBALANCE_MS, protocols));
        // A static member gets its id without MEMBER_ID_REQUIRED; its JoinGroup may still be parked.
        return new Joining(coordinator.staticMemberId(instanceId), replies);
    }

    Replies<SyncGroupResponse> sync(String memberId, int generationId) {
        return sync(memberId, null, generationId, Map.of());
    }

    Replies<SyncGroupResponse> sync(String memberId, String instanceId, int generationId,
                                    Map<String, List<TopicPartition>> assignments) {
        Replies<SyncGroupResponse> replies = new Replies<>();
        coordinator.syncGroup(new SyncGroupRequest(memberId, instanceId, generationId, assignments), replies);
        return replies;
    }

    Errors heartbeat(String memberId, int generationId) {
        return heartbeat(memberId, null, generationId);
    }

    Errors heartbeat(String memberId, String instanceId, int generationId) {
        Replies<HeartbeatResponse> replies = new Replies<>();
        coordinator.heartbeat(new HeartbeatRequest(memberId, instanceId, generationId), replies);
        return replies.single().error();
    }

    /** Schedules a heartbeat every {@code periodMs} from now + period up to {@code untilMs}. */
    void heartbeatEvery(String memberId, String instanceId, int generationId, long periodMs, long untilMs) {
        for (long at = now() + periodMs; at <= untilMs; at += periodMs) {
            sim.at(at, () -> heartbeat(memberId, instanceId, generationId));
        }
    }

    Errors leave(String memberId) {
        return leave(memberId, null);
    }

    Errors leave(String memberId, String instanceId) {
        Replies<LeaveGroupResponse> replies = new Replies<>();
        coordinator.leaveGroup(new LeaveGroupRequest(memberId, instanceId), replies);
        return replies.single().error();
    }

    Errors commit(String memberId, int generationId, Map<TopicPartition, Long> offsetsToCommit) {
        Replies<OffsetCommitResponse> replies = new Replies<>();
        coordinator.offsetCommit(new OffsetCommitRequest(memberId, null, generationId, offsetsToCommit), replies);
        return replies.single().error();
    }

    /**
     * Forms a Stable group of new dynamic members joining now: join, complete (initial delay included),
     * the leader assigns partition i to the i-th member, everyone syncs. Returns the ids in join order.
     */
    List<String> stableGroup(String... clientIds) {
        List<String> ids = new ArrayList<>();
        for (String clientId : clientIds) {
            ids.add(joinDynamic(clientId).memberId());
        }
        completeAndSync(ids, null);
        return ids;
    }

    /** Like {@link #stableGroup} for static members (the instance ids are also the client ids). */
    List<String> stableStaticGroup(String... instanceIds) {
        List<String> ids = new ArrayList<>();
        for (String instanceId : instanceIds) {
            ids.add(joinStatic(instanceId).memberId());
        }
        completeAndSync(ids, List.of(instanceIds));
        return ids;
    }

    private void completeAndSync(List<String> ids, List<String> instanceIds) {
        runUntil(now() + 2 * settings.groupInitialRebalanceDelayMs());
        assertEquals(ClassicGroupState.COMPLETING_REBALANCE, coordinator.state());
        int generation = coordinator.generationId();
        Map<String, List<TopicPartition>> assignment = new LinkedHashMap<>();
        for (int i = 0; i < ids.size(); i++) {
            assignment.put(ids.get(i), List.of(tp(i)));
        }
        String leader = coordinator.leaderId();
        for (int i = 0; i < ids.size(); i++) {
            String id = ids.get(i);
            if (!id.equals(leader)) {
                sync(id, instanceIds == null ? null : instanceIds.get(i), generation, Map.of());
            }
        }
        int leaderIndex = ids.indexOf(leader);
        sync(leader, instanceIds == null ? null : instanceIds.get(leaderIndex), generation, assignment);
        assertEquals(ClassicGroupState.STABLE, coordinator.state());
    }

    /** A member that sent JoinGroup: its id and the replies to its (last) JoinGroup. */
    record Joining(String memberId, Replies<JoinGroupResponse> replies) {
    }
}
