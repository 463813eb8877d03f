package org.rebalancesim.workload;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.rebalancesim.partition.PartitionMap;
import org.rebalancesim.partition.TopicPartition;

/**
 * Which records have been processed, counted per partition as a high-water mark (records are
 * processed in offset order within a partition). Processing below the mark is a duplicate. Also holds
 * the slow records: a record's own slowness stays, so whoever processes it again is slowed too; an
 * attempt's slowness is taken by the attempt that processes it.
 */
public final class ProcessingLedger {

    /** Per partition, a one-element array: the mark moves in place, without boxing, at every batch. */
    private final PartitionMap<long[]> processedUpTo = new PartitionMap<>();
    private final Map<TopicPartition, TreeMap<Long, Long>> slowRecords = new HashMap<>();
    private final Map<TopicPartition, TreeMap<Long, Long>> slowAttempts = new HashMap<>();
    private long uniqueProcessed;
    private long totalProcessed;
    private long duplicates;

    /** The first offset no one has processed yet. */
    public long processedUpTo(TopicPartition tp) {
        long[] mark = processedUpTo.get(tp);
        return mark == null ? 0 : mark[0];
    }

    /** Records that offsets [fromOffset, toOffset) were processed; returns how many were duplicates. */
    public long recordProcessed(TopicPartition tp, long fromOffset, long toOffset) {
        if (toOffset <= fromOffset) {
            return 0;
        }
        long[] markCell = processedUpTo.computeIfAbsent(tp, k -> new long[1]);
        long mark = markCell[0];
        long again = Math.max(0, Math.min(toOffset, mark) - fromOffset);
        long fresh = Math.max(0, toOffset - Math.max(fromOffset, mark));
        markCell[0] = Math.max(mark, toOffset);
        uniqueProcessed += fresh;
        totalProcessed += toOffset - fromOffset;
        duplicates += again;
        return again;
    }

    public void markSlow(TopicPartition tp, long offset, long durationMs) {
        slowRecords.computeIfAbsent(tp, k -> new TreeMap<>()).merge(offset, durationMs, Math::max);
    }

    /**
     * The record at {@code offset} is slow for the next attempt that processes it only (a slow downstream):
     * {@link #takeSlowRecordsIn} hands it out once.
     */
    public void markSlowAttempt(TopicPartition tp, long offset, long durationMs) {
        slowAttempts.computeIfAbsent(tp, k -> new TreeMap<>()).merge(offset, durationMs, Math::max);
    }

    /** The slow records in [fromOffset, toOffset) of a partition: offset → duration. */
    public Map<Long, Long> slowRecordsIn(TopicPartition tp, long fromOffset, long toOffset) {
        TreeMap<Long, Long> slow = slowRecords.get(tp);
        return slow == null || toOffset <= fromOffset ? Map.of() : slow.subMap(fromOffset, toOffset);
    }

    /**
     * The slow records of an attempt that processes [fromOffset, toOffset): the records' own slowness, and
     * the slowness meant for one attempt, which this attempt takes (the next one finds those records
     * normal). Offset → duration, in offset order.
     */
    public Map<Long, Long> takeSlowRecordsIn(TopicPartition tp, long fromOffset, long toOffset) {
        if (slowRecords.isEmpty() && slowAttempts.isEmpty()) {
            return Map.of(); // the common case, a run without slow records: no lookup per fetched segment
        }
        Map<Long, Long> own = slowRecordsIn(tp, fromOffset, toOffset);
        TreeMap<Long, Long> attempts = slowAttempts.get(tp);
        if (attempts == null || toOffset <= fromOffset || attempts.subMap(fromOffset, toOffset).isEmpty()) {
            return own;
        }
        TreeMap<Long, Long> taken = new TreeMap<>(own);
        Map<Long, Long> mine = attempts.subMap(fromOffset, toOffset);
        mine.forEach((offset, ms) -> taken.merge(offset, ms, Math::max));
        mine.clear();
        return taken;
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
