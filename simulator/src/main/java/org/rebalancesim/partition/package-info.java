/**
 * The partition value types every layer shares: {@link org.rebalancesim.partition.TopicPartition}, and
 * the array-backed collections keyed by it ({@link org.rebalancesim.partition.PartitionSet},
 * {@link org.rebalancesim.partition.PartitionMap}, {@link org.rebalancesim.partition.PartitionHolders})
 * that keep per-partition state cheap at 10,000 partitions.
 *
 * <p>Depends on no other package of the project, so the cluster, the coordinators, the events and the
 * observers can all use it without a cycle.
 */
package org.rebalancesim.partition;
