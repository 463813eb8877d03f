package org.rebalancesim.coordinator.streams;

import org.rebalancesim.coordinator.Errors;
import org.rebalancesim.coordinator.consumer.HeartbeatException;
import org.rebalancesim.coordinator.streams.StreamsGroupMessages.HeartbeatRequest;

/**
 * Finds (or creates, on join) the member a StreamsGroupHeartbeat is for, and validates it, without changing the
 * group (GMM getOrCreateDynamicStreamsGroupMember / getOrMaybeCreateStaticStreamsGroupMember,
 * throwIfStreamsGroupMemberEpochIsInvalid, Kafka 4.4.0; docs/kafka-semantics.md §27).
 */
final class StreamsMemberLookup {

    /**
     * @param member           the member before the request's updates (a new one on a first join)
     * @param replacedMemberId the static member the request's member replaces, or null
     */
    record Found(StreamsGroupMember member, String replacedMemberId) {
    }

    private StreamsMemberLookup() {
    }

    /** For a heartbeat with epoch 0 (join) or a positive epoch. */
    static Found find(StreamsGroup group, HeartbeatRequest request, int maxSize) {
        if (group.staticMember(request.instanceId()) == null && group.member(request.memberId()) == null
                && group.size() >= maxSize) {
            throw new HeartbeatException(Errors.GROUP_MAX_SIZE_REACHED,
                    "the group has reached its maximum capacity of " + maxSize + " members");
        }
        return request.instanceId() == null ? dynamicMember(group, request) : staticMember(group, request);
    }

    /** For a leave heartbeat (epoch -1 or -2): no epoch check. */
    static StreamsGroupMember findLeaving(StreamsGroup group, HeartbeatRequest request) {
        if (request.instanceId() == null) {
            StreamsGroupMember member = group.member(request.memberId());
            if (member == null) {
                throw new HeartbeatException(Errors.UNKNOWN_MEMBER_ID, "member " + request.memberId() + " is unknown");
            }
            return member;
        }
        return knownStaticMember(group, request);
    }

    private static Found dynamicMember(StreamsGroup group, HeartbeatRequest request) {
        StreamsGroupMember member = group.member(request.memberId());
        if (member == null) {
            if (request.memberEpoch() != StreamsGroupMessages.JOIN_EPOCH) {
                throw new HeartbeatException(Errors.UNKNOWN_MEMBER_ID, "member " + request.memberId() + " is unknown");
            }
            return new Found(StreamsGroupMember.newMember(request.memberId(), null, request.processId()), null);
        }
        checkEpoch(member, request);
        return new Found(member, null);
    }

    /**
     * A static member joining replaces the previous member with its instance id only if that one left with -2;
     * otherwise UNRELEASED_INSTANCE_ID, whatever the member ids.
     */
    private static Found staticMember(StreamsGroup group, HeartbeatRequest request) {
        if (request.memberEpoch() != StreamsGroupMessages.JOIN_EPOCH) {
            StreamsGroupMember member = knownStaticMember(group, request);
            checkEpoch(member, request);
            return new Found(member, null);
        }
        StreamsGroupMember previous = group.staticMember(request.instanceId());
        if (previous == null) {
            StreamsGroupMember member = group.member(request.memberId());
            return new Found(member != null ? member
                    : StreamsGroupMember.newMember(request.memberId(), request.instanceId(), request.processId()),
                    null);
        }
        if (previous.memberEpoch() != StreamsGroupMessages.STATIC_LEAVE_EPOCH) {
            throw new HeartbeatException(Errors.UNRELEASED_INSTANCE_ID, "instance id " + request.instanceId()
                    + " is still owned by member " + previous.memberId() + " at epoch " + previous.memberEpoch());
        }
        return new Found(previous.asReplacement(request.memberId(), request.processId()), previous.memberId());
    }

    private static StreamsGroupMember knownStaticMember(StreamsGroup group, HeartbeatRequest request) {
        StreamsGroupMember member = group.staticMember(request.instanceId());
        if (member == null) {
            throw new HeartbeatException(Errors.UNKNOWN_MEMBER_ID,
                    "instance id " + request.instanceId() + " is unknown");
        }
        if (!member.memberId().equals(request.memberId())) {
            throw new HeartbeatException(Errors.FENCED_INSTANCE_ID, "static member " + request.memberId()
                    + " with instance id " + request.instanceId() + " was fenced by member " + member.memberId());
        }
        return member;
    }

    /**
     * Epoch 0 always rejoins; a higher epoch is fenced; a lower one passes only when it is the previous epoch and
     * the member owns no more than its assigned tasks (the response carrying the new epoch was lost).
     */
    private static void checkEpoch(StreamsGroupMember member, HeartbeatRequest request) {
        int epoch = request.memberEpoch();
        if (epoch == StreamsGroupMessages.JOIN_EPOCH) {
            return;
        }
        if (epoch > member.memberEpoch()) {
            throw new HeartbeatException(Errors.FENCED_MEMBER_EPOCH, "member " + member.memberId() + " sent epoch "
                    + epoch + ", greater than the coordinator's " + member.memberEpoch());
        }
        if (epoch < member.memberEpoch() && (epoch != member.previousMemberEpoch() || !isSubset(request, member))) {
            throw new HeartbeatException(Errors.FENCED_MEMBER_EPOCH, "member " + member.memberId() + " sent epoch "
                    + epoch + ", smaller than the coordinator's " + member.memberEpoch());
        }
    }

    private static boolean isSubset(HeartbeatRequest request, StreamsGroupMember member) {
        TaskSets owned = request.ownedTasks();
        TaskSets assigned = member.assigned();
        return owned != null && assigned.active().containsAll(owned.active())
                && assigned.standby().containsAll(owned.standby()) && assigned.warmup().containsAll(owned.warmup());
    }
}
