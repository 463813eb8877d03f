package org.rebalancesim.kubernetes.autoscaling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.scenario.autoscaling.KafkaTriggerSpec;
import org.rebalancesim.scenario.autoscaling.OffsetResetPolicy;

/**
 * KEDA's Kafka scaler against kafka_scaler.go (keda v2.20): getLagForPartition, getTotalLag,
 * getNextFactorThatBalancesConsumersToTopicPartitions, FindFactors and GetMetricsAndActivity. Each
 * expected value is worked out by hand from those functions, as the comments show.
 */
class KedaKafkaScalerTest {

    private static final long NONE = PartitionOffsets.NO_COMMITTED_OFFSET;

    private static PartitionOffsets offsets(int partition, long latest, long committed) {
        return new PartitionOffsets("orders", partition, latest, committed);
    }

    private static KafkaTriggerSpec trigger(long lagThreshold, boolean allowIdle, boolean excludePersistent,
                                            boolean limitToPartitionsWithLag, boolean ensureEven) {
        return new KafkaTriggerSpec("orders", List.of(), lagThreshold, 0, OffsetResetPolicy.LATEST, allowIdle,
                excludePersistent, limitToPartitionsWithLag, ensureEven, false, false);
    }

    private static KafkaScalerReading read(KafkaTriggerSpec trigger, PartitionOffsets... partitions) {
        return new KafkaLagScaler(trigger).getMetricsAndActivity(List.of(partitions));
    }

    @Test
    void theMetricIsTheSumOfLatestMinusCommitted() {
        // Lags 10, 0 and 15: 25; 25 / 10 = 2 is not above 3 partitions, so no cap. Active: 25 > 0.
        KafkaScalerReading reading = read(KafkaTriggerSpec.defaults("orders"),
                offsets(0, 100, 90), offsets(1, 50, 50), offsets(2, 20, 5));
        assertEquals(25, reading.metricLag());
        assertEquals(25_000, reading.metricValueMilli());
        assertEquals(3, reading.partitionCount());
        assertEquals(2, reading.partitionsWithLag());
        assertTrue(reading.active());
    }

    @Test
    void withoutACommittedOffsetLatestCountsOneAPartitionNotItsLogEnd() {
        // getLagForPartition, invalidOffset with offsetResetPolicy latest: retVal 1 per partition, whatever
        // the log end offset, so 4 partitions of 1,000 records each report 4, not 4,000.
        KafkaScalerReading reading = read(KafkaTriggerSpec.defaults("orders"),
                offsets(0, 1000, NONE), offsets(1, 1000, NONE), offsets(2, 1000, NONE), offsets(3, 1000, NONE));
        assertEquals(4, reading.metricLag());
        assertTrue(reading.active());
    }

    @Test
    void scaleToZeroOnInvalidOffsetCountsNothingForEitherPolicy() {
        for (OffsetResetPolicy policy : OffsetResetPolicy.values()) {
            KafkaTriggerSpec trigger = new KafkaTriggerSpec("orders", List.of(), 10, 0, policy, false, false, false, false,
                    true, false);
            KafkaScalerReading reading = read(trigger, offsets(0, 700, NONE));
            assertEquals(0, reading.metricLag(), policy.yamlName());
            assertFalse(reading.active(), policy.yamlName());
        }
    }

    @Test
    void withoutACommittedOffsetEarliestCountsTheWholeLog() {
        // earliest, invalidOffset, scaleToZeroOnInvalidOffset false: lag = latestOffset = 700. One partition:
        // 700 / 10 = 70 > 1, so the metric is capped at 1 x 10; activation reads the uncapped 700.
        KafkaTriggerSpec trigger = new KafkaTriggerSpec("orders", List.of(), 10, 0, OffsetResetPolicy.EARLIEST, false,
                false, false, false, false, false);
        KafkaScalerReading reading = read(trigger, offsets(0, 700, NONE));
        assertEquals(10, reading.metricLag());
        assertEquals(700, reading.totalLagWithPersistent());
    }

    @Test
    void withoutIdleConsumersTheMetricIsCappedAtPartitionsTimesThreshold() {
        // A lag of 95 on 3 partitions: 95 / 10 = 9 > 3, so totalLag = 3 x 10 = 30 (the HPA then asks for
        // ceil(30 / 10) = 3 replicas at most). With allowIdleConsumers the 95 stands.
        PartitionOffsets[] partitions = {offsets(0, 40, 0), offsets(1, 30, 0), offsets(2, 25, 0)};
        assertEquals(30, read(trigger(10, false, false, false, false), partitions).metricLag());
        assertEquals(95, read(trigger(10, true, false, false, false), partitions).metricLag());
    }

    @Test
    void theCapComparesWithIntegerDivisionSoItLetsOneReplicaTooMany() {
        // 9 partitions, lag 95: 95 / 10 = 9 in integers, not above 9, so the metric stays 95 and the
        // HPA's ceil(95 / 10) = 10 replicas is one more than there are partitions.
        PartitionOffsets[] partitions = new PartitionOffsets[9];
        for (int i = 0; i < 9; i++) {
            partitions[i] = offsets(i, i == 0 ? 15 : 10, 0);
        }
        assertEquals(95, read(KafkaTriggerSpec.defaults("orders"), partitions).metricLag());
    }

    @Test
    void limitToPartitionsWithLagCapsAtThePartitionsThatLag() {
        // 6 partitions, lag on 2 (40 + 30 = 70): 70 / 10 = 7 > 2, so 2 x 10 = 20.
        KafkaScalerReading reading = read(trigger(10, false, false, true, false), offsets(0, 40, 0), offsets(1, 30, 0),
                offsets(2, 5, 5), offsets(3, 5, 5), offsets(4, 5, 5), offsets(5, 5, 5));
        assertEquals(20, reading.metricLag());
        assertEquals(70, reading.totalLagWithPersistent());
    }

    @Test
    void ensureEvenDistributionRoundsUpToAFactorOfThePartitionCount() {
        // 12 partitions have the factors 1, 2, 3, 4, 6, 12. Lag 45: the first f with f x 10 >= 45 is 6, so 60
        // (the HPA then asks for 6 replicas, 2 partitions each). Lag 0: factor 1, so 10, never below one replica.
        // Lag 130: no factor is enough, so 12 x 10 = 120.
        assertEquals(60, read(trigger(10, false, false, false, true), twelvePartitions(45)).metricLag());
        assertEquals(10, read(trigger(10, false, false, false, true), twelvePartitions(0)).metricLag());
        assertEquals(120, read(trigger(10, false, false, false, true), twelvePartitions(130)).metricLag());
    }

    private static PartitionOffsets[] twelvePartitions(long lagOnFirst) {
        PartitionOffsets[] partitions = new PartitionOffsets[12];
        for (int i = 0; i < 12; i++) {
            partitions[i] = offsets(i, 1000 + (i == 0 ? lagOnFirst : 0), 1000);
        }
        return partitions;
    }

    @Test
    void findFactorsListsTheDivisorsInOrder() {
        assertEquals(List.of(1L, 2L, 3L, 4L, 6L, 12L), KafkaLagScaler.factors(12));
        assertEquals(List.of(1L, 2L, 4L, 8L, 16L), KafkaLagScaler.factors(16));
        assertEquals(List.of(), KafkaLagScaler.factors(0));
    }

    @Test
    void excludePersistentLagDropsAPartitionWhoseCommitDidNotMoveSinceThePreviousRead() {
        KafkaLagScaler scaler = new KafkaLagScaler(trigger(10, true, true, false, false));
        // First read: no memory, the committed 100 is stored and the lag 50 counts.
        assertEquals(50, scaler.getMetricsAndActivity(List.of(offsets(0, 150, 100))).metricLag());
        // Same committed offset: lag 0 in the metric, 60 kept for activation, so still active.
        KafkaScalerReading stuck = scaler.getMetricsAndActivity(List.of(offsets(0, 160, 100)));
        assertEquals(0, stuck.metricLag());
        assertEquals(60, stuck.totalLagWithPersistent());
        assertTrue(stuck.active());
        assertEquals(0, stuck.partitionsWithLag());
        // It moved to 120: stored again, the lag 50 counts.
        assertEquals(50, scaler.getMetricsAndActivity(List.of(offsets(0, 170, 120))).metricLag());
    }

    @Test
    void activationNeedsALagAboveTheActivationThreshold() {
        KafkaTriggerSpec trigger = new KafkaTriggerSpec("orders", List.of(), 10, 50, OffsetResetPolicy.LATEST, true, false,
                false, false, false, false);
        // totalLagWithPersistent > activationLagThreshold, strictly.
        assertFalse(read(trigger, offsets(0, 50, 0)).active());
        assertTrue(read(trigger, offsets(0, 51, 0)).active());
    }

    @Test
    void onlyTheTopicsPartitionsInPartitionLimitationCount() {
        KafkaTriggerSpec trigger = new KafkaTriggerSpec("orders", List.of(0, 2), 10, 0, OffsetResetPolicy.LATEST, true,
                false, false, false, false, false);
        KafkaScalerReading reading = read(trigger, offsets(0, 10, 0), offsets(1, 20, 0), offsets(2, 30, 0),
                new PartitionOffsets("other", 0, 40, 0));
        assertEquals(40, reading.metricLag());
        assertEquals(2, reading.partitionCount());
    }

    @Test
    void aNegativeLagIsReportedAsZero() {
        // A commit past the log end gives a lag of -20; quantityFromFloat64 reports a negative value as 0.
        KafkaScalerReading reading = read(KafkaTriggerSpec.defaults("orders"), offsets(0, 100, 120));
        assertEquals(-20, reading.metricLag());
        assertEquals(0, reading.metricValueMilli());
        assertFalse(reading.active());
    }
}
