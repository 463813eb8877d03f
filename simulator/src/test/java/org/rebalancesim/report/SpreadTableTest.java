package org.rebalancesim.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.SeedRuns;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/** The multi-seed table: median (range) per cell, best by median, and the overlap footnote. */
class SpreadTableTest {

    /** Two variants over three seeds, each seed's stopTheWorldMs of a and of b. */
    private static SeedRuns runs(long[] a, long[] b) {
        List<RunResult> runs = new ArrayList<>();
        for (int s = 0; s < a.length; s++) {
            runs.add(new RunResult("x", "x.yaml", 1 + s, "0", "sha", List.of(variant("a", a[s]), variant("b", b[s]))));
        }
        return new SeedRuns(1, runs);
    }

    private static VariantResult variant(String name, long stopTheWorldMs) {
        return new VariantResult(name, "classic/eager (range)", Map.of("stopTheWorldMs", stopTheWorldMs), Map.of(),
                List.of(), new Series(List.of(), List.of(), List.of(), List.of(), List.of()), 0);
    }

    @Test
    void separatedRangesMarkTheBestMedianAlone() {
        SpreadTable.Row row = SpreadTable.rows(runs(new long[] {10, 20, 30}, new long[] {40, 50, 60})).get(0);
        assertEquals(List.of("20 (10..30)", "50 (40..60)"), row.cells());
        assertEquals(List.of(true, false), row.best());
        assertFalse(row.rangesOverlap());
    }

    @Test
    void overlappingRangesAreSaidToGiveNoClearBest() {
        SeedRuns runs = runs(new long[] {10, 20, 45}, new long[] {40, 50, 60});
        SpreadTable.Row row = SpreadTable.rows(runs).get(0);
        assertEquals(List.of(true, false), row.best(), "the lower median is still best");
        assertTrue(row.rangesOverlap(), "10..45 and 40..60 share 40..45");
        String text = TextReport.render(runs);
        assertTrue(text.contains("20 (10..45) *†"), text);
        assertTrue(text.contains("* best median; † ranges overlap: no clear best"), text);
    }

    @Test
    void equalMediansHaveNoBestAndNoMark() {
        SpreadTable.Row row = SpreadTable.rows(runs(new long[] {10, 20, 30}, new long[] {20, 20, 20})).get(0);
        assertEquals(List.of("20 (10..30)", "20"), row.cells(), "one value for every seed: the number alone");
        assertEquals(List.of(false, false), row.best());
        assertFalse(row.rangesOverlap());
        assertFalse(TextReport.render(runs(new long[] {10, 20, 30}, new long[] {20, 20, 20})).contains("best median"));
    }

    @Test
    void theLegendNamesTheSeedsAndTheRange() {
        assertEquals("seeds 1..3, median (min..max)", SpreadTable.legend(runs(new long[] {1, 2, 3}, new long[] {1, 2, 3})));
        assertEquals("seed 1, median (min..max)", SpreadTable.legend(runs(new long[] {1}, new long[] {1})));
    }
}
