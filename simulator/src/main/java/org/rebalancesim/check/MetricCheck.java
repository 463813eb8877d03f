package org.rebalancesim.check;

import org.rebalancesim.metrics.registry.Direction;
import org.rebalancesim.metrics.registry.Metric;
import org.rebalancesim.scenario.Tolerance;

/**
 * One metric of one variant against its baseline.
 *
 * @param baseline   the baseline's value, or its mean over seeds
 * @param actual     this run's value, or the mean over this check's seeds
 * @param worseBy    how much worse than the baseline (negative: better), in the metric's unit
 * @param uncertainty half the width of the one-sided 95% bound on worseBy ({@link SeedStatistic}); 0 when
 *                   neither side has a spread (one run against one run)
 * @param seeds      how many seeds the actual value is the mean of (1 for one run)
 */
public record MetricCheck(String metric, double baseline, double actual, double worseBy, Tolerance tolerance,
                          Outcome outcome, double uncertainty, int seeds) {

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

    /** Compares one run's metric whose direction is not {@link Direction#NEUTRAL}. */
    public static MetricCheck of(String metric, double baseline, double actual, Tolerance tolerance) {
        return of(metric, SeedStatistic.single(baseline), SeedStatistic.single(actual), tolerance);
    }

    /**
     * Compares the means ({@link SeedStatistic}): worse only when even the favourable end of the bound
     * is worse by more than the tolerance, better only when even its unfavourable end is better.
     */
    public static MetricCheck of(String metric, SeedStatistic baseline, SeedStatistic actual, Tolerance tolerance) {
        double change = actual.mean() - baseline.mean();
        double worseBy = Metric.of(metric).direction() == Direction.HIGHER_IS_BETTER ? -change : change;
        double uncertainty = SeedStatistic.boundHalfWidth(baseline, actual);
        Outcome outcome;
        if (worseBy == 0) {
            outcome = Outcome.SAME;
        } else if (worseBy + uncertainty < 0) {
            outcome = Outcome.BETTER;
        } else {
            outcome = worseBy - uncertainty <= tolerance.allowance(baseline.mean()) ? Outcome.WITHIN_TOLERANCE
                    : Outcome.WORSE;
        }
        return new MetricCheck(metric, baseline.mean(), actual.mean(), worseBy, tolerance, outcome, uncertainty,
                actual.n());
    }

    /** The change relative to the baseline in percent, or NaN when the baseline is 0. */
    public double changePercent() {
        return baseline == 0 ? Double.NaN : (actual - baseline) * 100 / Math.abs(baseline);
    }
}
