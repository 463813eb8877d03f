package org.rebalancesim.coordinator;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.coordinator.Messages.SyncGroupRequest;
import org.rebalancesim.coordinator.Messages.SyncGroupResponse;
import org.rebalancesim.events.Cause;

/**
 * The sync phase (GMM classicGroupSyncToClassicGroup and helpers): followers park until the leader's
 * SyncGroup brings the assignment, which is stored; then everyone is answered and the group is Stable.
 */
final class SyncPhase {

    private final GroupContext ctx;
    private final ClassicGroup group;

    SyncPhase(GroupContext ctx) {
        this.ctx = ctx;
        this.group = ctx.group;
    }

    void syncGroup(SyncGroupRequest request, Consumer<SyncGroupResponse> respond) {
        Errors error = validate(request);
        if (error != Errors.NONE) {
            ctx.send(respond, SyncGroupResponse.error(error));
            return;
        }
        String memberId = request.memberId();
        switch (group.state()) {
            case PREPARING_REBALANCE -> ctx.send(respond, SyncGroupResponse.error(Errors.REBALANCE_IN_PROGRESS));
            case COMPLETING_REBALANCE -> {
                group.member(memberId).setAwaitingSync(respond);
                removePendingSyncMember(memberId);
                if (group.isLeader(memberId)) {
                    completeSync(memberId, request.assignments(), request.assignedUserData());
                }
            }
            case STABLE -> {
                // Stable: the member gets its current (possibly cached) assignment.
                removePendingSyncMember(memberId);
                ctx.send(respond, new SyncGroupResponse(Errors.NONE, group.member(memberId).assignment()));
            }
            default -> throw new IllegalStateException("group " + group.groupId() + ": SyncGroup in state "
                    + group.state());
        }
    }

    private Errors validate(SyncGroupRequest request) {
        if (group.isInState(ClassicGroupState.EMPTY)) {
            return Errors.UNKNOWN_MEMBER_ID;
        }
        Errors error = group.validateMember(request.memberId(), request.groupInstanceId());
        if (error != Errors.NONE) {
            return error;
        }
        return request.generationId() != group.generationId() ? Errors.ILLEGAL_GENERATION : Errors.NONE;
    }

    /** The leader's assignment: members missing from it get an empty one; store it, answer all, Stable. */
    private void completeSync(String leaderId, Map<String, List<TopicPartition>> assignments, boolean userData) {
        group.setAssignedUserData(userData);
        Map<String, List<TopicPartition>> full = new LinkedHashMap<>();
        for (ClassicGroupMember member : group.members()) {
            List<TopicPartition> assigned = assignments.getOrDefault(member.memberId(), List.of());
            member.setAssignment(assigned);
            full.put(member.memberId(), member.assignment());
        }
        propagateAssignment(Errors.NONE);
        group.transitionTo(ClassicGroupState.STABLE, Cause.progress("assignment of leader " + leaderId + " stored"));
        ctx.persist();
        ClassicEvents.stable(ctx.events, group.generationId(), full);
    }

    /**
     * GMM resetAndPropagateAssignmentWithError: leaving CompletingRebalance clears every assignment and
     * answers every parked SyncGroup with {@code error}.
     */
    void resetAndPropagateAssignmentWithError(Errors error) {
        if (!group.isInState(ClassicGroupState.COMPLETING_REBALANCE)) {
            throw new IllegalStateException("group " + group.groupId() + " must be in COMPLETING_REBALANCE, is in "
                    + group.state());
        }
        group.members().forEach(member -> member.setAssignment(List.of()));
        group.setAssignedUserData(false);
        propagateAssignment(error);
    }

    /** Answers every parked SyncGroup; each answered member's session timer starts again. */
    private void propagateAssignment(Errors error) {
        for (ClassicGroupMember member : group.members()) {
            SyncGroupResponse response = error == Errors.NONE
                    ? new SyncGroupResponse(Errors.NONE, member.assignment()) : SyncGroupResponse.error(error);
            if (group.completeSync(member, response)) {
                ctx.rescheduleSession(member);
            }
        }
    }

    /** GMM removePendingSyncMember: the sync timer is cancelled once every member has synced. */
    private void removePendingSyncMember(String memberId) {
        group.removePendingSyncMember(memberId);
        switch (group.state()) {
            case COMPLETING_REBALANCE, STABLE -> {
                if (group.pendingSyncMembers().isEmpty()) {
                    ctx.timers.cancelSync();
                }
            }
            default -> ctx.timers.cancelSync();
        }
    }

    /** GMM removeSyncExpiration: a new rebalance forgets the pending syncs and their timer. */
    void removeSyncExpiration() {
        group.clearPendingSyncMembers();
        ctx.timers.cancelSync();
    }
}
