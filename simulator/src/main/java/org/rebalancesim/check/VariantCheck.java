package org.rebalancesim.check;

import java.util.List;
import org.rebalancesim.metrics.ExpectationResult;

/**
 * One scenario variant's verdict.
 *
 * @param metrics      the metrics compared with the baseline (empty when there is none)
 * @param expectations the variant's {@code expect:} rules
 */
public record VariantCheck(String scenario, String file, String variant, Status status, List<MetricCheck> metrics,
                           List<ExpectationResult> expectations) {

    public enum Status {
        /** Every rule holds and nothing got worse than its tolerance. */
        PASS,
        /** Like PASS, and at least one metric got better than its baseline. */
        IMPROVED,
        /** No baseline for this variant yet; its expect: rules hold. */
        NEW,
        /** No baseline for this variant, and baselines are required (check --require-baseline): a failure. */
        MISSING,
        /** An expect: rule failed or a metric got worse by more than its tolerance. */
        FAIL
    }

    public VariantCheck {
        metrics = List.copyOf(metrics);
        expectations = List.copyOf(expectations);
    }

    public List<MetricCheck> regressions() {
        return metrics.stream().filter(m -> m.outcome() == MetricCheck.Outcome.WORSE).toList();
    }

    public List<MetricCheck> improvements() {
        return metrics.stream().filter(m -> m.outcome() == MetricCheck.Outcome.BETTER).toList();
    }

    public List<ExpectationResult> failedExpectations() {
        return expectations.stream().filter(e -> !e.passed()).toList();
    }
}
