package org.rebalancesim.coordinator.consumer;

import java.util.List;
import java.util.function.Predicate;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.coordinator.Errors;
import org.rebalancesim.coordinator.consumer.ConsumerGroupMessages.HeartbeatRequest;

/**
 * Finds (or creates, on join) the member a heartbeat is for, and validates it, without changing the group
 * (GMM getOrMaybeSubscribeDynamicConsumerGroupMember / getOrMaybeSubscribeStaticConsumerGroupMember,
 * throwIfConsumerGroupIsFull, throwIfConsumerGroupMemberEpochIsInvalid, Kafka 4.4.0).
 */
final class MemberLookup {

    /**
     * The member a heartbeat is for.
     *
     * @param member           the member before the request's updates (a new one on a first join)
     * @param replacedMemberId the static member the request's member replaces, or null
     */
    record Found(ConsumerGroupMember member, String replacedMemberId) {
    }

    private MemberLookup() {
    }

    /**
     * For a heartbeat with epoch 0 (join) or a positive epoch; {@code replaceable}: whether a static member still in
     * the group may be replaced by this join all the same (a classic member on either side, §21).
     */
    static Found find(ConsumerGroup group, HeartbeatRequest request, int maxSize,
                      Predicate<ConsumerGroupMember> replaceable) {
        throwIfGroupIsFull(group, request, maxSize);
        return request.instanceId() == null ? dynamicMember(group, request) : staticMember(group, request, replaceable);
    }

    /** For a leave heartbeat (epoch -1 or -2): no epoch check, as in GMM consumerGroupLeave. */
    static ConsumerGroupMember findLeaving(ConsumerGroup group, HeartbeatRequest request) {
        if (request.instanceId() == null) {
            ConsumerGroupMember member = group.member(request.memberId());
            if (member == null) {
                throw new HeartbeatException(Errors.UNKNOWN_MEMBER_ID, "member " + request.memberId() + " is unknown");
            }
            return member;
        }
        return knownStaticMember(group, request);
    }

    /** group.consumer.max.size: a new member (not a returning static one) is refused when the group is full. */
    private static void throwIfGroupIsFull(ConsumerGroup group, HeartbeatRequest request, int maxSize) {
        if (group.staticMember(request.instanceId()) != null) {
            return;
        }
        if (group.size() >= maxSize && group.member(request.memberId()) == null) {
            throw new HeartbeatException(Errors.GROUP_MAX_SIZE_REACHED,
                    "the group has reached its maximum capacity of " + maxSize + " members");
        }
    }

    private static Found dynamicMember(ConsumerGroup group, HeartbeatRequest request) {
        ConsumerGroupMember member = group.member(request.memberId());
        if (member == null) {
            if (request.memberEpoch() != ConsumerGroupMessages.JOIN_EPOCH) {
                throw new HeartbeatException(Errors.UNKNOWN_MEMBER_ID, "member " + request.memberId() + " is unknown");
            }
            return new Found(ConsumerGroupMember.newMember(request.memberId(), null), null);
        }
        checkEpoch(member, request);
        return new Found(member, null);
    }

    /**
     * A static member joining replaces the previous member with its instance id only if that one left with
     * -2, or is {@code replaceable}; otherwise UNRELEASED_INSTANCE_ID (fatal in the Java client), whatever the
     * member ids. The replacement keeps the previous member's partitions, at epoch 0.
     */
    private static Found staticMember(ConsumerGroup group, HeartbeatRequest request,
                                      Predicate<ConsumerGroupMember> replaceable) {
        if (request.memberEpoch() != ConsumerGroupMessages.JOIN_EPOCH) {
            ConsumerGroupMember member = knownStaticMember(group, request);
            checkEpoch(member, request);
            return new Found(member, null);
        }
        ConsumerGroupMember previous = group.staticMember(request.instanceId());
        if (previous == null) {
            ConsumerGroupMember member = group.member(request.memberId());
            return new Found(member != null ? member
                    : ConsumerGroupMember.newMember(request.memberId(), request.instanceId()), null);
        }
        if (previous.memberEpoch() != ConsumerGroupMessages.STATIC_LEAVE_EPOCH && !replaceable.test(previous)) {
            throw new HeartbeatException(Errors.UNRELEASED_INSTANCE_ID, "instance id " + request.instanceId()
                    + " is still owned by member " + previous.memberId() + " at epoch " + previous.memberEpoch());
        }
        return new Found(previous.asReplacement(request.memberId()), previous.memberId());
    }

    private static ConsumerGroupMember knownStaticMember(ConsumerGroup group, HeartbeatRequest request) {
        ConsumerGroupMember member = group.staticMember(request.instanceId());
        if (member == null) {
            throw new HeartbeatException(Errors.UNKNOWN_MEMBER_ID, "instance id " + request.instanceId() + " is unknown");
        }
        if (!member.memberId().equals(request.memberId())) {
            throw new HeartbeatException(Errors.FENCED_INSTANCE_ID, "static member " + request.memberId()
                    + " with instance id " + request.instanceId() + " was fenced by member " + member.memberId());
        }
        return member;
    }

    /**
     * GMM.throwIfConsumerGroupMemberEpochIsInvalid (4.4.0): epoch 0 always rejoins (KAFKA-19233); a higher
     * epoch is fenced; a lower one only passes when it is the previous epoch and the member owns no more
     * than its assigned partitions (the response carrying the new epoch was lost).
     */
    private static void checkEpoch(ConsumerGroupMember member, HeartbeatRequest request) {
        int epoch = request.memberEpoch();
        if (epoch == ConsumerGroupMessages.JOIN_EPOCH) {
            return;
        }
        if (epoch > member.memberEpoch()) {
            throw new HeartbeatException(Errors.FENCED_MEMBER_EPOCH, "member " + member.memberId() + " sent epoch "
                    + epoch + ", greater than the coordinator's " + member.memberEpoch());
        }
        if (epoch < member.memberEpoch()
                && (epoch != member.previousMemberEpoch() || !isSubset(request.ownedPartitions(), member))) {
            throw new HeartbeatException(Errors.FENCED_MEMBER_EPOCH, "member " + member.memberId() + " sent epoch "
                    + epoch + ", smaller than the coordinator's " + member.memberEpoch());
        }
    }

    /** GMM.isSubset: an owned list that was not sent is not a subset. */
    private static boolean isSubset(List<TopicPartition> owned, ConsumerGroupMember member) {
        return owned != null && member.assigned().containsAll(owned);
    }
}
