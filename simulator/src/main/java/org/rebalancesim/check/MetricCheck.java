package org.rebalancesim.check;

import org.rebalancesim.metrics.registry.Direction;
import org.rebalancesim.metrics.registry.Metric;
import org.rebalancesim.scenario.Tolerance;

/**
 * One metric of one variant against its baseline.
 *
 * @param worseBy how much worse than the baseline (negative: better), in the metric's unit
 */
public record MetricCheck(String metric, double baseline, double actual, double worseBy, Tolerance tolerance,
                          Outcome outcome) {

    public enum Outcome {
        /** Exactly the baseline. */
        SAME,
        /** Worse, but within the tolerance: passes. */
        WITHIN_TOLERANCE,
        /** Worse by more than the tolerance: fails. */
        WORSE,
        /** Better than the baseline: passes and is reported. */
        BETTER
    }

    /** Compares a metric whose direction is not {@link Direction#NEUTRAL}. */
    public static MetricCheck of(String metric, double baseline, double actual, Tolerance tolerance) {
        double change = actual - baseline;
        double worseBy = Metric.of(metric).direction() == Direction.HIGHER_IS_BETTER ? -change : change;
        Outcome outcome;
        if (worseBy == 0) {
            outcome = Outcome.SAME;
        } else if (worseBy < 0) {
            outcome = Outcome.BETTER;
        } else {
            outcome = worseBy <= tolerance.allowance(baseline) ? Outcome.WITHIN_TOLERANCE : Outcome.WORSE;
        }
        return new MetricCheck(metric, baseline, actual, worseBy, tolerance, outcome);
    }

    /** The change relative to the baseline in percent, or NaN when the baseline is 0. */
    public double changePercent() {
        return baseline == 0 ? Double.NaN : (actual - baseline) * 100 / Math.abs(baseline);
    }
}
