/**
 * The Kafka cluster around the group: brokers and their failures, the coordinator's location
 * (docs/kafka-semantics.md §11), the network links between pods and brokers, and the group's
 * coordinator on its broker: {@link org.rebalancesim.cluster.KafkaCluster} hosts one
 * {@link org.rebalancesim.coordinator.GroupCoordinator}, built by the protocol's
 * {@link org.rebalancesim.cluster.CoordinatorFactory}, fails it over and routes every request to it,
 * without knowing which protocol's it is.
 *
 * <p>May depend on {@code engine}, {@code scenario}, {@code events} and {@code coordinator}'s
 * protocol-neutral types (the coordinator interface, error codes, member ids, the offset store). Must
 * not depend on the clients ({@code consumer}), on a protocol, on observers ({@code metrics},
 * {@code invariant}) or on anything that runs or reports.
 */
package org.rebalancesim.cluster;
