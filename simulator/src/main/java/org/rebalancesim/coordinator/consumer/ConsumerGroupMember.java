package org.rebalancesim.coordinator.consumer;

import java.util.Collection;
import java.util.Collections;
import java.util.SortedSet;
import java.util.TreeSet;
import org.rebalancesim.partition.TopicPartition;

/**
 * One member of a KIP-848 consumer group as the coordinator persists it (Kafka's ConsumerGroupMember):
 * immutable; every change makes a new one.
 *
 * @param instanceId          group.instance.id, null for a dynamic member
 * @param memberEpoch         0 while joining, -2 after a static member's temporary leave
 * @param previousMemberEpoch the epoch before the last epoch update (-1 for a new member): a heartbeat
 *                            carrying it is accepted when its response may have been lost
 * @param rebalanceTimeoutMs  the client's max.poll.interval.ms, -1 until known
 * @param serverAssignor      group.remote.assignor, null for the broker's default
 * @param assigned            the partitions the member may own now
 * @param pendingRevocation   the partitions it must still give up (UNREVOKED_PARTITIONS only)
 */
public record ConsumerGroupMember(String memberId, String instanceId, int memberEpoch, int previousMemberEpoch,
                                  MemberState state, long rebalanceTimeoutMs, SortedSet<String> subscribedTopics,
                                  String serverAssignor, SortedSet<TopicPartition> assigned,
                                  SortedSet<TopicPartition> pendingRevocation) {

    public ConsumerGroupMember {
        subscribedTopics = frozen(subscribedTopics);
        assigned = frozen(assigned);
        pendingRevocation = frozen(pendingRevocation);
    }

    /** A member the coordinator has just created (ConsumerGroupMember.Builder defaults). */
    static ConsumerGroupMember newMember(String memberId, String instanceId) {
        return new ConsumerGroupMember(memberId, instanceId, 0, -1, MemberState.STABLE, -1,
                new TreeSet<>(), null, new TreeSet<>(), new TreeSet<>());
    }

    /** Whether the member owns its target at {@code targetEpoch} (ModernGroupMember.isReconciledTo). */
    public boolean isReconciledTo(int targetEpoch) {
        return state == MemberState.STABLE && memberEpoch == targetEpoch;
    }

    /** What the member holds for the coordinator: assigned plus pending revocation. */
    public SortedSet<TopicPartition> ownedPartitions() {
        SortedSet<TopicPartition> owned = new TreeSet<>(assigned);
        owned.addAll(pendingRevocation);
        return Collections.unmodifiableSortedSet(owned);
    }

    /** The fields a heartbeat may update; a null (or, for the timeout, non-positive) value keeps the old one. */
    ConsumerGroupMember withRequestFields(long requestRebalanceTimeoutMs, Collection<String> topics, String assignor) {
        return new ConsumerGroupMember(memberId, instanceId, memberEpoch, previousMemberEpoch, state,
                requestRebalanceTimeoutMs > 0 ? requestRebalanceTimeoutMs : rebalanceTimeoutMs,
                topics != null ? new TreeSet<>(topics) : subscribedTopics,
                assignor != null ? assignor : serverAssignor, assigned, pendingRevocation);
    }

    /**
     * The member's next assignment state (CurrentAssignmentBuilder's Builder.updateMemberEpoch: the
     * previous epoch becomes the current one, even when the epoch does not change).
     */
    ConsumerGroupMember withAssignment(MemberState newState, int newEpoch, SortedSet<TopicPartition> newAssigned,
                                       SortedSet<TopicPartition> newPendingRevocation) {
        if (newEpoch < memberEpoch) {
            // docs/ARCHITECTURE.md, habit 11: epochs never go back (a member only ever takes a newer target's epoch).
            throw new IllegalStateException("member " + memberId + ": epoch would go back from " + memberEpoch
                    + " to " + newEpoch);
        }
        return new ConsumerGroupMember(memberId, instanceId, newEpoch, memberEpoch, newState, rebalanceTimeoutMs,
                subscribedTopics, serverAssignor, newAssigned, newPendingRevocation);
    }

    /**
     * A static member's temporary leave (GMM consumerGroupStaticMemberGroupLeave): epoch -2, partitions
     * pending revocation dropped, assigned partitions kept for its next incarnation.
     */
    ConsumerGroupMember asStaticLeft() {
        return new ConsumerGroupMember(memberId, instanceId, ConsumerGroupMessages.STATIC_LEAVE_EPOCH,
                previousMemberEpoch, state, rebalanceTimeoutMs, subscribedTopics, serverAssignor, assigned,
                new TreeSet<>());
    }

    /**
     * The new incarnation of a static member that left with -2 (GMM getOrMaybeSubscribeStaticConsumerGroupMember):
     * a copy under the new member id at epoch 0 and previous epoch 0.
     */
    ConsumerGroupMember asReplacement(String newMemberId) {
        return new ConsumerGroupMember(newMemberId, instanceId, 0, 0, state, rebalanceTimeoutMs, subscribedTopics,
                serverAssignor, assigned, pendingRevocation);
    }

    private static <T extends Comparable<T>> SortedSet<T> frozen(SortedSet<T> set) {
        return Collections.unmodifiableSortedSet(new TreeSet<>(set));
    }
}
