package org.rebalancesim.coordinator.consumer;

import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.rebalancesim.coordinator.ClassicRequests;
import org.rebalancesim.coordinator.Errors;
import org.rebalancesim.coordinator.MemberIds;
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
import org.rebalancesim.coordinator.OffsetStore;
import org.rebalancesim.coordinator.Protocol;
import org.rebalancesim.events.RemovalReason;
import org.rebalancesim.partition.TopicPartition;

/**
 * Classic members inside a consumer group (Kafka 4.4.0 GroupMetadataManager classicGroupJoinToConsumerGroup,
 * classicGroupSyncToConsumerGroup, classicGroupHeartbeatToConsumerGroup, classicGroupLeaveToConsumerGroup;
 * docs/kafka-semantics.md §21). The server assignor decides for everyone; a classic member's JoinGroup is handled
 * as a heartbeat carrying its subscription and owned partitions, answered at once with its member epoch as the
 * generation and no leader; its SyncGroup brings its assigned partitions (without those it must revoke); its
 * Heartbeat answers REBALANCE_IN_PROGRESS while it has something to catch up, which makes it rejoin; its session
 * timeout is its own session.timeout.ms.
 */
final class ClassicMembers implements ClassicRequests {

    private final ConsumerGroupContext ctx;
    private final ConsumerGroup group;
    private final HeartbeatHandler heartbeats;
    private final OffsetStore offsets;
    private final MemberIds memberIds;
    /** Whether classic members may join (group.consumer.migration.policy is not disabled). */
    private final boolean mayJoin;
    /** The classic members' ClassicMemberMetadata (and client id), by member id. */
    private final SortedMap<String, Metadata> classic = new TreeMap<>();
    private final ReplacementDowngrade replacementDowngrade;

    /** What a classic member joined with: kept to answer it, and to rebuild a classic group from it. */
    record Metadata(long sessionTimeoutMs, String clientId, List<Protocol> protocols) {
    }

    ClassicMembers(ConsumerGroupContext ctx, HeartbeatHandler heartbeats, OffsetStore offsets, MemberIds memberIds,
                   boolean mayJoin, ReplacementDowngrade replacementDowngrade) {
        this.ctx = ctx;
        this.group = ctx.group;
        this.heartbeats = heartbeats;
        this.offsets = offsets;
        this.memberIds = memberIds;
        this.mayJoin = mayJoin;
        this.replacementDowngrade = replacementDowngrade;
    }

    /** A classic member the consumer group took over from the classic group (ConsumerGroup.fromClassicGroup). */
    void adopt(String memberId, Metadata metadata) {
        classic.put(memberId, metadata);
        ctx.timers().scheduleSession(memberId, metadata.sessionTimeoutMs());
    }

    /** Whether the member speaks the classic protocol (ConsumerGroupMember.useClassicProtocol). */
    boolean isClassic(String memberId) {
        return classic.containsKey(memberId) && group.member(memberId) != null;
    }

    /** What the classic member joined with, or null for a consumer-protocol member. */
    Metadata metadata(String memberId) {
        return isClassic(memberId) ? classic.get(memberId) : null;
    }


    /** The non-empty consumer group answers classic requests (an empty one is replaced by a classic group). */
    @Override
    public boolean answersNow() {
        return !group.isDead() && group.size() > 0;
    }

    @Override
    public void joinGroup(JoinGroupRequest request, Consumer<JoinGroupResponse> respond) {
        ctx.outbox.send(respond, join(request));
        ctx.outbox.flush();
    }

    private JoinGroupResponse join(JoinGroupRequest request) {
        if (!mayJoin) {
            // throwIfClassicMemberCannotJoinConsumerGroup (4.4.0): policy disabled.
            return JoinGroupResponse.error(Errors.INCONSISTENT_GROUP_PROTOCOL, request.memberId());
        }
        String memberId = request.memberId();
        if (memberId.isEmpty()) {
            // requiresKnownMemberId: a new dynamic member is given an id to join with.
            memberId = memberIds.nextBare();
            if (request.groupInstanceId() == null) {
                return JoinGroupResponse.error(Errors.MEMBER_ID_REQUIRED, memberId);
            }
        }
        ConsumerGroupMember member = group.member(memberId);
        if (member == null && group.size() >= ctx.settings.maxSize()) {
            return JoinGroupResponse.error(Errors.GROUP_MAX_SIZE_REACHED, memberId);
        }
        ConsumerGroupMember replaced = group.staticMember(request.groupInstanceId());
        boolean downgrade = replaced != null && replacementDowngrade.allows(replaced);
        Protocol subscription = request.protocols().get(0);
        List<TopicPartition> owned = member == null ? List.of() : subscription.ownedPartitions();
        ConsumerGroupMessages.HeartbeatRequest asHeartbeat = new ConsumerGroupMessages.HeartbeatRequest(memberId,
                member == null ? ConsumerGroupMessages.JOIN_EPOCH : member.memberEpoch(), request.groupInstanceId(),
                request.rebalanceTimeoutMs(), subscription.topics(), null, owned);
        ConsumerGroupMessages.HeartbeatResponse answer;
        try {
            answer = heartbeats.handle(asHeartbeat, true);
        } catch (HeartbeatException e) {
            return JoinGroupResponse.error(e.error(), memberId);
        }
        classic.put(memberId, new Metadata(request.sessionTimeoutMs(), request.clientId(), request.protocols()));
        ctx.timers().scheduleSession(memberId, request.sessionTimeoutMs());
        if (downgrade) {
            // Answered as the consumer group answered it; its SyncGroup then meets the classic group's rebalance.
            replacementDowngrade.convert(memberId);
        }
        return new JoinGroupResponse(Errors.NONE, answer.memberEpoch(), subscription.name(), "", memberId, false,
                List.of());
    }

    @Override
    public void syncGroup(SyncGroupRequest request, Consumer<SyncGroupResponse> respond) {
        ConsumerGroupMember member = group.member(request.memberId());
        SyncGroupResponse response;
        if (member == null || !isClassic(member.memberId())) {
            response = SyncGroupResponse.error(Errors.UNKNOWN_MEMBER_ID);
        } else if (request.generationId() != member.memberEpoch()) {
            response = SyncGroupResponse.error(Errors.ILLEGAL_GENERATION);
        } else if (group.assignmentEpoch() > member.memberEpoch() && member.state() != MemberState.UNREVOKED_PARTITIONS) {
            // throwIfRebalanceInProgress (4.4.0): a newer target than the member's epoch; once revoking, the member
            // first finishes that. A group epoch not yet assigned (group.consumer.assignment.interval.ms) is not one.
            response = SyncGroupResponse.error(Errors.REBALANCE_IN_PROGRESS);
        } else {
            ctx.timers().scheduleSession(member.memberId(), classic.get(member.memberId()).sessionTimeoutMs());
            response = new SyncGroupResponse(Errors.NONE, List.copyOf(member.assigned()));
        }
        ctx.outbox.send(respond, response);
        ctx.outbox.flush();
    }

    @Override
    public void heartbeat(HeartbeatRequest request, Consumer<HeartbeatResponse> respond) {
        ConsumerGroupMember member = group.member(request.memberId());
        Errors error;
        if (member == null || !isClassic(member.memberId())) {
            error = Errors.UNKNOWN_MEMBER_ID;
        } else if (request.generationId() != member.memberEpoch()) {
            error = Errors.ILLEGAL_GENERATION;
        } else {
            ctx.timers().scheduleSession(member.memberId(), classic.get(member.memberId()).sessionTimeoutMs());
            error = mustRejoin(member) ? Errors.REBALANCE_IN_PROGRESS : Errors.NONE;
        }
        ctx.outbox.send(respond, new HeartbeatResponse(error));
        ctx.outbox.flush();
    }

    /**
     * classicGroupHeartbeatToConsumerGroup (4.4.0): the member rejoins when the target assignment's epoch went past
     * its epoch (a bumped group epoch whose target is not computed yet does not count), when it must revoke, or
     * when partitions it waits for are free now.
     */
    private boolean mustRejoin(ConsumerGroupMember member) {
        return member.memberEpoch() < group.assignmentEpoch() || member.state() == MemberState.UNREVOKED_PARTITIONS
                || member.state() == MemberState.UNRELEASED_PARTITIONS && !waitingOnUnreleased(member);
    }

    /** ConsumerGroup.waitingOnUnreleasedPartition: some target partition not yet its is still someone else's. */
    private boolean waitingOnUnreleased(ConsumerGroupMember member) {
        for (TopicPartition partition : group.target(member.memberId())) {
            if (!member.assigned().contains(partition) && group.owners().isHeldByOtherThan(partition, member.memberId())) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void leaveGroup(LeaveGroupRequest request, Consumer<LeaveGroupResponse> respond) {
        ConsumerGroupMember member = group.member(request.memberId());
        Errors error = Errors.NONE;
        if (member == null || !isClassic(member.memberId())) {
            error = Errors.UNKNOWN_MEMBER_ID;
        } else {
            ctx.fence(member, RemovalReason.LEAVE);
        }
        ctx.outbox.send(respond, new LeaveGroupResponse(error));
        ctx.outbox.flush();
    }

    /** ConsumerGroup.validateOffsetCommit for a classic member: its generation must be its member epoch. */
    @Override
    public void offsetCommit(OffsetCommitRequest request, Consumer<OffsetCommitResponse> respond) {
        ConsumerGroupMember member = group.member(request.memberId());
        Errors error;
        if (member == null) {
            error = Errors.UNKNOWN_MEMBER_ID;
        } else if (request.generationId() != member.memberEpoch()) {
            error = Errors.ILLEGAL_GENERATION;
        } else {
            offsets.commit(request.offsets());
            error = Errors.NONE;
        }
        ctx.outbox.send(respond, new OffsetCommitResponse(error));
        ctx.outbox.flush();
    }
}
