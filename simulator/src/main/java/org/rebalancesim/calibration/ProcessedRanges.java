package org.rebalancesim.calibration;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The records a Kafka Streams worker processed, one at a time, gathered into {@code processed} ranges
 * per partition: a range grows while offsets follow each other and is logged when the next offset does
 * not follow, or at {@link #flush} (before each poll, and at close), so the log has a line per poll and
 * partition rather than per record.
 */
final class ProcessedRanges {

    private final WorkerEvents events;
    /** Partition name to its open range, {from, to}. */
    private final Map<String, long[]> open = new LinkedHashMap<>();

    ProcessedRanges(WorkerEvents events) {
        this.events = events;
    }

    synchronized void record(String partition, long offset) {
        long[] range = open.get(partition);
        if (range != null && range[1] == offset) {
            range[1]++;
            return;
        }
        if (range != null) {
            events.processed(partition, range[0], range[1]);
        }
        open.put(partition, new long[] {offset, offset + 1});
    }

    synchronized void flush() {
        open.forEach((partition, range) -> events.processed(partition, range[0], range[1]));
        open.clear();
    }
}
