package org.rebalancesim.kubernetes.autoscaling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.rebalancesim.scenario.autoscaling.KafkaTriggerSpec;
import org.rebalancesim.scenario.autoscaling.OffsetResetPolicy;
import org.rebalancesim.scenario.autoscaling.ScaledObjectSpec;

/**
 * KEDA's polling loop against scale_scaledobjects.go RequestScale, scaleFromZeroOrIdle and
 * scaleToZeroOrIdle, and scale_handler.go GetScaledObjectMetrics (keda v2.20).
 */
class KedaScaledObjectLoopTest {

    private static List<PartitionOffsets> lag(long lag) {
        return List.of(new PartitionOffsets("orders", 0, 1000 + lag, 1000));
    }

    private static ScaledObjectSpec scaledObject(int initialCooldownSeconds, OptionalInt idle, int min, KafkaTriggerSpec trigger) {
        return new ScaledObjectSpec(30, initialCooldownSeconds, 300, idle, min, 10, Optional.empty(), List.of(trigger));
    }

    @Test
    void activeAtZeroScalesToOneAndInactiveScalesToZeroOnlyAfterTheCooldown() {
        ScaledObjectLoop loop = new ScaledObjectLoop(ScaledObjectSpec.defaults(KafkaTriggerSpec.defaults("orders")), 0);
        // Inactive at 0 with minReplicaCount 0: nothing to do.
        assertEquals(ScaleAction.NONE, loop.poll(0, 0, lag(0)).action());
        // Active at 0: scaleFromZeroOrIdle to 1 (minReplicaCount is 0), lastActiveTime = now.
        ScaledObjectPoll fromZero = loop.poll(30_000, 0, lag(5));
        assertEquals(ScaleAction.SCALE_FROM_ZERO_OR_IDLE, fromZero.action());
        assertEquals(OptionalInt.of(1), fromZero.targetReplicas());
        // Active with replicas: the HPA's job; lastActiveTime moves on.
        assertEquals(ScaleAction.NONE, loop.poll(60_000, 3, lag(5)).action());
        assertEquals(OptionalLong.of(60_000), loop.lastActiveTimeMs());
        // Inactive: lastActiveTime + 300 s = 360,000 must be strictly before now.
        assertEquals(ScaleAction.COOLING_DOWN, loop.poll(90_000, 3, lag(0)).action());
        assertEquals(ScaleAction.COOLING_DOWN, loop.poll(360_000, 3, lag(0)).action());
        ScaledObjectPoll toZero = loop.poll(360_001, 3, lag(0));
        assertEquals(ScaleAction.SCALE_TO_ZERO_OR_IDLE, toZero.action());
        assertEquals(OptionalInt.of(0), toZero.targetReplicas());
    }

    @Test
    void aLagAtTheActivationThresholdDoesNotScaleFromZero() {
        KafkaTriggerSpec trigger = new KafkaTriggerSpec("orders", List.of(), 10, 100, OffsetResetPolicy.LATEST, false, false,
                false, false, false, false);
        ScaledObjectLoop loop = new ScaledObjectLoop(ScaledObjectSpec.defaults(trigger), 0);
        assertEquals(ScaleAction.NONE, loop.poll(0, 0, lag(100)).action());
        assertEquals(OptionalInt.of(1), loop.poll(30_000, 0, lag(101)).targetReplicas());
    }

    @Test
    void fromZeroGoesToMinReplicaCountWhenAboveZero() {
        ScaledObjectLoop loop = new ScaledObjectLoop(scaledObject(0, OptionalInt.empty(), 2, KafkaTriggerSpec.defaults("orders")), 0);
        assertEquals(OptionalInt.of(2), loop.poll(0, 0, lag(5)).targetReplicas());
        // Inactive below minReplicaCount without idle mode: back to minReplicaCount, no cooldown.
        ScaledObjectPoll belowMin = loop.poll(30_000, 1, lag(0));
        assertEquals(ScaleAction.SCALE_TO_MIN_REPLICA_COUNT, belowMin.action());
        assertEquals(OptionalInt.of(2), belowMin.targetReplicas());
    }

    @Test
    void idleModeScalesBetweenIdleReplicaCountAndMinReplicaCount() {
        ScaledObjectLoop loop = new ScaledObjectLoop(scaledObject(0, OptionalInt.of(0), 2, KafkaTriggerSpec.defaults("orders")), 0);
        // Active below minReplicaCount in idle mode: to minReplicaCount.
        assertEquals(OptionalInt.of(2), loop.poll(0, 1, lag(5)).targetReplicas());
        assertEquals(ScaleAction.COOLING_DOWN, loop.poll(30_000, 3, lag(0)).action());
        // 0 + 300 s < 300,001: to idleReplicaCount 0.
        assertEquals(OptionalInt.of(0), loop.poll(300_001, 3, lag(0)).targetReplicas());
    }

    @Test
    void withoutEverBeingActiveTheInitialCooldownCountsFromCreation() {
        ScaledObjectLoop loop = new ScaledObjectLoop(scaledObject(120, OptionalInt.empty(), 0, KafkaTriggerSpec.defaults("orders")),
                1_000);
        // LastActiveTime nil: CreationTimestamp + initialCooldownPeriod (1,000 + 120,000) must be before now.
        assertEquals(ScaleAction.COOLING_DOWN, loop.poll(121_000, 2, lag(0)).action());
        assertEquals(OptionalInt.of(0), loop.poll(121_001, 2, lag(0)).targetReplicas());
    }

    @Test
    void theHpaReadsKafkaAgainUnlessTheTriggerUsesCachedMetrics() {
        KafkaTriggerSpec live = KafkaTriggerSpec.defaults("orders");
        KafkaTriggerSpec cached = new KafkaTriggerSpec("orders", List.of(), 10, 0, OffsetResetPolicy.LATEST, true, false,
                false, false, false, true);
        ScaledObjectLoop liveLoop = new ScaledObjectLoop(ScaledObjectSpec.defaults(live), 0);
        ScaledObjectLoop cachedLoop = new ScaledObjectLoop(ScaledObjectSpec.defaults(cached), 0);
        // Before any poll there is nothing cached: a live read (lag 7, one partition at 10, uncapped).
        assertEquals(List.of(new MetricReading.External(7_000)), cachedLoop.hpaMetricReadings(lag(7)));
        liveLoop.poll(0, 1, lag(5));
        cachedLoop.poll(0, 1, lag(5));
        // Kafka now says 8: the live trigger reports it, the cached one the poll's 5.
        assertEquals(List.of(new MetricReading.External(8_000)), liveLoop.hpaMetricReadings(lag(8)));
        assertEquals(List.of(new MetricReading.External(5_000)), cachedLoop.hpaMetricReadings(lag(8)));
    }

    @Test
    void thePollAndTheHpaQueryShareThePersistentLagMemory() {
        KafkaTriggerSpec trigger = new KafkaTriggerSpec("orders", List.of(), 10, 0, OffsetResetPolicy.LATEST, true, true,
                false, false, false, false);
        ScaledObjectLoop loop = new ScaledObjectLoop(ScaledObjectSpec.defaults(trigger), 0);
        // The poll stores the committed offset 1000; the HPA's query 15 s later sees it unmoved: 0.
        assertEquals(5, loop.poll(0, 1, lag(5)).readings().get(0).metricLag());
        assertEquals(List.of(new MetricReading.External(0)), loop.hpaMetricReadings(lag(6)));
    }
}
