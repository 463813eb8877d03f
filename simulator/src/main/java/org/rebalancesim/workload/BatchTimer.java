package org.rebalancesim.workload;

import org.apache.commons.math3.random.RandomGenerator;
import org.rebalancesim.scenario.Distribution;

/**
 * Draws how long a batch of records takes to process. A batch sums one draw per record until the sum is
 * nearly symmetric; a larger batch draws the sum in one go from the normal distribution with the sum's
 * mean and variance (central limit theorem), so the cost of a poll does not grow with max.poll.records.
 *
 * <p>The sum of n records has the per-record skewness divided by the square root of n, and the normal's
 * tail is off by about a sixth of that skewness times (z² - 1) standard deviations (Cornish-Fisher). So
 * the normal is used only from the batch size at which the sum's skewness falls to {@link #MAX_SKEWNESS}:
 * its p99 is then within 0.15 standard deviations of the exact sum's. A heavy-tailed processing time
 * (lognormal with p99 20 times its median: skewness 15) therefore sums every record of a batch of
 * max.poll.records (500 by default); an exponential one (skewness 2) from 100 records on; and a
 * distribution without a finite variance or skewness always sums every record. BatchTimerTest compares the
 * quantiles of both ways at that size.
 */
public final class BatchTimer {

    /** The smallest batch drawn in one go, whatever the distribution. */
    static final int MIN_APPROXIMATED = 33;
    /** The largest skewness of the sum the normal approximation stands in for. */
    static final double MAX_SKEWNESS = 0.2;

    private final Distribution.Sampler perRecord;
    private final double mean;
    private final double variance;
    /** Batches of this many records or more are drawn in one go; Long.MAX_VALUE for never. */
    private final long approximatedFrom;
    private final RandomGenerator random;

    public BatchTimer(Distribution perRecord, RandomGenerator random) {
        this.perRecord = perRecord.sampler();
        this.mean = perRecord.mean();
        this.variance = perRecord.variance();
        this.approximatedFrom = approximatedFrom(perRecord);
        this.random = random;
    }

    /** The smallest batch whose sum is drawn from the normal approximation (Long.MAX_VALUE: none). */
    static long approximatedFrom(Distribution perRecord) {
        double skewness = Math.abs(perRecord.skewness());
        if (!Double.isFinite(perRecord.variance()) || !Double.isFinite(skewness)) {
            return Long.MAX_VALUE;
        }
        double symmetricFrom = Math.ceil(Math.pow(skewness / MAX_SKEWNESS, 2));
        return (long) Math.max(MIN_APPROXIMATED, Math.min(symmetricFrom, Long.MAX_VALUE / 2));
    }

    /** Processing time of {@code records} ordinary records, in ms (fractional). */
    public double sampleMs(long records) {
        if (records <= 0) {
            return 0;
        }
        if (records < approximatedFrom) {
            double sum = 0;
            for (long i = 0; i < records; i++) {
                sum += perRecord.sample(random);
            }
            return sum;
        }
        return Math.max(0, records * mean + Math.sqrt(records * variance) * random.nextGaussian());
    }
}
