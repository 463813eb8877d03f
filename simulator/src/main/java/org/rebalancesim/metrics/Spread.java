package org.rebalancesim.metrics;

import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.descriptive.moment.StandardDeviation;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

/**
 * One metric over several seeds: the median and a range around it, with the mean and the sample
 * standard deviation for the statistics that need them (check's bound). The range is min..max below
 * {@value #PERCENTILE_RANGE_FROM} values and p5..p95 from there on: with fewer values the 5th and
 * 95th percentiles are interpolated from the two extreme runs and say little more than the extremes,
 * and with many a single outlier should not set the range. Percentiles use commons-math3's
 * {@link Percentile.EstimationType#R_7} (NumPy's and R's default), as sweep does.
 *
 * @param n                 how many values (seeds that have the metric)
 * @param standardDeviation the sample one (divides by n - 1); 0 for one value
 */
public record Spread(int n, double median, double low, double high, double mean, double standardDeviation) {

    /** From this many values on, the range is p5..p95; below it, min..max. */
    public static final int PERCENTILE_RANGE_FROM = 20;

    /** Which range a spread shows, as reports name it. */
    public enum Range {
        MIN_MAX("min..max"),
        P5_P95("p5..p95");

        private final String label;

        Range(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /** The range {@code n} values get. */
    public static Range rangeFor(int n) {
        return n >= PERCENTILE_RANGE_FROM ? Range.P5_P95 : Range.MIN_MAX;
    }

    /** @param values at least one; their order does not matter */
    public static Spread of(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("a spread needs at least one value");
        }
        Percentile percentile = new Percentile().withEstimationType(Percentile.EstimationType.R_7);
        percentile.setData(values);
        boolean percentiles = rangeFor(values.length) == Range.P5_P95;
        double low = percentiles ? percentile.evaluate(5) : StatUtils.min(values);
        double high = percentiles ? percentile.evaluate(95) : StatUtils.max(values);
        double mean = StatUtils.mean(values);
        double sd = values.length > 1 ? new StandardDeviation(true).evaluate(values, mean) : 0;
        return new Spread(values.length, percentile.evaluate(50), low, high, mean, sd);
    }

    public Range range() {
        return rangeFor(n);
    }

    /** Whether the two ranges share a value (touching ends count). */
    public boolean overlaps(Spread other) {
        return low <= other.high && other.low <= high;
    }
}
