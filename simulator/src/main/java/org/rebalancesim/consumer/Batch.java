package org.rebalancesim.consumer;

import java.util.List;
import org.rebalancesim.partition.TopicPartition;

/**
 * The records one poll() returned, as offset ranges per partition, and when their processing ends.
 *
 * @param hasSlowRecord whether a slow record is inside (the timeline shows the pod as "slow record")
 */
record Batch(List<Segment> segments, long records, long startMs, long endMs, boolean hasSlowRecord) {

    /** Offsets [fromOffset, toOffset) of one partition. */
    record Segment(TopicPartition partition, long fromOffset, long toOffset) {
        long records() {
            return toOffset - fromOffset;
        }
    }

    Batch extendedBy(long ms) {
        return new Batch(segments, records, startMs, endMs + ms, hasSlowRecord);
    }
}
