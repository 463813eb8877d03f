package org.rebalancesim.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The permutation test of two groups' medians that tells a real gap from chance. */
class MedianPermutationTest {

    @Test
    void thePValueIsTheShareOfDealsWithMediansAtLeastAsFarApart() {
        // Pooled 1, 2, 3, 10; deal one value out: 10 leaves 1, 2, 3 (|10 - 2| = 8, as observed),
        // 1 leaves 2, 3, 10 (|1 - 3| = 2), 2 leaves 1, 3, 10 (1), 3 leaves 1, 2, 10 (1): 1 deal of 4.
        assertEquals(0.25, MedianPermutation.pValue(new double[] {1, 2, 3}, new double[] {10}), 1e-12);
    }

    @Test
    void equalGroupsAreAlwaysExplainedByChance() {
        assertEquals(1.0, MedianPermutation.pValue(new double[] {5, 5, 5, 5}, new double[] {5, 5}), 1e-12);
        assertEquals(1.0, MedianPermutation.pValue(new double[] {1, 2, 3, 4, 5}, new double[] {3}), 1e-12);
    }

    @Test
    void threeRunsAboveTwentySeedsAreNotChance() {
        double[] seeds = IntStream.rangeClosed(1, 20).asDoubleStream().toArray();
        // Of the 1771 deals of 3, only those holding two of the three top values come as far apart.
        double p = MedianPermutation.pValue(seeds, new double[] {100, 101, 102});
        assertTrue(p < 0.05, "p " + p);
        assertTrue(p >= 1.0 / 1771, "the observed deal itself counts: " + p);
    }

    @Test
    void threeRunsInsideAWidePhaseSpreadAreChance() {
        // Seeds spread over a heartbeat interval, runs in its upper half: three runs cannot pin a median.
        double[] seeds = IntStream.range(0, 20).mapToDouble(i -> 100 + 50 * i).toArray();
        double p = MedianPermutation.pValue(seeds, new double[] {700, 900, 1000});
        assertTrue(p >= 0.05, "p " + p);
    }

    @Test
    void manyDealsAreSampledTheSameWayEveryTime() {
        double[] seeds = IntStream.range(0, 30).asDoubleStream().toArray();
        double[] runs = IntStream.range(0, 10).mapToDouble(i -> 1000 + i).toArray();
        assertEquals(Long.MAX_VALUE, MedianPermutation.deals(40, 10), "C(40, 10) is far beyond the exact count");
        double p = MedianPermutation.pValue(seeds, runs);
        assertEquals(p, MedianPermutation.pValue(seeds, runs));
        assertTrue(p < 0.001, "hardly a random deal of 10 has a median near 1004.5 against one near 14.5: " + p);
        double mixed = MedianPermutation.pValue(seeds, IntStream.range(0, 10).mapToDouble(i -> 3 * i).toArray());
        assertTrue(mixed > 0.2, "runs spread like the seeds: " + mixed);
    }
}
