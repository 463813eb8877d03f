package org.rebalancesim.cluster;

/**
 * Where Kafka puts a group's coordinator: the leader of partition
 * {@code abs(groupId.hashCode()) % offsets.topic.num.partitions} of {@code __consumer_offsets}
 * (GroupCoordinatorService#partitionFor, with Utils.abs mapping Integer.MIN_VALUE to 0).
 */
public final class CoordinatorLocator {

    private CoordinatorLocator() {
    }

    public static int offsetsPartitionFor(String groupId, int offsetsTopicPartitions) {
        return kafkaAbs(groupId.hashCode()) % offsetsTopicPartitions;
    }

    /** Kafka's Utils.abs: {@code Math.abs} would leave Integer.MIN_VALUE negative. */
    static int kafkaAbs(int n) {
        return n == Integer.MIN_VALUE ? 0 : Math.abs(n);
    }

    /**
     * The replicas of an offsets partition, preferred leader first: leaders spread round-robin over
     * the brokers as Kafka's replica placement does, replication factor min(3, brokers)
     * (offsets.topic.replication.factor defaults to 3).
     */
    public static int[] replicasOf(int offsetsPartition, int brokers) {
        int replicationFactor = Math.min(3, brokers);
        int[] replicas = new int[replicationFactor];
        for (int i = 0; i < replicationFactor; i++) {
            replicas[i] = (offsetsPartition + i) % brokers;
        }
        return replicas;
    }
}
