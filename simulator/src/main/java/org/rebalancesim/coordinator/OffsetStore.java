package org.rebalancesim.coordinator;

import java.util.Map;
import org.rebalancesim.partition.PartitionMap;
import org.rebalancesim.partition.TopicPartition;

/**
 * The group's committed offsets, as stored in __consumer_offsets: they survive a coordinator move.
 * Every partition starts with a committed offset of 0 (the group starts at the beginning of the log,
 * so that every produced record is either processed or counted as lag).
 */
public final class OffsetStore {

    /** A lookup per assigned partition per rebalance. */
    private final PartitionMap<Long> committed = new PartitionMap<>();

    public long committed(TopicPartition partition) {
        return committed.getOrDefault(partition, 0L);
    }

    /** Whether the group ever committed an offset for the partition (else the consumer looks its position up). */
    public boolean hasCommitted(TopicPartition partition) {
        return committed.containsKey(partition);
    }

    public void commit(Map<TopicPartition, Long> offsets) {
        offsets.forEach(committed::put);
    }
}
