package org.rebalancesim.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The median and range of a metric over seeds, and the typical run, on numbers worked out by hand. */
class SpreadTest {

    @Test
    void fewValuesGiveTheMedianAndMinToMax() {
        Spread spread = Spread.of(new double[] {7, 1, 3, 10, 4});
        assertEquals(5, spread.n());
        assertEquals(4, spread.median());
        assertEquals(1, spread.low());
        assertEquals(10, spread.high());
        assertEquals(5, spread.mean());
        // Sample variance: (4 + 16 + 4 + 25 + 1) / 4 = 12.5.
        assertEquals(Math.sqrt(12.5), spread.standardDeviation(), 1e-12);
        assertEquals(Spread.Range.MIN_MAX, spread.range());
    }

    @Test
    void anEvenCountHasTheMeanOfTheMiddleTwoAsMedian() {
        Spread spread = Spread.of(new double[] {0, 1, 0, 1});
        assertEquals(0.5, spread.median());
        assertEquals(0, spread.low());
        assertEquals(1, spread.high());
    }

    @Test
    void twentyValuesGiveTheFifthToTheNinetyFifthPercentile() {
        double[] values = new double[20];
        for (int i = 0; i < 20; i++) {
            values[i] = 20 - i;
        }
        Spread spread = Spread.of(values);
        assertEquals(Spread.Range.P5_P95, spread.range());
        // R_7: position 1 + (n - 1) p, linear between the neighbours: 1.95 and 19.05 of 1..20.
        assertEquals(1.95, spread.low(), 1e-12);
        assertEquals(19.05, spread.high(), 1e-12);
        assertEquals(10.5, spread.median(), 1e-12);
        assertEquals(Spread.Range.MIN_MAX, Spread.rangeFor(19));
    }

    @Test
    void oneValueHasNoSpread() {
        Spread spread = Spread.of(new double[] {42});
        assertEquals(42, spread.low());
        assertEquals(42, spread.high());
        assertEquals(0, spread.standardDeviation());
        assertThrows(IllegalArgumentException.class, () -> Spread.of(new double[0]));
    }

    @Test
    void rangesOverlapWhenTheyShareAValue() {
        Spread a = Spread.of(new double[] {1, 5});
        assertTrue(a.overlaps(Spread.of(new double[] {5, 9})), "touching ends share 5");
        assertTrue(a.overlaps(Spread.of(new double[] {2, 3})));
        assertFalse(a.overlaps(Spread.of(new double[] {6, 9})));
        assertFalse(Spread.of(new double[] {6, 9}).overlaps(a));
    }

    @Test
    void theTypicalRunIsTheOneRankedNearestTheMiddle() {
        // Three runs; run 1 (seed 11) is the median of both metrics, runs 0 and 2 are extremes.
        List<VariantResult> runs = List.of(result(Map.of("stopTheWorldMs", 10L, "evictions", 0L)),
                result(Map.of("stopTheWorldMs", 20L, "evictions", 1L)),
                result(Map.of("stopTheWorldMs", 30L, "evictions", 2L)));
        assertEquals(1, TypicalRun.index(runs));
        // Ties share their mean rank: 0, 0, 1 rank 1.5, 1.5, 3.
        assertEquals(List.of(1.5, 1.5, 3.0), toList(TypicalRun.ranks(List.of(result(Map.of("evictions", 0L)),
                result(Map.of("evictions", 0L)), result(Map.of("evictions", 1L))), "evictions")));
        // Neutral metrics do not count, and a tie goes to the lowest seed.
        assertEquals(0, TypicalRun.index(List.of(result(Map.of("recordsProduced", 5L)),
                result(Map.of("recordsProduced", 6L)))));
    }

    @Test
    void seedRunsNumberTheirSeedsFromTheFirst() {
        SeedRuns runs = new SeedRuns(11, List.of(run(11, 10L), run(12, 30L), run(13, 20L)));
        assertEquals(List.of(11L, 12L, 13L), runs.seeds());
        assertEquals(20, runs.spread(0, "stopTheWorldMs").median());
        assertEquals(2, runs.typicalRuns().get(0));
        assertEquals(13, runs.seeds().get(runs.typicalRuns().get(0)));
        assertThrows(IllegalArgumentException.class, () -> new SeedRuns(11, List.of(run(12, 1L))));
    }

    private static RunResult run(long seed, long stopTheWorldMs) {
        return new RunResult("s", "s.yaml", seed, "0", "sha", List.of(result(Map.of("stopTheWorldMs", stopTheWorldMs))));
    }

    static VariantResult result(Map<String, Number> metrics) {
        return new VariantResult("v", "classic/eager (range)", metrics, Map.of(), List.of(),
                new Series(List.of(), List.of(), List.of(), List.of(), List.of()), 0);
    }

    private static List<Double> toList(double[] values) {
        List<Double> list = new ArrayList<>();
        for (double value : values) {
            list.add(value);
        }
        return list;
    }
}
