package org.rebalancesim.scenario;

/** @param recordsPerSecond produced records per second, spread evenly over the partitions. */
public record TopicSpec(String name, int partitions, double recordsPerSecond) {
}
