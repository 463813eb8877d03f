package org.rebalancesim.scenario;

/** One operation of the timeline at a simulated time. */
public record TimelineEvent(long atMs, Operation operation) {
}
