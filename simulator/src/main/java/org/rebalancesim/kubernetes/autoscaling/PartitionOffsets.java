package org.rebalancesim.kubernetes.autoscaling;

/**
 * What KEDA's Kafka scaler reads for one partition at a poll: the log end offset (an OffsetRequest
 * for {@code OffsetNewest}, getProducerOffsets) and the group's committed offset (an OffsetFetch,
 * getConsumerOffsets), which Kafka reports as -1 when the group has none.
 *
 * @param topic           the topic
 * @param partition       the partition number
 * @param latestOffset    the log end offset
 * @param committedOffset the group's committed offset, or {@link #NO_COMMITTED_OFFSET}
 */
public record PartitionOffsets(String topic, int partition, long latestOffset, long committedOffset) {

    /** What an OffsetFetch returns for a partition the group has never committed (KEDA's invalidOffset). */
    public static final long NO_COMMITTED_OFFSET = -1;

    public PartitionOffsets {
        if (topic == null || topic.isEmpty()) {
            throw new IllegalArgumentException("a partition needs a topic");
        }
        if (partition < 0 || latestOffset < 0 || committedOffset < NO_COMMITTED_OFFSET) {
            throw new IllegalArgumentException("bad offsets for " + topic + "-" + partition);
        }
    }

    /** Whether the group has a committed offset for this partition. */
    public boolean hasCommittedOffset() {
        return committedOffset != NO_COMMITTED_OFFSET;
    }
}
