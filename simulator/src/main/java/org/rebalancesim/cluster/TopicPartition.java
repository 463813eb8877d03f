package org.rebalancesim.cluster;

/** A partition of a topic, ordered by topic then partition number, printed as Kafka prints it ("orders-3"). */
public record TopicPartition(String topic, int partition) implements Comparable<TopicPartition> {

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
