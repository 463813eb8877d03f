package org.rebalancesim.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.scenario.RateSchedule;
import org.rebalancesim.scenario.TopicSpec;

/** A produce rate that changes over the run: each partition's share of what the topic got, step by step. */
class RateScheduleProductionTest {

    /** 100/s for 10 s, nothing for 10 s, then 300/s: 1,000 records by 10 s, still 1,000 at 20 s, 1,900 at 23 s. */
    private static final RateSchedule BURSTY = new RateSchedule(List.of(new RateSchedule.Step(0, 100),
            new RateSchedule.Step(10_000, 0), new RateSchedule.Step(20_000, 300)), "steps");

    @Test
    void theRecordsProducedFollowTheSteps() {
        assertEquals(1_000, BURSTY.recordsBy(10_000), 1e-9);
        assertEquals(1_000, BURSTY.recordsBy(19_999), 1e-9);
        assertEquals(1_900, BURSTY.recordsBy(23_000), 1e-9);
        assertEquals(300, BURSTY.rateAt(20_000));
        assertEquals(300, BURSTY.peakPerSecond());
    }

    @Test
    void eachPartitionGetsItsShareAndTheNextRecordWaitsForTheRateToReturn() {
        Production production = new Production(List.of(new TopicSpec("t", 2, 100, false, BURSTY)));
        TopicPartition p0 = new TopicPartition("t", 0);
        assertEquals(500, production.logEndOffset(p0, 10_000));
        assertEquals(500, production.logEndOffset(p0, 15_000), "nothing produced while the rate is 0");
        assertEquals(950, production.logEndOffset(p0, 23_000));
        assertEquals(1_900, production.logEndOffsetSum("t", 23_000));
        // Offset 500 is the 501st record of p0: the topic's 1,002nd, at 20 s + 2 / 300 per s = 20,007 ms.
        assertEquals(20_007, production.timeOfOffset(p0, 500));
    }

    @Test
    void addedPartitionsShareTheRateFromThenOn() {
        Production production = new Production(List.of(new TopicSpec("t", 2, 100, false, BURSTY)));
        production.addPartitions("t", 4, 5_000);
        TopicPartition p0 = new TopicPartition("t", 0);
        TopicPartition p3 = new TopicPartition("t", 3);
        assertEquals(250 + 125, production.logEndOffset(p0, 10_000), "half of 500, then a quarter of 500");
        assertEquals(125, production.logEndOffset(p3, 10_000));
    }

    @Test
    void aDailyCurvePeaksAtItsPeakAndIsLowestHalfAPeriodLater() {
        RateSchedule day = RateSchedule.curve(50, 450, 86_400_000L, 14 * 3_600_000L, 0, 60_000, 86_400_000L, "daily");
        assertEquals(450, day.rateAt(14 * 3_600_000L - 30_000), 1e-3, "the step around 14:00 holds the peak");
        assertEquals(50, day.rateAt(2 * 3_600_000L - 30_000), 1e-3, "02:00, half a day from the peak");
        // The step from 07:59 holds the value at 07:59:30, where the curve climbs 200 × 2π / 86,400 s per second.
        assertEquals(250 - 200 * 2 * Math.PI / 86_400 * 30, day.rateAt(8 * 3_600_000L - 30_000), 0.01,
                "about 08:00, a quarter of a day from the peak: halfway");
    }
}
