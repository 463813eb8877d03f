package org.rebalancesim.check;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * A metric over seeds as check compares it: the mean, the sample standard deviation and the number
 * of seeds. A single run is a mean of one with no spread.
 *
 * <p>Why the mean, not the median: a count such as evictions is 0 in most seeds and 1 in a few, so
 * its median stays 0 while the eviction rate climbs from 0 to 0.5 per run; the mean is the rate. Why
 * a bound: two sets of seeds differ by chance even when nothing changed in the model, so a metric
 * fails only when the data show it got worse: when the one-sided 95% lower confidence bound of the
 * worsening (Welch's t: each side's mean, standard deviation and seed count, Welch–Satterthwaite
 * degrees of freedom) is above the tolerance. With no spread on either side (one run each, or every
 * seed alike) the bound is the difference itself, exactly as for one run.
 *
 * @param standardDeviation 0 for one value
 */
public record SeedStatistic(double mean, double standardDeviation, int n) {

    /** One-sided confidence of the bound. */
    public static final double CONFIDENCE = 0.95;

    public SeedStatistic {
        if (n < 1) {
            throw new IllegalArgumentException("a statistic needs at least one value");
        }
    }

    /** One run's value. */
    public static SeedStatistic single(double value) {
        return new SeedStatistic(value, 0, 1);
    }

    /** The variance of this side's mean (0 when it has no spread or one value). */
    private double meanVariance() {
        return n < 2 ? 0 : standardDeviation * standardDeviation / n;
    }

    /**
     * Half the width of the one-sided {@value #CONFIDENCE} bound on {@code actual - baseline}:
     * t(0.95, df) × √(s₁²/n₁ + s₂²/n₂); 0 when neither side has a spread.
     */
    static double boundHalfWidth(SeedStatistic baseline, SeedStatistic actual) {
        double a = baseline.meanVariance();
        double b = actual.meanVariance();
        if (a + b == 0) {
            return 0;
        }
        double df = (a + b) * (a + b) / (freedomTerm(a, baseline.n()) + freedomTerm(b, actual.n()));
        return new TDistribution(null, df).inverseCumulativeProbability(CONFIDENCE) * Math.sqrt(a + b);
    }

    private static double freedomTerm(double meanVariance, int n) {
        return meanVariance == 0 ? 0 : meanVariance * meanVariance / (n - 1);
    }
}
