package org.rebalancesim.scenario;

/**
 * @param staggerMs  time between the starts of consecutive pods (pod i starts at i * stagger)
 * @param jvmStartMs time from a pod's start to its first request to the cluster
 */
public record StartupSpec(long staggerMs, long jvmStartMs) {
}
