package org.rebalancesim.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.engine.Rng;
import org.rebalancesim.scenario.Distributions;
import org.rebalancesim.scenario.TopicSpec;

class WorkloadTest {

    private static final TopicPartition P0 = new TopicPartition("t", 0);

    @Test
    void aTopicsRateIsSpreadEvenlyOverItsPartitions() {
        Production production = new Production(List.of(new TopicSpec("t", 6, 60)));
        // 60/s over 6 partitions = 10 records per second each.
        assertEquals(10, production.logEndOffset(P0, 1000));
        assertEquals(600, production.logEndOffset(new TopicPartition("t", 5), 60_000));
        assertEquals(0, production.logEndOffset(P0, 0));
    }

    /**
     * arrivals: inTurn. A round-robin producer at 40/s writes record k of the topic, at (k + 1) × 25 ms,
     * to partition k mod 4: each partition gets 10 records a second, a quarter period after the one before.
     */
    @Test
    void partitionsTakeTheirRecordsInTurn() {
        Production production = new Production(List.of(new TopicSpec("t", 4, 40, true)));
        for (int p = 0; p < 4; p++) {
            TopicPartition tp = new TopicPartition("t", p);
            assertEquals(25L * (p + 1), production.timeOfOffset(tp, 0), "first record of " + tp);
            assertEquals(0, production.logEndOffset(tp, 25L * (p + 1) - 1));
            assertEquals(1, production.logEndOffset(tp, 25L * (p + 1)));
        }
        // The topic as a whole: one record every 25 ms.
        for (long t = 0; t <= 2_000; t += 5) {
            assertEquals(t / 25, production.logEndOffsetSum("t", t), "at " + t);
        }
    }

    @Test
    void addedPartitionsShareTheRateFromThatMomentOn() {
        Production production = new Production(List.of(new TopicSpec("t", 2, 20)));
        production.addPartitions("t", 4, 10_000);
        // 10 s at 10/s, then 10 s at 5/s.
        assertEquals(150, production.logEndOffset(P0, 20_000));
        assertEquals(50, production.logEndOffset(new TopicPartition("t", 3), 20_000));
        assertEquals(Map.of("t", 4), production.partitionCounts());
    }

    @Test
    void theNextRecordsArrivalTimeIsWhenTheLogEndPassesThePosition() {
        Production production = new Production(List.of(new TopicSpec("t", 1, 10)));
        long at = production.timeOfOffset(P0, 5);
        assertEquals(6, production.logEndOffset(P0, at));
        assertEquals(5, production.logEndOffset(P0, at - 1));
    }

    @Test
    void processingBelowTheHighWaterMarkCountsAsDuplicates() {
        ProcessingLedger ledger = new ProcessingLedger();
        assertEquals(0, ledger.recordProcessed(P0, 0, 100));
        // A new owner restarts from the committed offset 60: 40 records again.
        assertEquals(40, ledger.recordProcessed(P0, 60, 150));
        assertEquals(150, ledger.uniqueProcessed());
        assertEquals(190, ledger.totalProcessed());
        assertEquals(40, ledger.duplicates());
    }

    @Test
    void slowRecordsBelongToTheirOffset() {
        ProcessingLedger ledger = new ProcessingLedger();
        ledger.markSlow(P0, 42, 900_000);
        assertEquals(Map.of(42L, 900_000L), ledger.slowRecordsIn(P0, 40, 50));
        assertTrue(ledger.slowRecordsIn(P0, 43, 50).isEmpty());
    }

    @Test
    void batchTimeIsTheSumOfPerRecordTimes() {
        BatchTimer constant = new BatchTimer(new Distributions.Constant(2), Rng.stream(1, "x"));
        assertEquals(20, constant.sampleMs(10), 1e-9);
        assertEquals(1000, constant.sampleMs(500), 1e-9);
        BatchTimer exponential = new BatchTimer(new Distributions.Exponential(2), Rng.stream(1, "y"));
        double total = 0;
        for (int i = 0; i < 200; i++) {
            total += exponential.sampleMs(500);
        }
        // Mean of 200 batches of 500 records at 2 ms: 1000 ms, within a few percent.
        assertEquals(1000, total / 200, 30);
    }
}
