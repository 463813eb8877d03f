package org.rebalancesim.consumer;

import java.util.List;
import org.rebalancesim.partition.OffsetRange;

/**
 * The records one poll() returned, as offset ranges per partition, and when their processing ends.
 *
 * @param hasSlowRecord whether a slow record is inside (the timeline shows the pod as "slow record")
 */
record Batch(List<OffsetRange> segments, long records, long startMs, long endMs, boolean hasSlowRecord) {

    Batch extendedBy(long ms) {
        return new Batch(segments, records, startMs, endMs + ms, hasSlowRecord);
    }
}
