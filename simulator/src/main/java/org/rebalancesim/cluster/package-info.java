/**
 * The Kafka cluster around the group: brokers and their failures, the coordinator's location
 * (docs/kafka-semantics.md §11), the network links between pods and brokers, and the partition value
 * types ({@link org.rebalancesim.partition.TopicPartition}, {@link org.rebalancesim.partition.PartitionSet},
 * {@link org.rebalancesim.partition.PartitionMap}) every layer above uses.
 *
 * <p>May depend on {@code engine} and {@code scenario}. Must not depend on the clients
 * ({@code consumer}), on observers ({@code metrics}, {@code invariant}) or on anything that runs or
 * reports. Today {@code KafkaCluster} also creates the group coordinators and routes requests to
 * them, a cycle with {@code coordinator} and {@code coordinator.consumer} (docs/ARCHITECTURE.md,
 * "Packages").
 */
package org.rebalancesim.cluster;
