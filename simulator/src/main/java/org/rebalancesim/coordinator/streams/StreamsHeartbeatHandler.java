package org.rebalancesim.coordinator.streams;

import java.util.Map;
import org.rebalancesim.coordinator.Errors;
import org.rebalancesim.coordinator.streams.StreamsGroupMessages.HeartbeatRequest;
import org.rebalancesim.coordinator.streams.StreamsGroupMessages.HeartbeatResponse;
import org.rebalancesim.events.Cause;
import org.rebalancesim.events.CoordinatorEvents.MemberRemoved;
import org.rebalancesim.events.RebalanceTrigger;
import org.rebalancesim.events.RemovalReason;

/**
 * StreamsGroupHeartbeat, answered at once (GMM streamsGroupHeartbeat / streamsGroupLeave, Kafka 4.4.0;
 * docs/kafka-semantics.md §27). A regular heartbeat:
 * <ol>
 *   <li>finds or creates the member and validates it ({@link StreamsMemberLookup}); nothing changes on an
 *       error;</li>
 *   <li>applies the request's fields; the group epoch goes up for a new member, a member's new process id, or a
 *       new topology;</li>
 *   <li>computes a new target assignment if one is due ({@link StreamsTargetStep}; the first one of a group that
 *       was empty waits for its initial-delay timer), else answers ASSIGNMENT_DELAYED;</li>
 *   <li>moves the member one step towards its target ({@link TaskReconciliation}), arming its rebalance timer in
 *       UNREVOKED_TASKS, and re-arms its session timer;</li>
 *   <li>answers with the member's epoch, the heartbeat interval, and its tasks when it joined or they changed.</li>
 * </ol>
 */
final class StreamsHeartbeatHandler {

    private final StreamsGroupCoordinator coordinator;
    private final StreamsGroup group;

    StreamsHeartbeatHandler(StreamsGroupCoordinator coordinator, StreamsGroup group) {
        this.coordinator = coordinator;
        this.group = group;
    }

    HeartbeatResponse handle(HeartbeatRequest request) {
        check(request);
        if (request.memberEpoch() == StreamsGroupMessages.LEAVE_EPOCH
                || request.memberEpoch() == StreamsGroupMessages.STATIC_LEAVE_EPOCH) {
            return leave(request);
        }
        StreamsGroupSettings settings = coordinator.settings();
        StreamsMemberLookup.Found found = StreamsMemberLookup.find(group, request, settings.maxSize());
        // Validated: from here on the group changes.
        StreamsGroupMember member = found.member();
        boolean wasEmpty = group.size() == 0;
        // A static member's new incarnation is compared with the member it replaces.
        String processIdBefore = member.processId();
        if (found.replacedMemberId() != null) {
            processIdBefore = group.member(found.replacedMemberId()).processId();
            replaceStaticMember(found);
        }
        StreamsGroupMember updated = member.withRequestFields(request.rebalanceTimeoutMs(), request.processId(),
                request.taskOffsets());
        updateMemberAndEpoch(member, updated, request, wasEmpty, processIdBefore);
        if (wasEmpty) {
            coordinator.targets().memberJoinedEmptyGroup(group, coordinator::afterTimer);
        }
        boolean delayed = coordinator.targets().maybeUpdate(group);
        StreamsGroupMember reconciled = reconcile(updated, request);
        coordinator.timers().scheduleSession(reconciled.memberId(), settings.sessionTimeoutMs());
        group.refreshState("heartbeat of " + reconciled.memberId());

        boolean sendAssignment = request.memberEpoch() == StreamsGroupMessages.JOIN_EPOCH
                || !reconciled.assigned().equals(member.assigned());
        return new HeartbeatResponse(Errors.NONE, reconciled.memberId(), reconciled.memberEpoch(),
                settings.heartbeatIntervalMs(), sendAssignment ? reconciled.assigned() : null, delayed);
    }

    /** GroupCoordinatorService.throwIfStreamsGroupHeartbeatRequestIsInvalid: only a model bug builds a bad one. */
    private static void check(HeartbeatRequest request) {
        boolean valid = request.memberId() != null && !request.memberId().isEmpty()
                && (request.memberEpoch() != StreamsGroupMessages.JOIN_EPOCH
                        || (request.rebalanceTimeoutMs() > 0 && request.topology() != null
                                && request.processId() != null))
                && (request.memberEpoch() != StreamsGroupMessages.STATIC_LEAVE_EPOCH || request.instanceId() != null)
                && request.memberEpoch() >= StreamsGroupMessages.STATIC_LEAVE_EPOCH;
        if (!valid) {
            throw new IllegalArgumentException("invalid StreamsGroupHeartbeat (INVALID_REQUEST in Kafka): " + request);
        }
    }

    /** The new incarnation of a static member takes the old one's place: no group epoch bump by itself. */
    private void replaceStaticMember(StreamsMemberLookup.Found found) {
        StreamsGroupMember replacement = found.member();
        StreamsGroupMember previous = group.member(found.replacedMemberId());
        group.replace(found.replacedMemberId(), replacement);
        if (!previous.memberId().equals(replacement.memberId())) {
            coordinator.timers().cancel(previous.memberId());
            coordinator.events().publish(MemberRemoved.of(previous.memberId(), previous.instanceId(),
                    RemovalReason.REPLACED));
        }
    }

    /**
     * @param processIdBefore the member's process id before this heartbeat (for a static member's new incarnation,
     *                        the replaced member's): a new one bumps the epoch (hasEpochRelevantMemberConfigChanged)
     */
    private void updateMemberAndEpoch(StreamsGroupMember member, StreamsGroupMember updated, HeartbeatRequest request,
                                      boolean wasEmpty, String processIdBefore) {
        boolean isNew = group.member(member.memberId()) == null;
        if (isNew || !updated.equals(member)) {
            group.put(updated);
        }
        String memberId = updated.memberId();
        Cause cause = null;
        if (request.topology() != null && !request.topology().equals(group.topology())) {
            Map<String, Integer> counts = coordinator.partitionCounts();
            boolean ready = request.topology().sourceTopics().values().stream()
                    .allMatch(topics -> topics.stream().allMatch(counts::containsKey));
            group.setTopology(request.topology(), ready);
            cause = Cause.of(RebalanceTrigger.SUBSCRIPTION_CHANGED, memberId,
                    "member " + memberId + " described the topology");
        }
        if (wasEmpty && isNew) {
            cause = Cause.of(RebalanceTrigger.MEMBER_JOINED, memberId,
                    "member " + memberId + " joined the empty group");
        } else if (isNew) {
            cause = Cause.of(RebalanceTrigger.MEMBER_JOINED, memberId, "member " + memberId + " joined");
        } else if (cause == null && !updated.processId().equals(processIdBefore)) {
            cause = Cause.of(RebalanceTrigger.MEMBER_JOINED, memberId,
                    "member " + memberId + " runs in a new process " + updated.processId());
        }
        if (cause != null) {
            group.bumpGroupEpoch(cause);
        }
    }

    /** One step towards the target; the rebalance timer follows UNREVOKED_TASKS. */
    private StreamsGroupMember reconcile(StreamsGroupMember member, HeartbeatRequest request) {
        int targetEpoch = group.assignmentEpoch();
        if (member.isReconciledTo(targetEpoch)) {
            return member;
        }
        String memberId = member.memberId();
        TaskReconciliation step = new TaskReconciliation(targetEpoch, group.target(memberId), request.ownedTasks(),
                group.holders());
        StreamsGroupMember next = step.next(member);
        member.state().checkTransition(group.groupId(), memberId, member.memberEpoch(), next.state(),
                next.memberEpoch());
        if (!next.equals(member)) {
            group.put(next);
            if (next.state() == StreamsMemberState.UNREVOKED_TASKS) {
                coordinator.timers().scheduleRebalance(memberId, next.memberEpoch(), next.rebalanceTimeoutMs());
            } else {
                coordinator.timers().cancelRebalance(memberId);
            }
        }
        return next;
    }

    /**
     * streamsGroupLeave: -1 removes the member (epoch bump); -2 from a static member keeps it, with its assigned
     * tasks, at epoch -2 until it returns or its session (not re-armed here) expires.
     */
    private HeartbeatResponse leave(HeartbeatRequest request) {
        StreamsGroupMember member = StreamsMemberLookup.findLeaving(group, request);
        if (request.memberEpoch() == StreamsGroupMessages.STATIC_LEAVE_EPOCH) {
            group.put(member.asStaticLeft());
            group.refreshState("static member " + member.memberId() + " left temporarily");
        } else {
            coordinator.fence(member, RemovalReason.LEAVE);
        }
        return new HeartbeatResponse(Errors.NONE, member.memberId(), request.memberEpoch(),
                coordinator.settings().heartbeatIntervalMs(), null, false);
    }
}
