package org.rebalancesim.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.rebalancesim.scenario.Tolerance;

/** Where "worse" starts: direction per metric, percentage and absolute tolerances, their edges. */
class MetricCheckTest {

    private static Tolerance tolerance(String text, boolean time) {
        return Tolerance.parse(text, time).orElseThrow();
    }

    private static MetricCheck.Outcome outcome(String metric, double baseline, double actual, String tolerance) {
        return MetricCheck.of(metric, baseline, actual, tolerance(tolerance, metric.endsWith("Ms"))).outcome();
    }

    @Test
    void aTimeThatGrowsByExactlyTheToleranceStillPasses() {
        assertEquals(MetricCheck.Outcome.WITHIN_TOLERANCE, outcome("stopTheWorldMs", 1000, 1050, "5%"));
        assertEquals(MetricCheck.Outcome.WORSE, outcome("stopTheWorldMs", 1000, 1051, "5%"));
    }

    @Test
    void theDefaultIsExactBecauseTheSimulatorIsDeterministic() {
        assertEquals(MetricCheck.Outcome.SAME, MetricCheck.of("rebalances", 3, 3, Tolerance.EXACT).outcome());
        assertEquals(MetricCheck.Outcome.WORSE, MetricCheck.of("rebalances", 3, 4, Tolerance.EXACT).outcome());
    }

    @Test
    void fewerRecordsProcessedIsWorseAndMoreIsBetter() {
        assertEquals(MetricCheck.Outcome.WITHIN_TOLERANCE, outcome("recordsProcessedUnique", 1000, 950, "5%"));
        assertEquals(MetricCheck.Outcome.WORSE, outcome("recordsProcessedUnique", 1000, 949, "5%"));
        assertEquals(MetricCheck.Outcome.BETTER, outcome("recordsProcessedUnique", 1000, 1001, "0%"));
    }

    @Test
    void lessOfATimeIsBetter() {
        assertEquals(MetricCheck.Outcome.BETTER, outcome("partitionDowntimeMs", 1000, 999, "0%"));
    }

    @Test
    void anAbsoluteToleranceIsInTheMetricsUnit() {
        assertEquals(MetricCheck.Outcome.WITHIN_TOLERANCE, outcome("rebalanceTimeMs", 1000, 3000, "2s"));
        assertEquals(MetricCheck.Outcome.WORSE, outcome("rebalanceTimeMs", 1000, 3001, "2s"));
        assertEquals(MetricCheck.Outcome.WITHIN_TOLERANCE, outcome("maxLag", 500, 600, "100"));
        assertEquals(MetricCheck.Outcome.WORSE, outcome("maxLag", 500, 601, "100"));
    }

    @Test
    void fromZeroAPercentageAllowsNothing() {
        assertEquals(MetricCheck.Outcome.WORSE, outcome("evictions", 0, 1, "50%"));
        assertEquals(Double.NaN, MetricCheck.of("evictions", 0, 1, Tolerance.EXACT).changePercent());
    }
}
