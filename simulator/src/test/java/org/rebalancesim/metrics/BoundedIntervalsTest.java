package org.rebalancesim.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The chart series stay exact within their share, and bounded (and still faithful) beyond it. */
class BoundedIntervalsTest {

    private static BoundedIntervals<String, Series.OwnershipInterval> series(int rows) {
        return new BoundedIntervals<>(Series.OwnershipInterval::new, Series.OwnershipInterval::member,
                Series.OwnershipInterval::fromMs, Series.OwnershipInterval::toMs, () -> rows);
    }

    @Test
    void withinItsShareARowIsExactInTheOrderIntervalsClosed() {
        BoundedIntervals<String, Series.OwnershipInterval> series = series(2);
        series.add("t-1", "c1", 0, 10);
        series.add("t-0", "c2", 0, 12);
        series.add("t-1", "c2", 10, 30);
        assertEquals(List.of(new Series.OwnershipInterval("t-1", "c1", 0, 10),
                new Series.OwnershipInterval("t-0", "c2", 0, 12),
                new Series.OwnershipInterval("t-1", "c2", 10, 30)), series.intervals());
    }

    @Test
    void aBusyRowIsResampledAndTheSeriesStaysWithinItsBudgetWhateverTheRunLength() {
        int rows = 50_000;  // share: the minimum, 16 per row
        BoundedIntervals<String, Series.OwnershipInterval> series = series(rows);
        for (long t = 0; t < 24 * 3_600_000L; t += 5_000) {
            // Owned by c1 for 4 s of every 5 s (a short gap each time): the row shows c1 throughout.
            series.add("busy", "c1", t, t + 4_000);
        }
        series.add("quiet", "c2", 0, 1_000);
        List<Series.OwnershipInterval> intervals = series.intervals();
        assertEquals(new Series.OwnershipInterval("quiet", "c2", 0, 1_000), intervals.get(0));
        List<Series.OwnershipInterval> busy = intervals.subList(1, intervals.size());
        assertTrue(busy.size() <= BoundedIntervals.MIN_PER_ROW, busy.toString());
        assertEquals(List.of(new Series.OwnershipInterval("busy", "c1", 0, 24 * 3_600_000L - 1_000)), busy);
    }

    @Test
    void eachBinShowsWhatCoveredMostOfItAndAMostlyEmptyBinIsAGap() {
        BoundedIntervals<String, Series.OwnershipInterval> series = series(BoundedIntervals.BUDGET / 16);
        // 1,024 ms slots: c1 for 900 ms of each, then c2 for 100 ms of each from 16,384 ms on, then c3
        // all along from 32,768 ms. Over its share of 16, the row is resampled to 16 bins at most:
        // 4,096 ms each. c1 covers most of its bins, c2 covers little of its own (they are gaps).
        for (long t = 0; t < 16_384; t += 1_024) {
            series.add("p", "c1", t, t + 900);
        }
        for (long t = 16_384; t < 32_768; t += 1_024) {
            series.add("p", "c2", t, t + 100);
        }
        series.add("p", "c3", 32_768, 49_152);
        List<Series.OwnershipInterval> intervals = series.intervals();
        assertTrue(intervals.size() <= 16, intervals.toString());
        String owners = intervals.stream().map(Series.OwnershipInterval::member).collect(Collectors.joining(","));
        assertEquals("c1,c3", owners);
        assertEquals(0, intervals.get(0).fromMs());
        assertEquals(32_768, intervals.get(1).fromMs());
        assertEquals(49_152, intervals.get(1).toMs());
    }
}
