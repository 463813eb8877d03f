package org.rebalancesim.coordinator.consumer;

import java.util.List;
import java.util.Objects;
import java.util.SortedMap;
import org.rebalancesim.coordinator.Errors;
import org.rebalancesim.coordinator.consumer.ConsumerGroupMessages.HeartbeatRequest;
import org.rebalancesim.coordinator.consumer.ConsumerGroupMessages.HeartbeatResponse;
import org.rebalancesim.events.Cause;
import org.rebalancesim.events.CoordinatorEvents.MemberRemoved;
import org.rebalancesim.events.RebalanceTrigger;
import org.rebalancesim.events.RemovalReason;

/**
 * ConsumerGroupHeartbeat, answered at once (GMM consumerGroupHeartbeat / consumerGroupLeave, Kafka 4.4.0;
 * docs/kafka-semantics.md §10). A regular heartbeat:
 * <ol>
 *   <li>finds or creates the member and validates it ({@link MemberLookup}); nothing changes on an error;</li>
 *   <li>applies the request's fields; the group epoch goes up for a new group, a changed subscription, a
 *       changed preferred server assignor, or changed partition counts of the subscribed topics (checked
 *       then, and at the first heartbeat after {@code metadataChanged()});</li>
 *   <li>computes a new target assignment if one is due ({@link TargetAssignmentStep});</li>
 *   <li>moves the member one step towards its target ({@link MemberReconciliation}), arming its rebalance
 *       timer in UNREVOKED_PARTITIONS, and re-arms its session timer;</li>
 *   <li>answers with the member's epoch, the heartbeat interval, and its partitions when it joined, sent a
 *       full request, or its partitions changed.</li>
 * </ol>
 */
final class HeartbeatHandler {

    private final ConsumerGroupContext ctx;
    private final ConsumerGroup group;

    HeartbeatHandler(ConsumerGroupContext ctx) {
        this.ctx = ctx;
        this.group = ctx.group;
    }

    HeartbeatResponse handle(HeartbeatRequest request) {
        return handle(request, false);
    }

    /**
     * A ConsumerGroupHeartbeat, or ({@code classicJoin}) a classic member's JoinGroup handled as one. A static
     * member may replace one with its instance id that has not left when either of the two speaks the classic
     * protocol (4.4.0 getOrMaybeSubscribeStaticConsumerGroupMember skips throwIfInstanceIdIsUnreleased then).
     */
    HeartbeatResponse handle(HeartbeatRequest request, boolean classicJoin) {
        RequestValidation.check(request, ctx.settings);
        if (request.memberEpoch() == ConsumerGroupMessages.LEAVE_EPOCH
                || request.memberEpoch() == ConsumerGroupMessages.STATIC_LEAVE_EPOCH) {
            return leave(request);
        }
        MemberLookup.Found found = MemberLookup.find(group, request, ctx.settings.maxSize(),
                previous -> classicJoin || ctx.usesClassicProtocol(previous.memberId()));
        // Validated: from here on the group changes.
        ConsumerGroupMember member = found.member();
        if (found.replacedMemberId() != null) {
            replaceStaticMember(found);
        }
        ConsumerGroupMember updated = member.withRequestFields(request.rebalanceTimeoutMs(),
                request.subscribedTopics(), request.serverAssignor());
        boolean newRegex = request.subscribedRegex() != null
                && ctx.regexes.subscribe(member.memberId(), request.subscribedRegex());
        updated = ctx.withResolvedRegex(updated);
        boolean subscriptionChanged = !updated.subscribedTopics().equals(member.subscribedTopics());
        updateMemberAndEpoch(member, updated, subscriptionChanged);
        long nowMs = ctx.sim.nowMs();
        if (ctx.targets.isDue(group, nowMs)) {
            ctx.targets.compute(group, nowMs);
        }
        ConsumerGroupMember reconciled = reconcile(updated, subscriptionChanged, request);
        ctx.timers().scheduleSession(reconciled.memberId(), ctx.settings.sessionTimeoutMs());
        group.refreshState("heartbeat of " + reconciled.memberId());
        ctx.maybeRefreshRegexes(nowMs, newRegex);

        boolean fullRequest = request.rebalanceTimeoutMs() > 0 && request.subscribedTopics() != null
                && request.ownedPartitions() != null;
        boolean sendAssignment = request.memberEpoch() == ConsumerGroupMessages.JOIN_EPOCH || fullRequest
                || !reconciled.assigned().equals(member.assigned());
        return new HeartbeatResponse(Errors.NONE, reconciled.memberId(), reconciled.memberEpoch(),
                ctx.settings.heartbeatIntervalMs(), sendAssignment ? List.copyOf(reconciled.assigned()) : null);
    }

    /** The new incarnation of a static member takes the old one's place: no group epoch bump by itself. */
    private void replaceStaticMember(MemberLookup.Found found) {
        ConsumerGroupMember replacement = found.member();
        ConsumerGroupMember previous = group.member(found.replacedMemberId());
        group.replace(found.replacedMemberId(), replacement);
        if (!previous.memberId().equals(replacement.memberId())) {
            ctx.timers().cancel(previous.memberId());
            ctx.events.publish(MemberRemoved.of(previous.memberId(), previous.instanceId(), RemovalReason.REPLACED));
        }
    }

    private void updateMemberAndEpoch(ConsumerGroupMember member, ConsumerGroupMember updated,
                                      boolean subscriptionChanged) {
        boolean isNew = group.member(member.memberId()) == null;
        // Votes for an assignor change only when this member's choice does (the group's others are as they were).
        boolean assignorVoteChanged = !Objects.equals(member.serverAssignor(), updated.serverAssignor());
        String assignorBefore = assignorVoteChanged ? ctx.targets.preferredAssignor(group.members()) : null;
        if (isNew || !updated.equals(member)) {
            group.put(updated);
        }
        String assignorAfter = assignorVoteChanged ? ctx.targets.preferredAssignor(group.members()) : null;
        String memberId = updated.memberId();
        Cause cause = null;
        if (group.groupEpoch() == 0) {
            cause = Cause.of(RebalanceTrigger.MEMBER_JOINED, memberId, "group created by member " + memberId);
        } else if (subscriptionChanged) {
            cause = isNew ? Cause.of(RebalanceTrigger.MEMBER_JOINED, memberId, "member " + memberId + " joined")
                    : Cause.of(RebalanceTrigger.SUBSCRIPTION_CHANGED, memberId,
                            "member " + memberId + " changed its subscription");
        } else if (assignorVoteChanged && !assignorBefore.equals(assignorAfter)) {
            cause = Cause.of(RebalanceTrigger.ASSIGNOR_CHANGED, memberId,
                    "preferred server assignor changed to " + assignorAfter);
        }
        if (cause != null || group.metadataRefreshRequested()) {
            SortedMap<String, Integer> metadata = ctx.subscriptionMetadataNow();
            if (cause == null && !metadata.equals(group.subscriptionMetadata())) {
                cause = Cause.of(RebalanceTrigger.METADATA_CHANGED, null, "subscription metadata changed: " + metadata);
            }
            group.setSubscriptionMetadata(metadata);
        }
        if (cause != null) {
            group.bumpGroupEpoch(cause);
        }
    }

    /** GMM.maybeReconcile: one step towards the target; the rebalance timer follows UNREVOKED_PARTITIONS. */
    private ConsumerGroupMember reconcile(ConsumerGroupMember member, boolean subscriptionChanged,
                                          HeartbeatRequest request) {
        int targetEpoch = group.assignmentEpoch();
        if (!subscriptionChanged && member.isReconciledTo(targetEpoch)) {
            return member;
        }
        String memberId = member.memberId();
        MemberReconciliation step = new MemberReconciliation(targetEpoch, group.target(memberId),
                ctx.existingTopics(member), subscriptionChanged, request.ownedPartitions(),
                partition -> group.owners().isHeldByOtherThan(partition, memberId));
        ConsumerGroupMember next = step.next(member);
        member.state().checkTransition(group.groupId(), memberId, member.memberEpoch(), next.state(), next.memberEpoch());
        if (!next.equals(member)) {
            group.put(next);
            if (next.state() == MemberState.UNREVOKED_PARTITIONS) {
                ctx.timers().scheduleRebalance(memberId, next.memberEpoch(), next.rebalanceTimeoutMs());
            } else {
                ctx.timers().cancelRebalance(memberId);
            }
        }
        return next;
    }

    /**
     * GMM.consumerGroupLeave: -1 removes the member (epoch bump); -2 from a static member keeps it, with its
     * assigned partitions, at epoch -2 until it returns or its session (not re-armed here) expires.
     */
    private HeartbeatResponse leave(HeartbeatRequest request) {
        ConsumerGroupMember member = MemberLookup.findLeaving(group, request);
        if (request.memberEpoch() == ConsumerGroupMessages.STATIC_LEAVE_EPOCH) {
            group.put(member.asStaticLeft());
            group.refreshState("static member " + member.memberId() + " left temporarily");
        } else {
            ctx.fence(member, RemovalReason.LEAVE);
        }
        return new HeartbeatResponse(Errors.NONE, member.memberId(), request.memberEpoch(),
                ctx.settings.heartbeatIntervalMs(), null);
    }
}
