package org.rebalancesim.coordinator;

import java.util.List;
import org.rebalancesim.coordinator.Messages.JoinGroupResponse;
import org.rebalancesim.events.Cause;
import org.rebalancesim.events.RemovalReason;

/**
 * Starting and completing a join phase (GMM prepareRebalance, maybeCompleteJoinPhase,
 * tryCompleteInitialRebalanceElseSchedule, completeClassicGroupJoin).
 */
final class Rebalance {

    private final GroupContext ctx;
    private final ClassicGroup group;
    private final SyncPhase sync;

    Rebalance(GroupContext ctx, SyncPhase sync) {
        this.ctx = ctx;
        this.group = ctx.group;
        this.sync = sync;
    }

    /** GMM maybePrepareRebalanceOrCompleteJoin. */
    void maybePrepareRebalanceOrCompleteJoin(Cause cause) {
        if (group.state().canRebalance()) {
            prepareRebalance(cause);
        } else {
            maybeCompleteJoinPhase();
        }
    }

    /**
     * Enters PreparingRebalance. From Empty (a new group) the join waits group.initial.rebalance.delay.ms
     * and never completes early; otherwise the join timer is the rebalance timeout computed now, and the
     * join completes at once if everybody is already parked.
     */
    void prepareRebalance(Cause cause) {
        if (group.isInState(ClassicGroupState.COMPLETING_REBALANCE)) {
            sync.resetAndPropagateAssignmentWithError(Errors.REBALANCE_IN_PROGRESS);
        }
        sync.removeSyncExpiration();
        boolean initial = group.isInState(ClassicGroupState.EMPTY);
        group.transitionTo(ClassicGroupState.PREPARING_REBALANCE, cause);
        if (initial) {
            long delayMs = ctx.settings.groupInitialRebalanceDelayMs();
            long remainingMs = Math.max(group.rebalanceTimeoutMs() - delayMs, 0);
            scheduleInitialJoin(delayMs, remainingMs);
        } else if (group.hasAllMembersJoined()) {
            completeJoin();
        } else {
            scheduleJoinTimeout();
        }
    }

    /** GMM maybeCompleteJoinPhase: only in PreparingRebalance, never in the initial one, once all joined. */
    void maybeCompleteJoinPhase() {
        if (group.isInState(ClassicGroupState.PREPARING_REBALANCE)
                && group.previousState() != ClassicGroupState.EMPTY
                && group.hasAllMembersJoined()) {
            completeJoin();
        }
    }

    private void scheduleJoinTimeout() {
        int generation = group.generationId();
        ctx.timers.scheduleJoin(group.rebalanceTimeoutMs(), () -> {
            if (stillPreparing(generation)) {
                completeJoin();
            }
        });
    }

    /** DJ.scala InitialDelayedJoin: re-armed with min(delay, remaining) while new members keep arriving. */
    private void scheduleInitialJoin(long delayMs, long remainingMs) {
        int generation = group.generationId();
        ctx.timers.scheduleJoin(delayMs, () -> {
            if (stillPreparing(generation)) {
                tryCompleteInitialRebalance(delayMs, remainingMs);
            }
        });
    }

    private void tryCompleteInitialRebalance(long delayMs, long remainingMs) {
        if (group.newMemberAdded() && remainingMs != 0) {
            group.setNewMemberAdded(false);
            long newDelayMs = Math.min(ctx.settings.groupInitialRebalanceDelayMs(), remainingMs);
            long newRemainingMs = Math.max(remainingMs - delayMs, 0);
            scheduleInitialJoin(newDelayMs, newRemainingMs);
        } else {
            completeJoin();
        }
    }

    private boolean stillPreparing(int generation) {
        return group.isInState(ClassicGroupState.PREPARING_REBALANCE) && group.generationId() == generation;
    }

    /**
     * GMM completeClassicGroupJoin: dynamic members that did not rejoin are removed (static ones stay),
     * the leader is kept or re-elected, the generation goes up, every parked JoinGroup is answered, all
     * members become pending-sync and the sync timer starts. If nobody rejoined, wait another round.
     */
    void completeJoin() {
        ctx.timers.cancelJoin();
        for (ClassicGroupMember member : List.copyOf(group.members())) {
            if (!member.isAwaitingJoin() && !member.isStatic()) {
                ctx.removeMember(member, RemovalReason.JOIN_TIMEOUT);
            }
        }
        if (!group.maybeElectNewJoinedLeader() && group.numMembers() > 0) {
            scheduleJoinTimeout();
            return;
        }
        group.initNextGeneration();
        if (group.isInState(ClassicGroupState.EMPTY)) {
            ctx.persist();
            return;
        }
        for (ClassicGroupMember member : group.members()) {
            boolean leader = group.isLeader(member.memberId());
            group.completeJoin(member, new JoinGroupResponse(Errors.NONE, group.generationId(),
                    group.protocolName(), group.leaderId(), member.memberId(), false,
                    leader ? group.leaderView() : List.of()));
            ctx.rescheduleSession(member);
            member.setNew(false);
            group.addPendingSyncMember(member.memberId());
        }
        ctx.schedulePendingSync(group.rebalanceTimeoutMs(), group.generationId());
    }
}
