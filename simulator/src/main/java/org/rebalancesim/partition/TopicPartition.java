package org.rebalancesim.partition;

/**
 * A partition of a topic, ordered by topic then partition number, printed as Kafka prints it ("orders-3").
 *
 * <p>A value class rather than a record only to keep its hash: partitions are hash keys of the recorder,
 * the invariant checks and the offset store, looked up several times per partition per rebalance, and a
 * record would combine the topic's hash anew at every lookup.
 */
public final class TopicPartition implements Comparable<TopicPartition> {

    private final String topic;
    private final int partition;
    private final int hash;

    public TopicPartition(String topic, int partition) {
        this.topic = java.util.Objects.requireNonNull(topic, "topic");
        this.partition = partition;
        this.hash = 31 * topic.hashCode() + partition;
    }

    public String topic() {
        return topic;
    }

    public int partition() {
        return partition;
    }

    @Override
    public boolean equals(Object other) {
        if (this == other) {
            return true;
        }
        return other instanceof TopicPartition that && hash == that.hash && partition == that.partition
                && topic.equals(that.topic);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public int compareTo(TopicPartition other) {
        int byTopic = topic.compareTo(other.topic);
        return byTopic != 0 ? byTopic : Integer.compare(partition, other.partition);
    }

    @Override
    public String toString() {
        return topic + "-" + partition;
    }
}
