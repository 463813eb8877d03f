package org.rebalancesim.coordinator;

import java.util.List;
import java.util.function.Consumer;
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
import org.rebalancesim.coordinator.GroupSnapshot.MemberSnapshot;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.events.Cause;
import org.rebalancesim.events.CoordinatorEvents.CoordinatorMoved;
import org.rebalancesim.events.GroupEvents;
import org.rebalancesim.events.RebalanceTrigger;
import org.rebalancesim.scenario.ClusterSpec;

/**
 * The broker-side classic group coordinator of one group (Kafka's GroupMetadataManager, classic part).
 * Requests are answered through their callback: at once, or later for a parked JoinGroup / SyncGroup.
 * The coordinator adds no latency (the network layer does) and stores instantly.
 *
 * <p>Failover: {@link #unload()} kills this instance; {@link #loaded} builds the new coordinator from
 * the last persisted {@link #snapshot()}.
 */
public final class ClassicGroupCoordinator implements GroupCoordinator, ClassicRequests {

    private final GroupContext ctx;
    private final ClassicGroup group;
    private final JoinPhase join;
    private final SyncPhase sync;
    private final Rebalance rebalance;
    private final Liveness liveness;
    private final MemberRequests members;
    /** The consumer group that answers the classic requests while it is the group's type; null for none. */
    private ClassicRequests consumerGroupSide;

    /** A new, Empty group at generation 0, on a broker that has run for a while. */
    public ClassicGroupCoordinator(Simulation sim, String groupId, ClusterSpec settings, OffsetStore offsets,
                                   MemberIds memberIds, GroupEvents events) {
        this(sim, groupId, settings, offsets, memberIds, events, CoordinatorWarmup.none());
    }

    /** A new, Empty group at generation 0, on a broker whose coordinator has {@code warmup} left. */
    public ClassicGroupCoordinator(Simulation sim, String groupId, ClusterSpec settings, OffsetStore offsets,
                                   MemberIds memberIds, GroupEvents events, CoordinatorWarmup warmup) {
        this(sim, groupId, settings, offsets, memberIds, events, GroupSnapshot.empty(0), warmup);
    }

    private ClassicGroupCoordinator(Simulation sim, String groupId, ClusterSpec settings, OffsetStore offsets,
                                    MemberIds memberIds, GroupEvents events, GroupSnapshot snapshot,
                                    CoordinatorWarmup warmup) {
        Outbox outbox = new Outbox();
        this.group = new ClassicGroup(groupId, snapshot.loadedState(), snapshot.generationId(),
                snapshot.protocolName(), snapshot.leaderId(), events, outbox);
        this.ctx = new GroupContext(sim, settings, group, outbox, memberIds, events, offsets, snapshot,
                warmup, this::onSessionExpired, this::onPendingSyncExpired);
        this.sync = new SyncPhase(ctx);
        this.rebalance = new Rebalance(ctx, sync);
        this.join = new JoinPhase(ctx, rebalance);
        this.liveness = new Liveness(ctx, rebalance);
        this.members = new MemberRequests(ctx, rebalance);
    }

    /**
     * The coordinator that takes the group over after a failover: the group as persisted (Stable with
     * its members and assignments, or Empty), every member's session timer started fresh, no rebalance
     * (unless the group is over group.max.size, as in Kafka's onLoaded).
     */
    public static ClassicGroupCoordinator loaded(Simulation sim, String groupId, ClusterSpec settings,
                                                 OffsetStore offsets, MemberIds memberIds, GroupEvents events,
                                                 GroupSnapshot snapshot) {
        ClassicGroupCoordinator coordinator =
                new ClassicGroupCoordinator(sim, groupId, settings, offsets, memberIds, events, snapshot,
                        CoordinatorWarmup.none());
        coordinator.load(snapshot);
        return coordinator;
    }

    private void load(GroupSnapshot snapshot) {
        for (MemberSnapshot persisted : snapshot.members()) {
            ClassicGroupMember member = new ClassicGroupMember(persisted.memberId(), persisted.groupInstanceId(),
                    persisted.clientId(), persisted.sessionTimeoutMs(), persisted.rebalanceTimeoutMs(),
                    persisted.protocols());
            member.setAssignment(persisted.assignment());
            group.add(member, null);
            ctx.rescheduleSession(member);
        }
        group.setAssignedUserData(snapshot.assignedUserData());
        if (group.numMembers() > ctx.settings.groupMaxSize()) {
            rebalance.prepareRebalance(Cause.of(RebalanceTrigger.GROUP_LOADED, null, "loaded group of "
                    + group.numMembers() + " members is over group.max.size " + ctx.settings.groupMaxSize()));
        }
        ctx.outbox.flush();
    }

    /** A classic group answers its requests itself (the dispatch to a consumer group is inside each). */
    @Override
    public boolean answersNow() {
        return true;
    }

    @Override
    public void joinGroup(JoinGroupRequest request, Consumer<JoinGroupResponse> respond) {
        if (refuseIfDead(respond, JoinGroupResponse.error(Errors.NOT_COORDINATOR, request.memberId()))) {
            return;
        }
        if (consumerGroupSide != null && consumerGroupSide.answersNow()) {
            consumerGroupSide.joinGroup(request, respond);
            return;
        }
        join.joinGroup(request, respond);
        ctx.outbox.flush();
    }

    @Override
    public void syncGroup(SyncGroupRequest request, Consumer<SyncGroupResponse> respond) {
        if (refuseIfDead(respond, SyncGroupResponse.error(Errors.NOT_COORDINATOR))) {
            return;
        }
        if (consumerGroupSide != null && consumerGroupSide.answersNow()) {
            consumerGroupSide.syncGroup(request, respond);
            return;
        }
        sync.syncGroup(request, respond);
        ctx.outbox.flush();
    }

    @Override
    public void heartbeat(HeartbeatRequest request, Consumer<HeartbeatResponse> respond) {
        if (refuseIfDead(respond, new HeartbeatResponse(Errors.NOT_COORDINATOR))) {
            return;
        }
        if (consumerGroupSide != null && consumerGroupSide.answersNow()) {
            consumerGroupSide.heartbeat(request, respond);
            return;
        }
        members.heartbeat(request, respond);
        ctx.outbox.flush();
    }

    @Override
    public void leaveGroup(LeaveGroupRequest request, Consumer<LeaveGroupResponse> respond) {
        if (refuseIfDead(respond, new LeaveGroupResponse(Errors.NOT_COORDINATOR))) {
            return;
        }
        if (consumerGroupSide != null && consumerGroupSide.answersNow()) {
            consumerGroupSide.leaveGroup(request, respond);
            return;
        }
        members.leaveGroup(request, respond);
        ctx.outbox.flush();
    }

    @Override
    public void offsetCommit(OffsetCommitRequest request, Consumer<OffsetCommitResponse> respond) {
        if (refuseIfDead(respond, new OffsetCommitResponse(Errors.NOT_COORDINATOR))) {
            return;
        }
        if (consumerGroupSide != null && consumerGroupSide.answersNow()) {
            consumerGroupSide.offsetCommit(request, respond);
            return;
        }
        members.offsetCommit(request, respond);
        ctx.outbox.flush();
    }

    /**
     * The coordinator moved away (GMM onUnloaded): Dead, timers cancelled, parked JoinGroup and
     * SyncGroup answered NOT_COORDINATOR; every later request is answered NOT_COORDINATOR.
     */
    @Override
    public void unload() {
        if (group.isInState(ClassicGroupState.DEAD)) {
            return;
        }
        group.transitionTo(ClassicGroupState.DEAD, Cause.progress("coordinator unloaded"));
        ctx.timers.cancelAll();
        for (ClassicGroupMember member : group.members()) {
            group.completeJoin(member, JoinGroupResponse.error(Errors.NOT_COORDINATOR, member.memberId()));
            group.completeSync(member, SyncGroupResponse.error(Errors.NOT_COORDINATOR));
        }
        ctx.outbox.flush();
    }

    /**
     * From now on {@code consumerGroup} answers the classic requests whenever it is the group's type (a
     * non-empty consumer group; GroupMetadataManager classicGroupJoin and its siblings dispatch on the group's
     * type, docs/kafka-semantics.md §21).
     */
    public void answeredBy(ClassicRequests consumerGroup) {
        this.consumerGroupSide = consumerGroup;
    }

    /**
     * The group converts to a consumer group (GroupMetadataManager convertToConsumerGroup): its members as they
     * are now, with their last assignment, go to the consumer group; parked JoinGroup and SyncGroup requests
     * are answered REBALANCE_IN_PROGRESS (completeAllJoinFutures, completeAllSyncFutures); this classic group
     * ends (its timers cancelled) and the caller starts a new, empty one.
     */
    public GroupSnapshot handOver() {
        GroupSnapshot converted = GroupSnapshot.of(group);
        for (ClassicGroupMember member : group.members()) {
            group.completeJoin(member, JoinGroupResponse.error(Errors.REBALANCE_IN_PROGRESS, member.memberId()));
            group.completeSync(member, SyncGroupResponse.error(Errors.REBALANCE_IN_PROGRESS));
        }
        ctx.timers.cancelAll();
        group.transitionTo(ClassicGroupState.DEAD, Cause.progress("converted to a consumer group"));
        ctx.outbox.flush();
        return converted;
    }

    /**
     * A consumer group of classic members converted back (GroupMetadataManager convertToClassicGroup): the group
     * loaded from {@code converted}, every member's session timer started, and a rebalance prepared.
     */
    public static ClassicGroupCoordinator downgraded(Simulation sim, String groupId, ClusterSpec settings,
                                                     OffsetStore offsets, MemberIds memberIds, GroupEvents events,
                                                     GroupSnapshot converted, Cause cause) {
        ClassicGroupCoordinator coordinator = loaded(sim, groupId, settings, offsets, memberIds, events, converted);
        coordinator.rebalance.prepareRebalance(cause);
        coordinator.ctx.outbox.flush();
        return coordinator;
    }

    /**
     * The new coordinator after a failover, built from this one's last persisted state; it publishes where
     * and in which state the group was loaded.
     */
    @Override
    public ClassicGroupCoordinator loadOn(int broker) {
        ClassicGroupCoordinator loaded = loaded(ctx.sim, group.groupId(), ctx.settings, ctx.offsets, ctx.memberIds,
                ctx.events, snapshot());
        loaded.consumerGroupSide = consumerGroupSide;
        ctx.events.publish(new CoordinatorMoved(broker, loaded.state(), loaded.generationId()));
        return loaded;
    }

    /** The classic coordinator keeps no subscription metadata: the leader reads the partition counts. */
    @Override
    public void partitionsChanged() {
    }

    public ClassicGroupState state() {
        return group.state();
    }

    /** Whether the stored assignment carries user data from the leader's assignor (a user's assignor only). */
    public boolean assignedUserData() {
        return group.assignedUserData();
    }

    public int generationId() {
        return group.generationId();
    }

    /** The leader's member id, or null when the group has no members. */
    public String leaderId() {
        return group.leaderId();
    }

    /** The selected protocol of the current generation, or null. */
    public String protocolName() {
        return group.protocolName();
    }

    /** The current member ids in insertion order (pending MEMBER_ID_REQUIRED ids are not members). */
    public List<String> memberIds() {
        return group.memberIds();
    }

    /** The last persisted state of the group: what {@link #loaded} would start from. */
    public GroupSnapshot snapshot() {
        return ctx.persisted();
    }

    /** When the member's session expires (-1 if no timer is pending): for tests and diagnostics. */
    long sessionDueMs(String memberId) {
        return ctx.timers.sessionDueMs(memberId);
    }

    /** The current member id of a static member, or null: for tests and diagnostics. */
    String staticMemberId(String groupInstanceId) {
        return group.staticMemberId(groupInstanceId);
    }

    private <T> boolean refuseIfDead(Consumer<T> respond, T notCoordinator) {
        if (!group.isInState(ClassicGroupState.DEAD)) {
            return false;
        }
        ctx.send(respond, notCoordinator);
        ctx.outbox.flush();
        return true;
    }

    private void onSessionExpired(String memberId) {
        liveness.sessionExpired(memberId);
    }

    private void onPendingSyncExpired(int generationId) {
        liveness.pendingSyncExpired(generationId);
    }
}
