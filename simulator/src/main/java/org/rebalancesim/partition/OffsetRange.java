package org.rebalancesim.partition;

/** Offsets [fromOffset, toOffset) of one partition: the records one poll() took from it. */
public record OffsetRange(TopicPartition partition, long fromOffset, long toOffset) {

    public long records() {
        return toOffset - fromOffset;
    }
}
