package org.rebalancesim.coordinator;

import java.util.List;
import org.rebalancesim.events.Cause;
import org.rebalancesim.events.RebalanceTrigger;
import org.rebalancesim.events.RemovalReason;

/**
 * What happens when a member stops showing up: session expiry (GMM expireClassicGroupMemberHeartbeat),
 * removal followed by a rebalance or join completion, and the sync timeout (GMM expirePendingSync).
 */
final class Liveness {

    private final GroupContext ctx;
    private final ClassicGroup group;
    private final Rebalance rebalance;

    Liveness(GroupContext ctx, Rebalance rebalance) {
        this.ctx = ctx;
        this.group = ctx.group;
        this.rebalance = rebalance;
    }

    /**
     * The session timer of {@code memberId} fired. A pending id is dropped; a member parked in JoinGroup
     * or SyncGroup is kept (unless new: its first JoinGroup timed out after the new-member join timeout).
     */
    void sessionExpired(String memberId) {
        if (group.isInState(ClassicGroupState.DEAD)) {
            return;
        }
        if (group.isPendingMember(memberId)) {
            removePendingMember(memberId);
            return;
        }
        ClassicGroupMember member = group.member(memberId);
        if (member == null || member.hasSatisfiedHeartbeat()) {
            return;
        }
        if (member.isNew()) {
            removeMemberAndUpdate(member, RemovalReason.NEW_MEMBER_JOIN_TIMEOUT,
                    Cause.of(RebalanceTrigger.NONE, memberId, "join timeout of new member " + memberId));
        } else {
            removeMemberAndUpdate(member, RemovalReason.SESSION_TIMEOUT,
                    Cause.of(RebalanceTrigger.SESSION_TIMEOUT, memberId, "session timeout of " + memberId));
        }
    }

    /** GMM removeMemberAndUpdateClassicGroup (also used for LeaveGroup by the coordinator). */
    void removeMemberAndUpdate(ClassicGroupMember member, RemovalReason removalReason, Cause cause) {
        ctx.removeMember(member, removalReason);
        switch (group.state()) {
            case STABLE, COMPLETING_REBALANCE -> rebalance.maybePrepareRebalanceOrCompleteJoin(cause);
            case PREPARING_REBALANCE -> {
                // Kafka completes here directly when everyone left has joined (not through
                // maybeCompleteJoinPhase, so even during the initial delay).
                if (group.hasAllMembersJoined()) {
                    rebalance.completeJoin();
                }
            }
            default -> {
            }
        }
    }

    /** GMM removePendingMemberAndUpdateClassicGroup: an unused pending id no longer blocks the join. */
    private void removePendingMember(String memberId) {
        group.removePendingMember(memberId);
        ctx.timers.cancelSession(memberId);
        if (group.isInState(ClassicGroupState.PREPARING_REBALANCE) && group.hasAllMembersJoined()) {
            rebalance.completeJoin();
        }
    }

    /**
     * The sync timeout of {@code generationId} fired: in CompletingRebalance or Stable of that generation,
     * every member that never sent SyncGroup (the leader included) is removed and a rebalance starts.
     */
    void pendingSyncExpired(int generationId) {
        if (generationId != group.generationId() || group.pendingSyncMembers().isEmpty()) {
            return;
        }
        if (!group.isInState(ClassicGroupState.COMPLETING_REBALANCE) && !group.isInState(ClassicGroupState.STABLE)) {
            return;
        }
        List<String> expired = List.copyOf(group.pendingSyncMembers());
        for (String memberId : expired) {
            ctx.removeMember(group.member(memberId), RemovalReason.SYNC_TIMEOUT);
        }
        rebalance.prepareRebalance(Cause.of(RebalanceTrigger.SYNC_TIMEOUT, expired.get(0),
                "sync timeout of " + String.join(", ", expired)));
    }
}
