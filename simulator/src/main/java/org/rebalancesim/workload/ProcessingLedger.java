package org.rebalancesim.workload;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.rebalancesim.partition.PartitionMap;
import org.rebalancesim.partition.TopicPartition;

/**
 * Which records have been processed, counted per partition as a high-water mark (records are
 * processed in offset order within a partition). Processing below the mark is a duplicate. Also holds
 * the slow records: the slowness belongs to the record, so whoever processes it again is slowed too.
 */
public final class ProcessingLedger {

    private final PartitionMap<Long> processedUpTo = new PartitionMap<>();
    private final Map<TopicPartition, TreeMap<Long, Long>> slowRecords = new HashMap<>();
    private long uniqueProcessed;
    private long totalProcessed;
    private long duplicates;

    /** The first offset no one has processed yet. */
    public long processedUpTo(TopicPartition tp) {
        return processedUpTo.getOrDefault(tp, 0L);
    }

    /** Records that offsets [fromOffset, toOffset) were processed; returns how many were duplicates. */
    public long recordProcessed(TopicPartition tp, long fromOffset, long toOffset) {
        if (toOffset <= fromOffset) {
            return 0;
        }
        long mark = processedUpTo(tp);
        long again = Math.max(0, Math.min(toOffset, mark) - fromOffset);
        long fresh = Math.max(0, toOffset - Math.max(fromOffset, mark));
        processedUpTo.put(tp, Math.max(mark, toOffset));
        uniqueProcessed += fresh;
        totalProcessed += toOffset - fromOffset;
        duplicates += again;
        return again;
    }

    public void markSlow(TopicPartition tp, long offset, long durationMs) {
        slowRecords.computeIfAbsent(tp, k -> new TreeMap<>()).merge(offset, durationMs, Math::max);
    }

    /** The slow records in [fromOffset, toOffset) of a partition: offset → duration. */
    public Map<Long, Long> slowRecordsIn(TopicPartition tp, long fromOffset, long toOffset) {
        TreeMap<Long, Long> slow = slowRecords.get(tp);
        return slow == null || toOffset <= fromOffset ? Map.of() : slow.subMap(fromOffset, toOffset);
    }

    public long uniqueProcessed() {
        return uniqueProcessed;
    }

    public long totalProcessed() {
        return totalProcessed;
    }

    public long duplicates() {
        return duplicates;
    }
}
