package org.rebalancesim.coordinator;

import java.util.EnumSet;
import java.util.Set;
import org.rebalancesim.events.GroupState;

/**
 * The classic group's states, what the coordinator does with each request in each of them, and the
 * legal transitions (Kafka's classic/ClassicGroupState; the request handling is GroupMetadataManager's
 * classicGroupJoin, classicGroupSync, classicGroupHeartbeat, classicGroupLeave and
 * ClassicGroup.validateOffsetCommit). Each state lists the states it may be entered from; every change
 * goes through {@link ClassicGroup#transitionTo}, which throws on any other.
 *
 * <p>Every request is first validated against the member (unknown member id: UNKNOWN_MEMBER_ID; a
 * static member's old id: FENCED_INSTANCE_ID) and, except JoinGroup and LeaveGroup, the generation
 * (ILLEGAL_GENERATION). A dynamic member's first JoinGroup, without a member id, always gets
 * MEMBER_ID_REQUIRED and a pending id first (KIP-394). What follows is what a valid request gets.
 *
 * <p>Where this model differs from Kafka: a group becomes Dead only when its coordinator is unloaded
 * (failover), never through offset expiration or deletion, and a Dead group answers NOT_COORDINATOR
 * (the client then looks up the new coordinator) where Kafka answers COORDINATOR_NOT_AVAILABLE;
 * offset fetches and transactional commits are not modelled; a JoinGroup with protocols the group
 * does not support is a scenario error, not INCONSISTENT_GROUP_PROTOCOL.
 */
public enum ClassicGroupState implements GroupState {
    /**
     * No members; the group may still hold offsets. A coordinator that loads a stored group without
     * members starts here.
     *
     * <p>JoinGroup: a new member joins normally. SyncGroup, Heartbeat, LeaveGroup: UNKNOWN_MEMBER_ID
     * (a LeaveGroup with a pending id drops that id). OffsetCommit: accepted only from outside group
     * management (generation -1, no member id), as in Kafka.
     *
     * <p>Leaves to: PREPARING_REBALANCE when a member joins (the join then waits
     * group.initial.rebalance.delay.ms); DEAD on unload. (Kafka also goes to DEAD when the last offsets
     * expire or the group is deleted: not modelled.)
     */
    EMPTY,
    /**
     * Waiting for every member to (re)join.
     *
     * <p>JoinGroup: parked until the join completes (new and known members alike). SyncGroup and
     * Heartbeat: REBALANCE_IN_PROGRESS (a heartbeat still resets the session timer). LeaveGroup: the
     * member is removed, and the join completes if everyone left has joined. OffsetCommit: accepted
     * from the generation that is ending, and resets the session timer.
     *
     * <p>Leaves to: COMPLETING_REBALANCE when the join completes with members (all have joined, or
     * the rebalance timeout or initial delay ran out); EMPTY when it completes with none (the
     * generation still goes up by one); DEAD on unload.
     */
    PREPARING_REBALANCE,
    /**
     * The join completed; waiting for the leader's SyncGroup with the assignment.
     *
     * <p>JoinGroup: the same metadata again (a lost response) gets the current generation back;
     * new metadata, a new member or a returning static member starts a rebalance. SyncGroup: parked
     * until the leader's arrives. Heartbeat: NONE and the session timer is reset (Kafka's
     * ClassicGroupState javadoc says REBALANCE_IN_PROGRESS, but its classicGroupHeartbeat answers
     * NONE, which the model follows). LeaveGroup: the member is removed and a rebalance starts.
     * OffsetCommit: REBALANCE_IN_PROGRESS.
     *
     * <p>Leaves to: STABLE when the leader's SyncGroup stores the assignment (every parked SyncGroup
     * is answered); PREPARING_REBALANCE on a JoinGroup as above, a LeaveGroup, a session timeout or
     * the sync timeout (members that never synced are removed), each parked SyncGroup then answered
     * REBALANCE_IN_PROGRESS; DEAD on unload.
     */
    COMPLETING_REBALANCE,
    /**
     * The assignment was stored and handed out. A coordinator that loads a stored group with members
     * starts here (and rebalances at once if the group is over group.max.size).
     *
     * <p>JoinGroup: from the leader, always a rebalance (it may have seen a metadata change); from a
     * follower with new metadata or a new member, a rebalance; from a follower with the same metadata,
     * the current generation; a returning static member with an unchanged protocol takes its new id
     * without a rebalance (KIP-345, KIP-814). SyncGroup: the member's current assignment. Heartbeat:
     * NONE, the session timer is reset. LeaveGroup: the member is removed and a rebalance starts.
     * OffsetCommit: accepted from the current generation, and resets the session timer.
     *
     * <p>Leaves to: PREPARING_REBALANCE on a JoinGroup as above, a LeaveGroup, a session timeout or
     * the sync timeout of members that never sent SyncGroup; DEAD on unload.
     */
    STABLE,
    /**
     * The coordinator was unloaded (it moved to another broker); final. Every request is answered
     * NOT_COORDINATOR and every parked JoinGroup and SyncGroup too, and the timers are cancelled.
     *
     * <p>Leaves to: nothing (Kafka lists DEAD among DEAD's previous states; the model's unload of a
     * Dead group does nothing).
     */
    DEAD;

    /** The states this one may be entered from: Kafka's ClassicGroupState static initialiser, verbatim. */
    public Set<ClassicGroupState> validPreviousStates() {
        return switch (this) {
            case EMPTY -> EnumSet.of(PREPARING_REBALANCE);
            case PREPARING_REBALANCE -> EnumSet.of(STABLE, COMPLETING_REBALANCE, EMPTY);
            case COMPLETING_REBALANCE -> EnumSet.of(PREPARING_REBALANCE);
            case STABLE -> EnumSet.of(COMPLETING_REBALANCE);
            case DEAD -> EnumSet.allOf(ClassicGroupState.class);
        };
    }

    /** A rebalance may start from this state (ClassicGroup.canRebalance: PreparingRebalance may follow it). */
    public boolean canRebalance() {
        return PREPARING_REBALANCE.validPreviousStates().contains(this);
    }

    /** PreparingRebalance and CompletingRebalance: from the rebalance's start to the stored assignment. */
    @Override
    public boolean isRebalancing() {
        return this == PREPARING_REBALANCE || this == COMPLETING_REBALANCE;
    }

    @Override
    public String epochName() {
        return "generation";
    }
}
