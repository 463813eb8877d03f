package org.rebalancesim.coordinator.consumer;

import java.util.HashMap;
import java.util.Map;
import org.rebalancesim.partition.TopicPartition;

/**
 * Which member holds each partition, in its assigned or pending-revocation set: Kafka's partition epochs
 * (ConsumerGroup.currentPartitionEpoch / maybeUpdatePartitionEpoch), where a held partition has the
 * holder's epoch and a free one -1. A partition goes to a new owner only once nobody holds it.
 *
 * <p>Invariant (docs/ARCHITECTURE.md, habit 11): no partition is held by two members; breaking it fails loudly, as
 * Kafka's "Cannot set the epoch of ... because the partition is still owned" does.
 */
final class PartitionOwners {

    private final String groupId;
    private final Map<TopicPartition, String> holders = new HashMap<>();
    /**
     * The member epoch at which each held partition was assigned to its holder (ConsumerGroupMember
     * .assignmentEpoch in 4.4.0): kept across the holder's later epochs, and while pending revocation.
     */
    private final Map<TopicPartition, Integer> assignmentEpochs = new HashMap<>();

    PartitionOwners(String groupId) {
        this.groupId = groupId;
    }

    /** The member id holding {@code partition}, or null when it is free. */
    String holder(TopicPartition partition) {
        return holders.get(partition);
    }

    boolean isHeldByOtherThan(TopicPartition partition, String memberId) {
        String holder = holders.get(partition);
        return holder != null && !holder.equals(memberId);
    }

    /** Replaces what {@code before} held with what {@code after} holds; either may be null. */
    void update(ConsumerGroupMember before, ConsumerGroupMember after) {
        Map<TopicPartition, Integer> keptEpochs = new HashMap<>();
        if (before != null) {
            for (TopicPartition partition : before.ownedPartitions()) {
                if (after != null && after.memberId().equals(before.memberId())) {
                    keptEpochs.put(partition, assignmentEpochs.get(partition));
                }
                assignmentEpochs.remove(partition);
                String holder = holders.get(partition);
                if (!before.memberId().equals(holder)) {
                    throw new IllegalStateException("group " + groupId + ": " + partition + " should be held by "
                            + before.memberId() + " but is held by " + holder);
                }
                holders.remove(partition);
            }
        }
        if (after != null) {
            for (TopicPartition partition : after.ownedPartitions()) {
                String holder = holders.putIfAbsent(partition, after.memberId());
                if (holder != null) {
                    throw new IllegalStateException("group " + groupId + ": cannot give " + partition + " to "
                            + after.memberId() + " at epoch " + after.memberEpoch() + ": still held by " + holder);
                }
                Integer kept = keptEpochs.get(partition);
                assignmentEpochs.put(partition, kept != null ? kept : after.memberEpoch());
            }
        }
    }

    /** The epoch at which {@code memberId} was assigned {@code partition}, or null when it does not hold it. */
    Integer assignmentEpoch(TopicPartition partition, String memberId) {
        return memberId.equals(holders.get(partition)) ? assignmentEpochs.get(partition) : null;
    }

    int size() {
        return holders.size();
    }
}
