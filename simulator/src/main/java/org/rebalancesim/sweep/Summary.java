package org.rebalancesim.sweep;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.descriptive.moment.StandardDeviation;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

/**
 * The statistics of one metric over a sweep's seeds.
 * <ul>
 *   <li>median and p95: commons-math3 {@link Percentile} with {@link Percentile.EstimationType#R_7}, the
 *       estimator of NumPy's and R's defaults (linear between the closest ranks: position
 *       {@code 1 + (n - 1) p});</li>
 *   <li>standard deviation: the sample one (divides by n - 1);</li>
 *   <li>95% confidence interval of the mean: mean ± t(0.975, n - 1) × sd / √n, Student's t.</li>
 * </ul>
 * With one value there is no sample deviation and no interval: both are null.
 */
public record Summary(int n, double mean, double median, double p95, double min, double max,
                      Double standardDeviation, Double ci95Low, Double ci95High) {

    public static final double CONFIDENCE = 0.95;
    /** How the percentiles are estimated, as reports name it. */
    public static final String PERCENTILE_ESTIMATION = "R_7";

    /** @param values at least one; their order does not matter */
    public static Summary of(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("a summary needs at least one value");
        }
        Percentile percentile = new Percentile().withEstimationType(Percentile.EstimationType.R_7);
        percentile.setData(values);
        double mean = StatUtils.mean(values);
        Double sd = null;
        Double low = null;
        Double high = null;
        if (values.length > 1) {
            sd = new StandardDeviation(true).evaluate(values, mean);
            double halfWidth = tQuantile(values.length - 1) * sd / Math.sqrt(values.length);
            low = mean - halfWidth;
            high = mean + halfWidth;
        }
        return new Summary(values.length, mean, percentile.evaluate(50), percentile.evaluate(95),
                StatUtils.min(values), StatUtils.max(values), sd, low, high);
    }

    /** Half the width of the confidence interval, or null when there is none (n = 1). */
    public Double ci95HalfWidth() {
        return ci95High == null ? null : ci95High - mean;
    }

    /** t(1 - (1 - 0.95) / 2, df); no random generator, since only the quantile function is used. */
    private static double tQuantile(int degreesOfFreedom) {
        return new TDistribution(null, degreesOfFreedom).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2);
    }
}
