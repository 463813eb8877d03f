package org.rebalancesim.workload;

import org.apache.commons.math3.random.RandomGenerator;
import org.rebalancesim.scenario.Distribution;

/**
 * Draws how long a batch of records takes to process. Small batches, and distributions without a
 * finite variance, sum one draw per record; larger batches use the normal approximation of the sum
 * (central limit theorem), so the cost of a poll does not grow with max.poll.records.
 */
public final class BatchTimer {

    /** Above this many records (and with a finite variance) the sum is drawn in one go. */
    static final int EXACT_SUM_LIMIT = 32;

    private final Distribution perRecord;
    private final RandomGenerator random;

    public BatchTimer(Distribution perRecord, RandomGenerator random) {
        this.perRecord = perRecord;
        this.random = random;
    }

    /** Processing time of {@code records} ordinary records, in ms (fractional). */
    public double sampleMs(long records) {
        if (records <= 0) {
            return 0;
        }
        double variance = perRecord.variance();
        if (records <= EXACT_SUM_LIMIT || !Double.isFinite(variance)) {
            double sum = 0;
            for (long i = 0; i < records; i++) {
                sum += perRecord.sample(random);
            }
            return sum;
        }
        double mean = records * perRecord.mean();
        return Math.max(0, mean + Math.sqrt(records * variance) * random.nextGaussian());
    }
}
