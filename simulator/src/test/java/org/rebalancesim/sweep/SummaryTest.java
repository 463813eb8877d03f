package org.rebalancesim.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The statistics of a sweep against answers worked out by hand. */
class SummaryTest {

    private static final double EXACT = 1e-9;

    /**
     * 1..10: mean 5.5; sample variance = sum((x - 5.5)^2) / 9 = 82.5 / 9, sd = 3.0276503540974917;
     * t(0.975, 9) = 2.2621571627409915, sd / sqrt(10) = 0.9574271077563381, half-width 2.1658506...;
     * R_7 places percentile p at rank 1 + (n - 1) p: the median at 5.5 (between 5 and 6), p95 at
     * 9.55 (9 + 0.55 x (10 - 9)).
     */
    @Test
    void oneToTen() {
        Summary s = Summary.of(new double[] {7, 1, 10, 2, 9, 3, 8, 4, 6, 5});
        assertEquals(10, s.n());
        assertEquals(5.5, s.mean(), EXACT);
        assertEquals(5.5, s.median(), EXACT);
        assertEquals(9.55, s.p95(), EXACT);
        assertEquals(1, s.min(), EXACT);
        assertEquals(10, s.max(), EXACT);
        assertEquals(Math.sqrt(82.5 / 9), s.standardDeviation(), EXACT);
        assertEquals(3.02765, s.standardDeviation(), 1e-5);
        double halfWidth = 2.2621571627409915 * Math.sqrt(82.5 / 9) / Math.sqrt(10);
        assertEquals(2.16585, halfWidth, 1e-5);
        assertEquals(halfWidth, s.ci95HalfWidth(), 1e-9);
        assertEquals(5.5 - halfWidth, s.ci95Low(), 1e-9);
        assertEquals(5.5 + halfWidth, s.ci95High(), 1e-9);
    }

    /** A skewed sample: R_7 interpolates p95 between the two largest values, 4 + 0.8 x (100 - 4) = 80.8. */
    @Test
    void percentilesInterpolateBetweenClosestRanks() {
        Summary s = Summary.of(new double[] {100, 1, 2, 3, 4});
        assertEquals(3, s.median(), EXACT);
        assertEquals(80.8, s.p95(), EXACT);
        assertEquals(22, s.mean(), EXACT);
    }

    /** Two values: t(0.975, 1) = 12.706204736174698, sd = sqrt(2), so the half-width is 12.7062 x 1. */
    @Test
    void twoValuesUseTheWideTOfOneDegreeOfFreedom() {
        Summary s = Summary.of(new double[] {0, 2});
        assertEquals(Math.sqrt(2), s.standardDeviation(), EXACT);
        assertEquals(12.706204736174698, s.ci95HalfWidth(), 1e-9);
    }

    @Test
    void oneValueHasNoDeviationAndNoInterval() {
        Summary s = Summary.of(new double[] {42});
        assertEquals(1, s.n());
        assertEquals(42, s.mean(), EXACT);
        assertEquals(42, s.median(), EXACT);
        assertEquals(42, s.p95(), EXACT);
        assertNull(s.standardDeviation());
        assertNull(s.ci95Low());
        assertNull(s.ci95High());
        assertNull(s.ci95HalfWidth());
    }

    @Test
    void equalValuesHaveAnIntervalOfWidthZero() {
        Summary s = Summary.of(new double[] {3, 3, 3});
        assertEquals(0, s.standardDeviation(), EXACT);
        assertEquals(3, s.ci95Low(), EXACT);
        assertEquals(3, s.ci95High(), EXACT);
    }

    @Test
    void noValueIsAnError() {
        assertThrows(IllegalArgumentException.class, () -> Summary.of(new double[0]));
    }
}
