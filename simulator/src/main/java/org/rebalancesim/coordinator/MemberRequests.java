package org.rebalancesim.coordinator;

import java.util.function.Consumer;
import org.rebalancesim.coordinator.Messages.HeartbeatRequest;
import org.rebalancesim.coordinator.Messages.HeartbeatResponse;
import org.rebalancesim.coordinator.Messages.LeaveGroupRequest;
import org.rebalancesim.coordinator.Messages.LeaveGroupResponse;
import org.rebalancesim.coordinator.Messages.OffsetCommitRequest;
import org.rebalancesim.coordinator.Messages.OffsetCommitResponse;
import org.rebalancesim.events.Cause;
import org.rebalancesim.events.RebalanceTrigger;
import org.rebalancesim.events.RemovalReason;

/** Heartbeat, LeaveGroup and OffsetCommit (GMM classicGroupHeartbeat / classicGroupLeave, CG validateOffsetCommit). */
final class MemberRequests {

    private final GroupContext ctx;
    private final ClassicGroup group;
    private final Rebalance rebalance;

    MemberRequests(GroupContext ctx, Rebalance rebalance) {
        this.ctx = ctx;
        this.group = ctx.group;
        this.rebalance = rebalance;
    }

    /**
     * Unknown or fenced member, or a wrong generation, is refused. PreparingRebalance answers
     * REBALANCE_IN_PROGRESS but still resets the session timer; CompletingRebalance and Stable answer NONE.
     */
    void heartbeat(HeartbeatRequest request, Consumer<HeartbeatResponse> respond) {
        Errors error = group.validateMember(request.memberId(), request.groupInstanceId());
        if (error == Errors.NONE && request.generationId() != group.generationId()) {
            error = Errors.ILLEGAL_GENERATION;
        }
        if (error == Errors.NONE) {
            error = switch (group.state()) {
                case EMPTY -> Errors.UNKNOWN_MEMBER_ID;
                case PREPARING_REBALANCE -> Errors.REBALANCE_IN_PROGRESS;
                case COMPLETING_REBALANCE, STABLE -> Errors.NONE;
                case DEAD -> throw new IllegalStateException("group " + group.groupId() + " is dead");
            };
            if (error != Errors.UNKNOWN_MEMBER_ID) {
                ctx.rescheduleSession(group.member(request.memberId()));
            }
        }
        ctx.send(respond, new HeartbeatResponse(error));
    }

    /**
     * The member is removed at once: a rebalance from Stable or CompletingRebalance, a join completion
     * check in PreparingRebalance. An empty member id with an instance id is an admin removal.
     */
    void leaveGroup(LeaveGroupRequest request, Consumer<LeaveGroupResponse> respond) {
        String memberId = request.memberId();
        String instanceId = request.groupInstanceId();
        String leaving;
        if (memberId.isEmpty()) {
            leaving = instanceId == null ? null : group.staticMemberId(instanceId);
            if (leaving == null) {
                ctx.send(respond, new LeaveGroupResponse(Errors.UNKNOWN_MEMBER_ID));
                return;
            }
        } else if (group.isPendingMember(memberId)) {
            group.removePendingMember(memberId);
            ctx.timers.cancelSession(memberId);
            leaving = null;
        } else {
            Errors error = group.validateMember(memberId, instanceId);
            if (error != Errors.NONE) {
                ctx.send(respond, new LeaveGroupResponse(error));
                return;
            }
            leaving = memberId;
        }
        if (leaving != null) {
            ctx.removeMember(group.member(leaving), RemovalReason.LEAVE);
        }
        String left = leaving != null ? leaving : memberId;
        Cause cause = Cause.of(RebalanceTrigger.MEMBER_LEFT, left, left + " left the group");
        switch (group.state()) {
            case STABLE, COMPLETING_REBALANCE -> rebalance.maybePrepareRebalanceOrCompleteJoin(cause);
            case PREPARING_REBALANCE -> rebalance.maybeCompleteJoinPhase();
            default -> {
            }
        }
        ctx.send(respond, new LeaveGroupResponse(Errors.NONE));
    }

    /**
     * Generation fencing of commits (CG validateOffsetCommit). Accepted commits are stored; in Stable and
     * PreparingRebalance they also reset the member's session timer (OffsetMetadataManager).
     */
    void offsetCommit(OffsetCommitRequest request, Consumer<OffsetCommitResponse> respond) {
        Errors error = validateOffsetCommit(request);
        if (error == Errors.NONE) {
            ctx.offsets.commit(request.offsets());
            ClassicGroupMember member = group.member(request.memberId());
            if (member != null && (group.isInState(ClassicGroupState.STABLE)
                    || group.isInState(ClassicGroupState.PREPARING_REBALANCE))) {
                ctx.rescheduleSession(member);
            }
        }
        ctx.send(respond, new OffsetCommitResponse(error));
    }

    private Errors validateOffsetCommit(OffsetCommitRequest request) {
        boolean groupEmpty = group.isInState(ClassicGroupState.EMPTY);
        if (request.generationId() < 0 && groupEmpty) {
            return Errors.NONE; // a commit from outside group management, allowed while the group is Empty
        }
        if (request.generationId() >= 0 || !request.memberId().isEmpty() || request.groupInstanceId() != null) {
            Errors error = group.validateMember(request.memberId(), request.groupInstanceId());
            if (error != Errors.NONE) {
                return error;
            }
            if (request.generationId() != group.generationId()) {
                return Errors.ILLEGAL_GENERATION;
            }
        } else if (!groupEmpty) {
            return Errors.UNKNOWN_MEMBER_ID;
        }
        return group.isInState(ClassicGroupState.COMPLETING_REBALANCE) ? Errors.REBALANCE_IN_PROGRESS : Errors.NONE;
    }
}
