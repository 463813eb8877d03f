package org.rebalancesim.metrics;

import java.util.List;
import java.util.Map;

/**
 * One variant's outcome.
 *
 * @param protocol      e.g. "classic/eager (range)"
 * @param metrics       the group metrics of docs/metrics.md, by name, in the registry's report order ({@code Metric})
 * @param members       per pod, Kafka's consumer rebalance metrics by their Kafka names
 * @param expectations  the variant's {@code expect:} rules with their outcome
 * @param series        time series for charts
 * @param eventsSimulated how many events the loop ran (a cost figure, not a metric)
 */
public record VariantResult(String name, String protocol, Map<String, Number> metrics,
                            Map<String, Map<String, Number>> members, List<ExpectationResult> expectations,
                            Series series, long eventsSimulated) {

    public VariantResult {
        metrics = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(metrics));
        members = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(members));
        expectations = List.copyOf(expectations);
    }

    public boolean allExpectationsPassed() {
        return expectations.stream().allMatch(ExpectationResult::passed);
    }
}
