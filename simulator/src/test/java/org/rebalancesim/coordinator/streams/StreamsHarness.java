package org.rebalancesim.coordinator.streams;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.rebalancesim.coordinator.Errors;
import org.rebalancesim.coordinator.OffsetStore;
import org.rebalancesim.coordinator.consumer.ConsumerGroupMessages.OffsetCommitRequest;
import org.rebalancesim.coordinator.streams.StreamsGroupMessages.HeartbeatRequest;
import org.rebalancesim.coordinator.streams.StreamsGroupMessages.HeartbeatResponse;
import org.rebalancesim.coordinator.streams.StreamsGroupMessages.Topology;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.events.CoordinatorEvents.GroupEpochBumped;
import org.rebalancesim.events.CoordinatorEvents.MemberRemoved;
import org.rebalancesim.events.GroupEvent;
import org.rebalancesim.events.GroupEvents;
import org.rebalancesim.events.GroupListener;
import org.rebalancesim.partition.TaskId;
import org.rebalancesim.partition.TopicPartition;

/**
 * One streams group coordinator in a simulation, and helpers that play the Streams clients' heartbeats by hand
 * (as the consumer package's GroupHarness does for KIP-848). Responses are delivered at once, so each helper
 * returns the response. The topology is one stateless sub-topology 0 reading topic t of 4 partitions: tasks
 * 0_0 .. 0_3.
 */
final class StreamsHarness implements GroupEvents, GroupListener {

    static final String GROUP = "g";
    static final String TOPIC = "t";
    /** The clients' max.poll.interval.ms (the member's rebalance timeout), below the session timeout. */
    static final long REBALANCE_TIMEOUT_MS = 30_000;
    /** group.streams.* defaults (docs/kafka-semantics.md §27). */
    static final long HEARTBEAT_MS = 5_000;
    static final long SESSION_MS = 45_000;
    static final long INITIAL_DELAY_MS = 3_000;
    static final long INTERVAL_MS = 1_000;
    static final Topology TOPOLOGY = new Topology(new TreeMap<>(Map.of(0, List.of(TOPIC))), new TreeSet<>());

    final Simulation sim = new Simulation(1_000_000);
    final OffsetStore offsets = new OffsetStore();
    final Map<String, Integer> partitions = new TreeMap<>(Map.of(TOPIC, 4));
    final List<Integer> bumps = new ArrayList<>();
    /** The removed members, as "id:REASON". */
    final List<String> removed = new ArrayList<>();
    final StreamsGroupCoordinator coordinator;

    StreamsHarness() {
        StreamsGroupSettings settings = new StreamsGroupSettings(HEARTBEAT_MS, SESSION_MS, 0, INITIAL_DELAY_MS,
                INTERVAL_MS, 1_000);
        coordinator = new StreamsGroupCoordinator(sim, GROUP, settings, offsets, () -> Map.copyOf(partitions), this);
    }

    @Override
    public void publish(GroupEvent event) {
        event.deliverTo(this);
    }

    @Override
    public void groupEpochBumped(GroupEpochBumped event) {
        bumps.add(event.epoch());
    }

    @Override
    public void memberRemoved(MemberRemoved event) {
        removed.add(event.memberId() + ":" + event.reason());
    }

    static TaskId task(int partition) {
        return new TaskId(0, partition);
    }

    static SortedSet<TaskId> tasks(int... partitionIds) {
        SortedSet<TaskId> set = new TreeSet<>();
        Arrays.stream(partitionIds).forEach(p -> set.add(task(p)));
        return set;
    }

    static TaskSets active(int... partitionIds) {
        return new TaskSets(tasks(partitionIds), new TreeSet<>(), new TreeSet<>());
    }

    static TaskSets active(SortedSet<TaskId> active) {
        return new TaskSets(active, new TreeSet<>(), new TreeSet<>());
    }

    /** A dynamic member's first heartbeat: epoch 0, topology and process, nothing owned. */
    HeartbeatResponse join(String memberId, String processId) {
        return send(new HeartbeatRequest(memberId, 0, null, processId, REBALANCE_TIMEOUT_MS, TOPOLOGY,
                TaskSets.EMPTY, null));
    }

    HeartbeatResponse joinStatic(String memberId, String instanceId, String processId) {
        return send(new HeartbeatRequest(memberId, 0, instanceId, processId, REBALANCE_TIMEOUT_MS, TOPOLOGY,
                TaskSets.EMPTY, null));
    }

    /** A regular heartbeat: the epoch and the owned tasks (null = not sent). */
    HeartbeatResponse heartbeat(String memberId, int epoch, TaskSets owned) {
        return send(new HeartbeatRequest(memberId, epoch, null, null, -1, null, owned, null));
    }

    HeartbeatResponse heartbeatStatic(String memberId, String instanceId, int epoch, TaskSets owned) {
        return send(new HeartbeatRequest(memberId, epoch, instanceId, null, -1, null, owned, null));
    }

    HeartbeatResponse leave(String memberId, String instanceId, int epoch) {
        return send(new HeartbeatRequest(memberId, epoch, instanceId, null, -1, null, null, null));
    }

    HeartbeatResponse send(HeartbeatRequest request) {
        List<HeartbeatResponse> responses = new ArrayList<>();
        coordinator.heartbeat(request, responses::add);
        assertEquals(1, responses.size(), "exactly one response, delivered at once");
        HeartbeatResponse response = responses.get(0);
        assertNotNull(response);
        return response;
    }

    Errors commit(String memberId, int epoch, Map<TopicPartition, Long> committed) {
        List<Errors> responses = new ArrayList<>();
        coordinator.offsetCommit(new OffsetCommitRequest(memberId, epoch, committed), responses::add);
        assertEquals(1, responses.size(), "exactly one response, delivered at once");
        return responses.get(0);
    }

    /** Moves the clock (and runs the timers) to {@code atMs}. */
    void runUntil(long atMs) {
        sim.runUntil(atMs);
    }

    StreamsGroupMember member(String memberId) {
        return coordinator.member(memberId);
    }

    /**
     * m-a (process p-a) and m-b (process p-b) join at 0; the initial delay's timer computes the target at 3000
     * (epoch 3); both heartbeat at 3100 and own 2 tasks each: STABLE at epoch 3.
     */
    static StreamsHarness stableTwoMembers(String instanceIdOfA) {
        StreamsHarness h = new StreamsHarness();
        if (instanceIdOfA == null) {
            h.join("m-a", "p-a");
        } else {
            h.joinStatic("m-a", instanceIdOfA, "p-a");
        }
        h.join("m-b", "p-b");
        h.runUntil(3_100);
        if (instanceIdOfA == null) {
            h.heartbeat("m-a", 1, TaskSets.EMPTY);
        } else {
            h.heartbeatStatic("m-a", instanceIdOfA, 1, TaskSets.EMPTY);
        }
        h.heartbeat("m-b", 1, TaskSets.EMPTY);
        assertEquals(StreamsGroupState.STABLE, h.coordinator.state());
        assertEquals(3, h.coordinator.assignmentEpoch());
        assertEquals(2, h.member("m-a").assigned().active().size());
        assertEquals(2, h.member("m-b").assigned().active().size());
        return h;
    }
}
