package org.rebalancesim.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.scenario.Variant;

/** Tolerances, medians and verdicts of simulated against measured metrics. */
class ComparisonTest {

    private static final Variant EAGER = SyntheticEvents.variant(MeasuredMetricsTest.EAGER);

    private static VariantResult simulated(Map<String, Number> metrics) {
        return new VariantResult("base", "classic/eager (range)", metrics, Map.of(), List.of(),
                new Series(List.of(), List.of(), List.of(), List.of(), List.of()), 0);
    }

    private static Map<String, Number> metrics(Object... nameValue) {
        Map<String, Number> map = new LinkedHashMap<>();
        for (int i = 0; i < nameValue.length; i += 2) {
            map.put((String) nameValue[i], (Number) nameValue[i + 1]);
        }
        return map;
    }

    private static Comparison.Row row(Comparison comparison, String metric) {
        return comparison.rows().stream().filter(r -> r.metric().equals(metric)).findFirst().orElseThrow();
    }

    @Test
    void timesAllowTenPercentOrOneHeartbeat() {
        // heartbeat.interval.ms is 2000: 10 % of 30000 is more, 10 % of 5000 is less.
        Comparison comparison = Comparison.of(EAGER, simulated(metrics("stopTheWorldMs", 32_500L,
                        "maxStopTheWorldMs", 33_500L, "rebalanceTimeMs", 6900L, "downtimeByCause.rebalance", 7100L)),
                List.of(metrics("stopTheWorldMs", 30_000L, "maxStopTheWorldMs", 30_000L, "rebalanceTimeMs", 5000L,
                        "downtimeByCause.rebalance", 5000L)), Comparison.DEFAULT_TOLERANCE_PCT);
        assertEquals(2000, comparison.heartbeatIntervalMs());
        assertEquals(3000, row(comparison, "stopTheWorldMs").tolerance(), 1e-9);
        assertEquals(Comparison.Verdict.PASS, row(comparison, "stopTheWorldMs").verdict());
        assertEquals(2500, row(comparison, "stopTheWorldMs").difference(), 1e-9);
        assertEquals(Comparison.Verdict.FAIL, row(comparison, "maxStopTheWorldMs").verdict());
        assertEquals(2000, row(comparison, "rebalanceTimeMs").tolerance(), 1e-9);
        assertEquals(Comparison.Verdict.PASS, row(comparison, "rebalanceTimeMs").verdict());
        assertEquals(Comparison.Check.TOLERANCE, row(comparison, "downtimeByCause.rebalance").check());
        assertEquals(Comparison.Verdict.FAIL, row(comparison, "downtimeByCause.rebalance").verdict());
        assertEquals("ms", row(comparison, "downtimeByCause.rebalance").unit());
        assertFalse(comparison.passed());
        assertEquals(List.of("maxStopTheWorldMs", "downtimeByCause.rebalance"),
                comparison.failures().stream().map(Comparison.Row::metric).toList());
    }

    @Test
    void countsAreExactAgainstTheMedianOfTheRuns() {
        Comparison comparison = Comparison.of(EAGER, simulated(metrics("rebalances", 2L, "evictions", 1L,
                        "pollTimeouts", 0L)),
                List.of(metrics("rebalances", 2L, "evictions", 1L, "pollTimeouts", 1L),
                        metrics("rebalances", 3L, "evictions", 1L, "pollTimeouts", 0L),
                        metrics("rebalances", 2L, "evictions", 2L, "pollTimeouts", 0L)), 10);
        Comparison.Row rebalances = row(comparison, "rebalances");
        assertEquals(2, rebalances.median(), 1e-9);
        assertEquals(2, rebalances.low(), 1e-9);
        assertEquals(3, rebalances.high(), 1e-9);
        assertEquals(List.of(2L, 3L, 2L), rebalances.measured());
        assertEquals(Comparison.Check.EXACT, rebalances.check());
        assertEquals(Comparison.Verdict.PASS, rebalances.verdict());
        assertTrue(comparison.passed());
        assertEquals(3, comparison.runs());
    }

    /**
     * Two runs of 2 and 1 rebalances have the median 1.5: a count median halfway between two counts.
     * Once a side has a spread, exact means within half a count, so the simulated 2 (one of the real
     * outcomes) agrees; 3 does not.
     */
    @Test
    void anEvenNumberOfRunsTakesTheMeanOfTheMiddleTwo() {
        Comparison comparison = Comparison.of(EAGER, simulated(metrics("rebalances", 2L)),
                List.of(metrics("rebalances", 2L), metrics("rebalances", 1L)), 10);
        assertEquals(1.5, row(comparison, "rebalances").median(), 1e-9);
        assertEquals(0.5, row(comparison, "rebalances").tolerance(), 1e-9);
        assertEquals(Comparison.Verdict.PASS, row(comparison, "rebalances").verdict());
        Comparison three = Comparison.of(EAGER, simulated(metrics("rebalances", 3L)),
                List.of(metrics("rebalances", 2L), metrics("rebalances", 1L)), 10);
        assertEquals(Comparison.Verdict.FAIL, row(three, "rebalances").verdict());
    }

    private static List<VariantResult> seeds(String metric, long... values) {
        return java.util.Arrays.stream(values).mapToObj(v -> simulated(metrics(metric, v))).toList();
    }

    private static List<Map<String, Number>> runs(String metric, long... values) {
        return java.util.Arrays.stream(values).mapToObj(v -> metrics(metric, v)).toList();
    }

    /** The spread rule: medians within tolerance and, with a spread on both sides, overlapping ranges. */
    @Test
    void timesAgreeWhenTheMediansAreCloseAndTheRangesOverlap() {
        // Tolerance max(10 % of 10000, 2000 heartbeat) = 2000. Simulated 9000..11000, median 10000.
        List<VariantResult> simulated = seeds("stopTheWorldMs", 9000, 10_000, 11_000);
        Comparison.Row overlapping = row(Comparison.of(EAGER, simulated, runs("stopTheWorldMs", 10_500, 12_000, 9_500),
                10), "stopTheWorldMs");
        assertEquals(Boolean.TRUE, overlapping.rangesOverlap());
        assertEquals(Comparison.Verdict.PASS, overlapping.verdict());
        assertEquals(10_000, overlapping.simulatedMedian(), 1e-9);
        assertEquals(9000, overlapping.simulated().low(), 1e-9);
        assertEquals(11_000, overlapping.simulated().high(), 1e-9);
        // Measured 11500..12500, median 11900: within 2000 of 10000, but no simulated seed gets there.
        Comparison.Row apart = row(Comparison.of(EAGER, simulated, runs("stopTheWorldMs", 11_500, 11_900, 12_500), 10),
                "stopTheWorldMs");
        assertEquals(Boolean.FALSE, apart.rangesOverlap());
        assertEquals(Comparison.Verdict.FAIL, apart.verdict());
        // Ranges overlap (one simulated seed up at 11000) and the medians are 2150 apart (tolerance 2000):
        // 31 of the 969 deals of the 19 values put the medians that far apart, p 0.032: a gap, not chance.
        long[] low = LongStream.concat(LongStream.range(0, 15).map(i -> 8000 + 100 * i),
                LongStream.of(11_000)).toArray();
        Comparison.Row far = row(Comparison.of(EAGER, seeds("stopTheWorldMs", low),
                runs("stopTheWorldMs", 10_800, 10_900, 11_000), 10), "stopTheWorldMs");
        assertEquals(Boolean.TRUE, far.rangesOverlap());
        assertEquals(2150, -far.difference(), 1e-9);
        assertEquals(31.0 / 969, far.pValue(), 1e-12);
        assertEquals(Comparison.Verdict.FAIL, far.verdict());
    }

    /**
     * A time that is a heartbeat phase spreads over the interval run to run: three runs may put their median
     * well away from the seeds' without any gap in the model. Undecided, not failed; more runs decide it.
     */
    @Test
    void mediansApartByChanceAreUndecided() {
        // Seeds over 0..9500 ms (median 4750), runs 5500, 7000, 9000 (median 7000): 2250 apart, tolerance 2000,
        // and 42 % of the deals of the 23 values put the medians as far apart.
        long[] phase = LongStream.range(0, 20).map(i -> 500 * i).toArray();
        Comparison comparison = Comparison.of(EAGER, seeds("rebalanceTimeMs", phase),
                runs("rebalanceTimeMs", 5500, 7000, 9000), 10);
        Comparison.Row row = row(comparison, "rebalanceTimeMs");
        assertEquals(Boolean.TRUE, row.rangesOverlap());
        assertTrue(Math.abs(row.difference()) > row.tolerance());
        assertTrue(row.pValue() >= Comparison.UNDECIDED_P, "p " + row.pValue());
        assertEquals(Comparison.Verdict.UNDECIDED, row.verdict());
        assertTrue(comparison.passed(), "undecided does not fail the calibration");
        assertEquals(List.of(row), comparison.withVerdict(Comparison.Verdict.UNDECIDED));
        assertEquals("PASS  base: 0 within tolerance, 1 undecided (rebalanceTimeMs p 0.417: chance explains the gap"
                + " with 3 runs; more runs decide), 0 outside, 0 for information", CalibrationReport.summary(comparison));
        // Within the tolerance the test is not needed.
        Comparison.Row close = row(Comparison.of(EAGER, seeds("rebalanceTimeMs", phase),
                runs("rebalanceTimeMs", 4000, 4500, 4800), 10), "rebalanceTimeMs");
        assertEquals(Comparison.Verdict.PASS, close.verdict());
        assertTrue(Double.isNaN(close.pValue()));
    }

    @Test
    void withoutASpreadOnOneSideTheMediansAloneDecide() {
        Comparison.Row row = row(Comparison.of(EAGER, seeds("stopTheWorldMs", 10_000, 10_000),
                runs("stopTheWorldMs", 11_000, 13_000), 10), "stopTheWorldMs");
        assertEquals(null, row.rangesOverlap(), "one simulated value: there is no simulated range to compare");
        assertEquals(Comparison.Verdict.PASS, row.verdict(), "12000 - 10000 is within 2000");
        assertEquals(2, Comparison.of(EAGER, seeds("stopTheWorldMs", 1, 2), runs("stopTheWorldMs", 1), 10)
                .simulatedSeeds());
    }

    @Test
    void countsWithASpreadAllowHalfACount() {
        // Simulated evictions 0, 0, 1, 1 (median 0.5), measured 1, 1, 1: ranges 0..1 and 1 overlap, |0.5 - 1| = 0.5.
        Comparison.Row row = row(Comparison.of(EAGER, seeds("evictions", 0, 0, 1, 1), runs("evictions", 1, 1, 1), 10),
                "evictions");
        assertEquals(Comparison.Verdict.PASS, row.verdict());
        // Simulated always 0 (no spread), measured 1, 1, 2: the medians 0 and 1 are a count apart.
        Comparison.Row never = row(Comparison.of(EAGER, seeds("evictions", 0, 0, 0), runs("evictions", 1, 1, 2), 10),
                "evictions");
        assertEquals(Comparison.Verdict.FAIL, never.verdict());
    }

    @Test
    void recordsAndLagAreForInformationOnly() {
        Comparison comparison = Comparison.of(EAGER, simulated(metrics("duplicates", 0L, "maxLag", 10L,
                        "recordsProduced", 100L, "finalLag", 0L, "partitionsMoved", 4L)),
                List.of(metrics("duplicates", 50L, "maxLag", 900L, "recordsProduced", 80L, "finalLag", 7L,
                        "partitionsMoved", 2L)), 10);
        for (Comparison.Row row : comparison.rows()) {
            assertEquals(Comparison.Verdict.INFO, row.verdict(), row.metric());
        }
        assertEquals("records", row(comparison, "maxLag").unit());
        assertTrue(comparison.passed());
    }

    @Test
    void partitionsMovedIsExactWithAStickyAssignor() {
        Variant sticky = SyntheticEvents.variant(MeasuredMetricsTest.COOPERATIVE);
        Comparison comparison = Comparison.of(sticky, simulated(metrics("partitionsMoved", 4L)),
                List.of(metrics("partitionsMoved", 2L)), 10);
        assertEquals(Comparison.Check.EXACT, row(comparison, "partitionsMoved").check());
        assertFalse(comparison.passed());
    }

    @Test
    void aMetricOnlyOneSideHasIsNotJudged() {
        Comparison comparison = Comparison.of(EAGER, simulated(metrics("rebalances", 2L, "newMetricMs", 5L)),
                List.of(metrics("rebalances", 2L)), 10);
        Comparison.Row row = row(comparison, "newMetricMs");
        assertEquals(Comparison.Verdict.INFO, row.verdict());
        assertTrue(Double.isNaN(row.median()));
        assertTrue(comparison.passed());
    }
}
