package org.rebalancesim.metrics;

/** One {@code expect:} rule checked against a run. {@code actual} is null when the metric is unknown. */
public record ExpectationResult(String metric, String rule, Number actual, boolean passed) {
}
