package org.rebalancesim.calibration;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.workload.ProcessingLedger;

/**
 * A measured run's log end offsets as the load producer reported them (every {@link LoadProducer#REPORT_EVERY_MS}),
 * and from them the group's time behind (docs/metrics.md maxTimeBehindMs): a record's append time is interpolated
 * between the two reports around its offset, as kafka-lag-exporter interpolates its table of offsets and times,
 * so it is off by at most one report interval.
 */
final class ReportedAppendTimes {

    /** Per partition, log end offset → the time it was first reported. */
    private final Map<TopicPartition, TreeMap<Long, Long>> reports = new LinkedHashMap<>();

    /** The producer reported {@code logEnd} for the partition at {@code atMs}. */
    void reported(TopicPartition tp, long atMs, long logEnd) {
        reports.computeIfAbsent(tp, k -> new TreeMap<>()).putIfAbsent(logEnd, atMs);
    }

    /** The largest age at {@code nowMs} of a partition's next record to process, over the consumed partitions. */
    long timeBehindMs(long nowMs, ProcessingLedger ledger, Predicate<String> consumedTopic) {
        long behindMs = 0;
        for (Map.Entry<TopicPartition, TreeMap<Long, Long>> entry : reports.entrySet()) {
            if (consumedTopic.test(entry.getKey().topic())) {
                long appendedMs = appendTime(entry.getValue(), ledger.processedUpTo(entry.getKey()));
                if (appendedMs >= 0) {
                    behindMs = Math.max(behindMs, nowMs - appendedMs);
                }
            }
        }
        return behindMs;
    }

    /**
     * When the record at {@code offset} was appended: between the last report that did not include it and the
     * first that did, in proportion to its place among the records between them; -1 if none reported it yet.
     */
    private static long appendTime(TreeMap<Long, Long> reports, long offset) {
        Map.Entry<Long, Long> after = reports.higherEntry(offset);
        if (after == null) {
            return -1;
        }
        Map.Entry<Long, Long> before = reports.floorEntry(offset);
        if (before == null) {
            return after.getValue();
        }
        double share = (double) (offset + 1 - before.getKey()) / (after.getKey() - before.getKey());
        return before.getValue() + Math.round(share * (after.getValue() - before.getValue()));
    }
}
