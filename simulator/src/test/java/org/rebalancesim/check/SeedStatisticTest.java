package org.rebalancesim.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.commons.math3.distribution.TDistribution;
import org.junit.jupiter.api.Test;
import org.rebalancesim.scenario.Tolerance;

/** check --seeds: the mean with a one-sided bound, on numbers worked out by hand. */
class SeedStatisticTest {

    @Test
    void noSpreadOnEitherSideIsTheDifferenceAlone() {
        assertEquals(0, SeedStatistic.boundHalfWidth(SeedStatistic.single(3), SeedStatistic.single(4)));
        assertEquals(0, SeedStatistic.boundHalfWidth(new SeedStatistic(3, 0, 20), new SeedStatistic(4, 0, 20)));
        MetricCheck check = MetricCheck.of("rebalances", new SeedStatistic(3, 0, 20), new SeedStatistic(4, 0, 20),
                Tolerance.EXACT);
        assertEquals(MetricCheck.Outcome.WORSE, check.outcome(), "every seed alike: exact, as for one run");
    }

    @Test
    void halfAnEvictionPerRunOverTwentySeedsFailsAgainstNone() {
        // 10 of 20 seeds evict once: mean 0.5, sample sd sqrt(20 * 0.25 / 19); a zero baseline has no spread.
        double sd = Math.sqrt(5.0 / 19);
        SeedStatistic zero = new SeedStatistic(0, 0, 1);
        SeedStatistic now = new SeedStatistic(0.5, sd, 20);
        double expected = new TDistribution(null, 19).inverseCumulativeProbability(0.95) * sd / Math.sqrt(20);
        assertEquals(expected, SeedStatistic.boundHalfWidth(zero, now), 1e-12);
        assertEquals(0.198, expected, 0.001);
        MetricCheck check = MetricCheck.of("evictions", zero, now, Tolerance.EXACT);
        assertEquals(MetricCheck.Outcome.WORSE, check.outcome(), "worse by at least 0.5 - 0.198 > 0");
        assertEquals(20, check.seeds());
    }

    @Test
    void oneEvictionInTwentySeedsIsNotEvidenceOfARegression() {
        // Mean 0.05, sd sqrt(0.05 * 0.95 * 20 / 19) = 0.224, bound 1.729 * 0.224 / sqrt(20) = 0.087 > 0.05.
        SeedStatistic now = new SeedStatistic(0.05, Math.sqrt(0.05 * 0.95 * 20 / 19), 20);
        assertEquals(MetricCheck.Outcome.WITHIN_TOLERANCE,
                MetricCheck.of("evictions", SeedStatistic.single(0), now, Tolerance.EXACT).outcome());
    }

    @Test
    void welchCombinesBothSidesSpreads() {
        // Both sides n = 10, sd 2: s²/n = 0.4 each, df = 0.64 / (0.016 + 0.016) = 18.
        SeedStatistic side = new SeedStatistic(10, 2, 10);
        double expected = new TDistribution(null, 18).inverseCumulativeProbability(0.95) * Math.sqrt(0.8);
        assertEquals(expected, SeedStatistic.boundHalfWidth(side, new SeedStatistic(12, 2, 10)), 1e-12);
        // 12 - 10 = 2 > 1.551: worse with an exact tolerance; within 1 (2 - 1.551 = 0.449 <= 1).
        assertEquals(MetricCheck.Outcome.WORSE,
                MetricCheck.of("stopTheWorldMs", side, new SeedStatistic(12, 2, 10), Tolerance.EXACT).outcome());
        assertEquals(MetricCheck.Outcome.WITHIN_TOLERANCE, MetricCheck.of("stopTheWorldMs", side,
                new SeedStatistic(12, 2, 10), Tolerance.parse("1", true).orElseThrow()).outcome());
    }

    @Test
    void betterOnlyWhenTheWholeBoundIsBetter() {
        SeedStatistic side = new SeedStatistic(10, 2, 10);
        assertEquals(MetricCheck.Outcome.WITHIN_TOLERANCE,
                MetricCheck.of("stopTheWorldMs", side, new SeedStatistic(9, 2, 10), Tolerance.EXACT).outcome());
        assertEquals(MetricCheck.Outcome.BETTER,
                MetricCheck.of("stopTheWorldMs", side, new SeedStatistic(7, 2, 10), Tolerance.EXACT).outcome());
    }
}
