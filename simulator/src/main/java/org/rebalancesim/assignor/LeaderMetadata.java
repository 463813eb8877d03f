package org.rebalancesim.assignor;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.Cluster;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.PartitionInfo;
import org.rebalancesim.partition.TopicPartition;

/**
 * The leader's metadata in both types, kept by the assignor of a member that has led a rebalance (the
 * others never make it) while the partition counts hold: Kafka's Cluster, and one of our TopicPartitions
 * per partition, so that Kafka's answer translates without allocating per partition. The partitions are
 * made on first use; they take about a third of the Cluster's own size (which holds a PartitionInfo and a
 * Kafka TopicPartition per partition).
 */
final class LeaderMetadata {

    private final Map<String, Integer> partitionsPerTopic;
    private final Cluster cluster;
    private final Map<String, TopicPartition[]> partitionsByTopic = new HashMap<>();
    private String lastTopic;
    private TopicPartition[] lastPartitions;

    private LeaderMetadata(Map<String, Integer> partitionsPerTopic) {
        this.partitionsPerTopic = Map.copyOf(partitionsPerTopic);
        this.cluster = newCluster(partitionsPerTopic);
    }

    /** {@code kept} if it describes these counts, else new metadata for them. */
    static LeaderMetadata of(LeaderMetadata kept, Map<String, Integer> partitionsPerTopic) {
        return kept != null && kept.partitionsPerTopic.equals(partitionsPerTopic) ? kept
                : new LeaderMetadata(partitionsPerTopic);
    }

    /** Kafka's view: partitions without leaders or racks (immutable). */
    Cluster cluster() {
        return cluster;
    }

    /** Our partition {@code partition} of {@code topic}; null when the metadata has no such partition. */
    TopicPartition partition(String topic, int partition) {
        TopicPartition[] partitions;
        if (topic == lastTopic || topic.equals(lastTopic)) {
            partitions = lastPartitions;
        } else {
            partitions = partitionsByTopic.computeIfAbsent(topic, this::partitionsOf);
            lastTopic = topic;
            lastPartitions = partitions;
        }
        return partition >= 0 && partition < partitions.length ? partitions[partition] : null;
    }

    private TopicPartition[] partitionsOf(String topic) {
        TopicPartition[] partitions = new TopicPartition[partitionsPerTopic.getOrDefault(topic, 0)];
        for (int p = 0; p < partitions.length; p++) {
            partitions[p] = new TopicPartition(topic, p);
        }
        return partitions;
    }

    private static Cluster newCluster(Map<String, Integer> partitionsPerTopic) {
        List<PartitionInfo> partitions = new ArrayList<>();
        Node[] none = new Node[0];
        partitionsPerTopic.forEach((topic, count) -> {
            for (int p = 0; p < count; p++) {
                partitions.add(new PartitionInfo(topic, p, Node.noNode(), none, none));
            }
        });
        return new Cluster("rebalance-sim", List.of(), partitions, Set.of(), Set.of());
    }
}
