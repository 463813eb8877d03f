package org.rebalancesim.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.apache.commons.math3.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rebalancesim.engine.Rng;
import org.rebalancesim.scenario.Distribution;
import org.rebalancesim.scenario.Distributions;

/**
 * A batch's processing time against the sum of one draw per record, which is what it stands for: the
 * same draws below the approximation's threshold, the same quantiles from it on.
 */
class BatchTimerTest {

    private static final int BATCHES = 20_000;

    @Test
    void aSmallBatchIsTheSumOfItsRecordsDraws() {
        Distribution perRecord = new Distributions.LogNormal(1, 20);
        BatchTimer timer = new BatchTimer(perRecord, Rng.stream(7, "p"));
        RandomGenerator same = Rng.stream(7, "p");
        for (int records : new int[] {1, 3, 10, 32}) {
            double sum = 0;
            for (int i = 0; i < records; i++) {
                sum += perRecord.sample(same);
            }
            assertEquals(sum, timer.sampleMs(records), 0.0, records + " records");
        }
    }

    @Test
    void aHeavyTailedRecordTimeIsSummedRecordByRecordAtMaxPollRecords() {
        // Skewness 15: the sum of 500 such records is still skewed 0.67, far from a normal's 0.
        assertEquals(15.0, new Distributions.LogNormal(1, 20).skewness(), 0.1);
        assertTrue(BatchTimer.approximatedFrom(new Distributions.LogNormal(1, 20)) > 500);
        assertEquals(Long.MAX_VALUE, BatchTimer.approximatedFrom(new Distributions.Pareto(1, 2.5)));
    }

    @Test
    void theApproximationsThresholdFollowsTheSkewness() {
        assertEquals(100, BatchTimer.approximatedFrom(new Distributions.Exponential(2)));
        assertEquals(BatchTimer.MIN_APPROXIMATED, BatchTimer.approximatedFrom(new Distributions.Uniform(1, 3)));
    }

    @Test
    void fromTheThresholdOnTheQuantilesMatchThePerRecordSums() {
        for (Distribution perRecord : new Distribution[] {new Distributions.Exponential(2),
                new Distributions.LogNormal(2, 4), new Distributions.Uniform(1, 3), new Distributions.LogNormal(1, 3),
                new Distributions.LogNormal(1, 10)}) {
            int records = (int) BatchTimer.approximatedFrom(perRecord);
            double[] approximated = new double[BATCHES];
            double[] exact = new double[BATCHES];
            BatchTimer timer = new BatchTimer(perRecord, Rng.stream(1, "approximated"));
            RandomGenerator random = Rng.stream(1, "exact");
            for (int b = 0; b < BATCHES; b++) {
                approximated[b] = timer.sampleMs(records);
                for (int i = 0; i < records; i++) {
                    exact[b] += perRecord.sample(random);
                }
            }
            double sd = Math.sqrt(records * perRecord.variance());
            for (double q : new double[] {0.01, 0.5, 0.99}) {
                // The normal's quantile is off by up to 0.15 sd at skewness 0.2, plus the sampling noise.
                assertEquals(quantile(exact, q), quantile(approximated, q), 0.25 * sd,
                        perRecord.describe() + ", " + records + " records, quantile " + q);
            }
        }
    }

    private static double quantile(double[] values, double q) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[(int) Math.floor(q * (sorted.length - 1))];
    }
}
