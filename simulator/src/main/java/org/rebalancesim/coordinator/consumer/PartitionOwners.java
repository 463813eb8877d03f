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
        if (before != null) {
            for (TopicPartition partition : before.ownedPartitions()) {
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
            }
        }
    }

    int size() {
        return holders.size();
    }
}
