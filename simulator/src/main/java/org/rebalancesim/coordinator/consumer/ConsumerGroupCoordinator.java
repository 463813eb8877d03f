package org.rebalancesim.coordinator.consumer;

import java.util.List;
import java.util.function.BiPredicate;
import java.util.function.Function;
import org.rebalancesim.coordinator.ClassicRequests;
import org.rebalancesim.coordinator.MemberIds;
import java.util.Map;
import java.util.SortedMap;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.coordinator.Errors;
import org.rebalancesim.coordinator.OffsetStore;
import org.rebalancesim.coordinator.consumer.ConsumerGroupMessages.HeartbeatRequest;
import org.rebalancesim.coordinator.consumer.ConsumerGroupMessages.HeartbeatResponse;
import org.rebalancesim.coordinator.consumer.ConsumerGroupMessages.OffsetCommitRequest;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.events.GroupEvents;
import org.rebalancesim.events.RemovalReason;

/**
 * The broker-side coordinator of one KIP-848 consumer group (Kafka 4.4.0's GroupMetadataManager, consumer
 * part; docs/kafka-semantics.md §10, §11). Every request is answered at once through its callback, after the group
 * is fully updated; the coordinator adds no latency (the network layer does) and stores instantly.
 *
 * <p>Failover (§11): the group's state is what __consumer_offsets holds, so {@link #unload()} only stops
 * this coordinator (NOT_COORDINATOR to everything, timers cancelled) and {@link #load()} resumes it as the
 * new coordinator would after replaying the partition: every member's session timer starts fresh, plus the
 * rebalance timer of members in UNREVOKED_PARTITIONS (GMM onLoaded).
 */
public final class ConsumerGroupCoordinator {

    private final ConsumerGroupContext ctx;
    private final ConsumerGroup group;
    private final OffsetStore offsets;
    private final HeartbeatHandler heartbeats;
    /** The classic members the group serves (a group in migration, §21); null when it serves none. */
    private ClassicMembers classicMembers;
    private GroupConversion conversion;
    /** Decides first on each heartbeat while the group may still be a classic group (§21); null for none. */
    private Function<HeartbeatRequest, Errors> gate;

    /**
     * @param partitionCounts the cluster metadata (partition count per topic), read when needed; it may grow,
     *                        and {@link #metadataChanged()} tells the group so
     */
    public ConsumerGroupCoordinator(Simulation sim, String groupId, ConsumerGroupSettings settings,
                                    OffsetStore offsets, Supplier<Map<String, Integer>> partitionCounts,
                                    GroupEvents events) {
        this.ctx = new ConsumerGroupContext(sim, groupId, settings, partitionCounts, events);
        this.group = ctx.group;
        ctx.regexes.imagePublished(ctx.topicsNow());
        this.offsets = offsets;
        ctx.useTimers(new MemberTimers(sim, ctx.outbox, this::onSessionExpired, this::onRebalanceTimeout,
                id -> !ctx.group.isDead() && ctx.group.member(id) != null));
        this.heartbeats = new HeartbeatHandler(ctx);
    }

    /** ConsumerGroupHeartbeat: join (epoch 0), heartbeat, acknowledge, or leave (epoch -1 / -2). */
    public void heartbeat(HeartbeatRequest request, Consumer<HeartbeatResponse> respond) {
        HeartbeatResponse response;
        if (group.isDead()) {
            response = HeartbeatResponse.error(Errors.NOT_COORDINATOR, request.memberId());
        } else {
            Errors refused = gate == null ? Errors.NONE : gate.apply(request);
            try {
                if (refused != Errors.NONE) {
                    throw new HeartbeatException(refused, "the group is not a consumer group");
                }
                response = heartbeats.handle(request);
            } catch (HeartbeatException e) {
                response = HeartbeatResponse.error(e.error(), request.memberId());
            }
        }
        ctx.outbox.send(respond, response);
        ctx.outbox.flush();
    }

    /**
     * From now on the group serves classic members too (GroupMetadataManager classicGroupJoinToConsumerGroup and
     * its siblings, docs/kafka-semantics.md §21), and {@code gate} decides first on every ConsumerGroupHeartbeat
     * (whether the group is a consumer group, or converts to one).
     *
     * @param mayJoin whether classic members may join a non-empty consumer group (migration policy not disabled)
     * @return the side that answers classic requests
     */
    public ClassicRequests serveClassicMembers(MemberIds memberIds, boolean mayJoin,
                                               Function<HeartbeatRequest, Errors> heartbeatGate,
                                               BiPredicate<ConsumerGroupMember, RemovalReason> downgrade,
                                               ReplacementDowngrade replacementDowngrade) {
        this.classicMembers = new ClassicMembers(ctx, heartbeats, offsets, memberIds, mayJoin, replacementDowngrade);
        this.gate = heartbeatGate;
        ctx.convertOnRemoval(downgrade);
        ctx.knowClassicMembers(classicMembers::isClassic);
        this.conversion = new GroupConversion(ctx, classicMembers);
        return classicMembers;
    }

    /** The conversions to and from a classic group (§21), once the group serves classic members; else null. */
    public GroupConversion conversion() {
        return conversion;
    }

    /**
     * OffsetCommit from a consumer-protocol member, as 4.4.0 validates it (ConsumerGroup.validateOffsetCommit,
     * KIP-1251; docs/kafka-semantics.md §18): UNKNOWN_MEMBER_ID for a member the group does not have; at the
     * member's current epoch accepted; at a newer one STALE_MEMBER_EPOCH; at an older one accepted only if every
     * committed partition is still the member's (assigned or pending revocation) and was assigned to it at that
     * epoch or before, else the whole commit fails with STALE_MEMBER_EPOCH. A commit from outside the group
     * (negative epoch) is accepted while the group is empty.
     */
    public void offsetCommit(OffsetCommitRequest request, Consumer<Errors> respond) {
        ctx.outbox.send(respond, validateAndCommit(request));
        ctx.outbox.flush();
    }

    private Errors validateAndCommit(OffsetCommitRequest request) {
        if (group.isDead()) {
            return Errors.NOT_COORDINATOR;
        }
        ConsumerGroupMember member = group.member(request.memberId());
        if (member == null && !(request.memberEpoch() < 0 && group.size() == 0)) {
            return Errors.UNKNOWN_MEMBER_ID;
        }
        if (member != null && request.memberEpoch() > member.memberEpoch()) {
            return Errors.STALE_MEMBER_EPOCH;
        }
        if (member != null && request.memberEpoch() < member.memberEpoch()) {
            for (TopicPartition partition : request.offsets().keySet()) {
                Integer assignedAt = group.owners().assignmentEpoch(partition, member.memberId());
                if (assignedAt == null || request.memberEpoch() < assignedAt) {
                    return Errors.STALE_MEMBER_EPOCH;
                }
            }
        }
        offsets.commit(request.offsets());
        return Errors.NONE;
    }

    /**
     * The partition counts changed (GMM onNewMetadataImage requests a subscription metadata refresh): the
     * next heartbeat of any member compares them and bumps the group epoch if a subscribed topic changed.
     */
    public void metadataChanged() {
        group.requestMetadataRefresh();
        ctx.regexes.imagePublished(ctx.topicsNow());
    }

    /** The coordinator moved away: DEAD, timers cancelled; every request is answered NOT_COORDINATOR. */
    public void unload() {
        if (group.isDead()) {
            return;
        }
        ctx.timers().cancelAll();
        ctx.targets.cancel();
        group.unload();
        ctx.outbox.flush();
    }

    /**
     * This broker became the coordinator again (or the state was replayed elsewhere): nothing was lost;
     * every member's session timer starts fresh, and members in UNREVOKED_PARTITIONS get their rebalance
     * timer again (GMM onLoaded). Loading itself changes no epoch.
     */
    public void load() {
        if (!group.isDead()) {
            return;
        }
        for (ConsumerGroupMember member : group.members()) {
            ctx.timers().scheduleSession(member.memberId(), ctx.settings.sessionTimeoutMs());
            if (member.state() == MemberState.UNREVOKED_PARTITIONS) {
                ctx.timers().scheduleRebalance(member.memberId(), member.memberEpoch(), member.rebalanceTimeoutMs());
            }
        }
        group.load();
        ctx.outbox.flush();
    }

    /** GMM session timeout: the member is fenced, static members too. */
    private void onSessionExpired(String memberId) {
        ConsumerGroupMember member = group.member(memberId);
        if (member != null && !group.isDead()) {
            ctx.fence(member, RemovalReason.SESSION_TIMEOUT);
        }
    }

    /** GMM rebalance timeout: fences the member only if it is still revoking at the epoch the timer was set at. */
    private void onRebalanceTimeout(String memberId, int memberEpoch) {
        ConsumerGroupMember member = group.member(memberId);
        if (member != null && !group.isDead() && member.memberEpoch() == memberEpoch
                && member.state() == MemberState.UNREVOKED_PARTITIONS) {
            ctx.fence(member, RemovalReason.REBALANCE_TIMEOUT);
        }
    }

    public String groupId() {
        return group.groupId();
    }

    public ConsumerGroupState state() {
        return group.state();
    }

    public int groupEpoch() {
        return group.groupEpoch();
    }

    /** The epoch of the current target assignment. */
    public int assignmentEpoch() {
        return group.assignmentEpoch();
    }

    /** The member ids, sorted. */
    public List<String> memberIds() {
        return group.memberIds();
    }

    /** The member as the coordinator holds it now, or null. */
    public ConsumerGroupMember member(String memberId) {
        return group.member(memberId);
    }

    /** The member's partitions in the current target assignment. */
    public List<TopicPartition> targetAssignment(String memberId) {
        return List.copyOf(group.target(memberId));
    }

    /** Partition counts of the subscribed topics as the group last took them into account (its metadata). */
    public SortedMap<String, Integer> subscriptionMetadata() {
        return group.subscriptionMetadata();
    }

    /** The member holding {@code partition} (assigned or pending revocation), or null when it is free. */
    public String holder(TopicPartition partition) {
        return group.owners().holder(partition);
    }

    /** When the member's session expires, or -1: for tests and diagnostics. */
    long sessionDueMs(String memberId) {
        return ctx.timers().sessionDueMs(memberId);
    }

    /** When the member's rebalance timer fires, or -1: for tests and diagnostics. */
    long rebalanceDueMs(String memberId) {
        return ctx.timers().rebalanceDueMs(memberId);
    }
}
