package org.rebalancesim.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.scenario.TopicSpec;
import org.rebalancesim.workload.ProcessingLedger;
import org.rebalancesim.workload.Production;

/** Time behind and hot partitions from the closed-form log (docs/metrics.md "Lag in time and recovery"). */
class PartitionLagSamplesTest {

    /** 8 partitions at 8,000/s: each gets a record every ms. */
    private final Production production = new Production(List.of(new TopicSpec("t", 8, 8_000)));
    private final ProcessingLedger ledger = new ProcessingLedger();

    /**
     * Records of a partition are appended at 1, 2, 3, ... ms (record k when the log end reaches k + 1). With t-3
     * processed up to offset 100 (record 100, appended at 101 ms) and the others caught up, at 1,000 ms the oldest
     * record waiting is 1,000 - 101 = 899 ms old.
     */
    @Test
    void timeBehindIsTheAgeOfTheOldestRecordNotProcessed() {
        PartitionLagSamples samples = new PartitionLagSamples(production, ledger, topic -> true, 10);
        for (int p = 0; p < 8; p++) {
            TopicPartition tp = new TopicPartition("t", p);
            ledger.recordProcessed(tp, 0, p == 3 ? 100 : production.logEndOffset(tp, 1_000));
        }
        assertEquals(1_000 - 101, samples.sample(1_000));
        ledger.recordProcessed(new TopicPartition("t", 3), 100, production.logEndOffset(new TopicPartition("t", 3), 1_000));
        assertEquals(0, samples.sample(1_000), "caught up everywhere");
    }

    /** Peaks 900 (t-3), then 500 for t-1 and t-6 (the lower partition first), then 1 for the rest from a later sample. */
    @Test
    void theHottestAreTheHighestPeaksTiesByPartition() {
        PartitionLagSamples samples = new PartitionLagSamples(production, ledger, topic -> true, 10);
        for (int p = 0; p < 8; p++) {
            TopicPartition tp = new TopicPartition("t", p);
            long behind = p == 3 ? 900 : p == 1 || p == 6 ? 500 : 0;
            ledger.recordProcessed(tp, 0, production.logEndOffset(tp, 1_000) - behind);
        }
        samples.sample(1_000);
        List<Series.PartitionLag> hot = samples.hottest();
        assertEquals(List.of("t-3", "t-1", "t-6"), hot.stream().map(Series.PartitionLag::partition).toList());
        assertEquals(List.of(900L, 500L, 500L), hot.stream().map(Series.PartitionLag::peakLag).toList());
        assertEquals(List.of(new Series.LagSample(1_000, 900)), hot.get(0).lag());
    }

    @Test
    void noHotPartitionsWhenTheGroupHasNoMoreThanTheChartShows() {
        Production five = new Production(List.of(new TopicSpec("t", PartitionLagSamples.SHOWN, 1_000)));
        PartitionLagSamples samples = new PartitionLagSamples(five, ledger, topic -> true, 10);
        samples.sample(1_000);
        assertTrue(samples.hottest().isEmpty());
    }

    /** 10,000 partitions × 2,001 samples would be 20 million values: every 21st sample is kept, under a million. */
    @Test
    void whatIsKeptStaysUnderItsBudget() {
        Production large = new Production(List.of(new TopicSpec("t", 10_000, 10_000)));
        PartitionLagSamples samples = new PartitionLagSamples(large, ledger, topic -> true, 2_001);
        for (int i = 0; i < 2_001; i++) {
            samples.sample(i * 100L);
        }
        Series.PartitionLag hottest = samples.hottest().get(0);
        assertEquals((2_001 + 20) / 21, hottest.lag().size());
        assertTrue(10_000L * hottest.lag().size() <= PartitionLagSamples.KEPT_VALUES);
        // Nothing is processed: every partition peaks at the last sample, 200 s × 1 record/s; t-0 wins the tie.
        assertEquals("t-0", hottest.partition());
        assertEquals(200, hottest.peakLag());
    }
}
