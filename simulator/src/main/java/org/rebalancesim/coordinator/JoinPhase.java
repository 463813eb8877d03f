package org.rebalancesim.coordinator;

import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import org.rebalancesim.coordinator.Messages.JoinGroupRequest;
import org.rebalancesim.coordinator.Messages.JoinGroupResponse;
import org.rebalancesim.events.Cause;
import org.rebalancesim.events.RebalanceTrigger;
import org.rebalancesim.events.RemovalReason;

/**
 * JoinGroup handling (GMM classicGroupJoinToClassicGroup and the methods it calls): validation, new
 * dynamic members (MEMBER_ID_REQUIRED), new and returning static members, known members rejoining.
 */
final class JoinPhase {

    /** group.classic.new.member.join.timeout (5 minutes, KAFKA-7610): a new member's parked JoinGroup expiry. */
    static final long NEW_MEMBER_JOIN_TIMEOUT_MS = 300_000;

    private final GroupContext ctx;
    private final ClassicGroup group;
    private final Rebalance rebalance;

    JoinPhase(GroupContext ctx, Rebalance rebalance) {
        this.ctx = ctx;
        this.group = ctx.group;
        this.rebalance = rebalance;
    }

    void joinGroup(JoinGroupRequest request, Consumer<JoinGroupResponse> respond) {
        if (request.sessionTimeoutMs() < ctx.settings.groupMinSessionTimeoutMs()
                || request.sessionTimeoutMs() > ctx.settings.groupMaxSessionTimeoutMs()) {
            // GCS joinGroup: bounds checked before the group is looked at.
            ctx.send(respond, JoinGroupResponse.error(Errors.INVALID_SESSION_TIMEOUT, request.memberId()));
            return;
        }
        if (!acceptJoiningMember(request.memberId())) {
            // Kafka also drops an existing member refused here; the model keeps it (see the package notes).
            ctx.send(respond, JoinGroupResponse.error(Errors.GROUP_MAX_SIZE_REACHED, ""));
            return;
        }
        requireSupportedProtocols(request);
        if (request.memberId().isEmpty()) {
            joinNewMember(request, respond);
        } else {
            joinExistingMember(request, respond);
        }
    }

    /** GMM acceptJoiningMember: group.max.size counts parked joiners in PreparingRebalance, else members. */
    private boolean acceptJoiningMember(String memberId) {
        int maxSize = ctx.settings.groupMaxSize();
        ClassicGroupMember member = group.member(memberId);
        return switch (group.state()) {
            case EMPTY, DEAD -> true;
            case PREPARING_REBALANCE -> (member != null && member.isAwaitingJoin()) || group.numAwaitingJoin() < maxSize;
            case COMPLETING_REBALANCE, STABLE -> member != null || group.numMembers() < maxSize;
        };
    }

    /** Kafka answers INCONSISTENT_GROUP_PROTOCOL, which the model has no use for: a scenario error. */
    private void requireSupportedProtocols(JoinGroupRequest request) {
        if (!group.supportsProtocols(request.protocols())) {
            throw new IllegalArgumentException("group " + group.groupId() + ": member " + request.memberId()
                    + " (client " + request.clientId() + ") joins with protocols " + request.protocols()
                    + " that the other members do not all support (INCONSISTENT_GROUP_PROTOCOL)");
        }
    }

    private void joinNewMember(JoinGroupRequest request, Consumer<JoinGroupResponse> respond) {
        String instanceId = request.groupInstanceId();
        String newMemberId = ctx.memberIds.next(instanceId != null ? instanceId : request.clientId());
        if (instanceId != null) {
            String existing = group.staticMemberId(instanceId);
            if (existing != null) {
                replaceStaticMember(request, existing, newMemberId, respond);
            } else {
                addMemberThenRebalanceOrCompleteJoin(request, newMemberId, respond);
            }
            return;
        }
        // KIP-394: the id waits in pendingJoinMembers, expiring after the session timeout.
        group.addPendingMember(newMemberId);
        ctx.rescheduleSession(newMemberId, request.sessionTimeoutMs());
        ctx.sendAfter(ctx.warmup.takeMs(), respond, JoinGroupResponse.error(Errors.MEMBER_ID_REQUIRED, newMemberId));
    }

    private void joinExistingMember(JoinGroupRequest request, Consumer<JoinGroupResponse> respond) {
        String memberId = request.memberId();
        if (group.isPendingMember(memberId)) {
            if (request.groupInstanceId() != null) {
                throw new IllegalStateException("group " + group.groupId() + ": static JoinGroup ("
                        + request.groupInstanceId() + ") for pending member id " + memberId);
            }
            addMemberThenRebalanceOrCompleteJoin(request, memberId, respond);
            return;
        }
        Errors error = group.validateMember(memberId, request.groupInstanceId());
        if (error != Errors.NONE) {
            ctx.send(respond, JoinGroupResponse.error(error, memberId));
            return;
        }
        ClassicGroupMember member = group.member(memberId);
        boolean sameMetadata = member.matches(request.protocols());
        switch (group.state()) {
            case PREPARING_REBALANCE -> update(request, member, respond,
                    Cause.of(RebalanceTrigger.MEMBER_REJOINED, memberId, "member " + memberId + " rejoined"));
            case COMPLETING_REBALANCE -> {
                if (sameMetadata) {
                    // Probably a lost JoinGroup response: the current generation again (leader gets the members).
                    ctx.send(respond, currentGeneration(memberId, group.isLeader(memberId), false));
                } else {
                    update(request, member, respond, rejoinedWithNewMetadata(memberId));
                }
            }
            case STABLE -> {
                if (group.isLeader(memberId)) {
                    // Any JoinGroup from the leader rebalances (it may have seen a metadata change).
                    update(request, member, respond,
                            Cause.of(RebalanceTrigger.LEADER_REJOINED, memberId, "leader " + memberId + " rejoined"));
                } else if (!sameMetadata) {
                    update(request, member, respond, rejoinedWithNewMetadata(memberId));
                } else {
                    ctx.send(respond, currentGeneration(memberId, false, false));
                }
            }
            default -> ctx.send(respond, JoinGroupResponse.error(Errors.UNKNOWN_MEMBER_ID, memberId));
        }
    }

    private static Cause rejoinedWithNewMetadata(String memberId) {
        return Cause.of(RebalanceTrigger.MEMBER_REJOINED, memberId, "member " + memberId + " rejoined with new metadata");
    }

    private void update(JoinGroupRequest request, ClassicGroupMember member, Consumer<JoinGroupResponse> respond,
                        Cause cause) {
        group.updateMember(member, request, respond);
        rebalance.maybePrepareRebalanceOrCompleteJoin(cause);
    }

    /** GMM addMemberThenRebalanceOrCompleteJoin: a new member's session timer is the new-member join timeout. */
    private void addMemberThenRebalanceOrCompleteJoin(JoinGroupRequest request, String memberId,
                                                      Consumer<JoinGroupResponse> respond) {
        ClassicGroupMember member = new ClassicGroupMember(memberId, request.groupInstanceId(), request.clientId(),
                request.sessionTimeoutMs(), request.rebalanceTimeoutMs(), request.protocols());
        member.setNew(true);
        if (group.isInState(ClassicGroupState.PREPARING_REBALANCE)
                && group.previousState() == ClassicGroupState.EMPTY) {
            group.setNewMemberAdded(true);
        }
        group.add(member, respond);
        ctx.rescheduleSession(memberId, NEW_MEMBER_JOIN_TIMEOUT_MS);
        rebalance.maybePrepareRebalanceOrCompleteJoin(
                Cause.of(RebalanceTrigger.MEMBER_JOINED, memberId, "member " + memberId + " joined"));
    }

    /**
     * GMM updateStaticMemberThenRebalanceOrCompleteJoin: a restarted static member takes a new id. Stable
     * with an unchanged protocol: no rebalance, the mapping is persisted and the member gets the current
     * generation (KIP-814: a leader is told to skip the assignment). CompletingRebalance: rebalance.
     * PreparingRebalance: wait for the join like everyone else.
     */
    private void replaceStaticMember(JoinGroupRequest request, String oldMemberId, String newMemberId,
                                     Consumer<JoinGroupResponse> respond) {
        String instanceId = request.groupInstanceId();
        ClassicGroupMember member = group.replaceStaticMember(instanceId, oldMemberId, newMemberId);
        ctx.timers.cancelSession(oldMemberId);
        ctx.events.publish(ClassicEvents.removed(oldMemberId, instanceId, RemovalReason.REPLACED));
        ctx.rescheduleSession(member);
        group.updateMember(member, request, respond);
        switch (group.state()) {
            case STABLE -> {
                if (Objects.equals(group.protocolName(), group.selectProtocol())) {
                    ctx.persist();
                    boolean leader = group.isLeader(newMemberId);
                    group.completeJoin(member, currentGeneration(newMemberId, leader, leader));
                } else {
                    rebalance.maybePrepareRebalanceOrCompleteJoin(Cause.of(RebalanceTrigger.STATIC_MEMBER_REJOINED,
                            newMemberId, "static member " + instanceId + " rejoined with a protocol change"));
                }
            }
            case COMPLETING_REBALANCE -> rebalance.prepareRebalance(Cause.of(RebalanceTrigger.STATIC_MEMBER_REJOINED,
                    newMemberId, "static member " + instanceId + " rejoined during CompletingRebalance"));
            case PREPARING_REBALANCE -> rebalance.maybeCompleteJoinPhase();
            default -> throw new IllegalStateException("group " + group.groupId() + ": static member " + instanceId
                    + " rejoined in state " + group.state());
        }
    }

    private JoinGroupResponse currentGeneration(String memberId, boolean withMembers, boolean skipAssignment) {
        return new JoinGroupResponse(Errors.NONE, group.generationId(), group.protocolName(), group.leaderId(),
                memberId, skipAssignment, withMembers ? group.leaderView() : List.of());
    }
}
