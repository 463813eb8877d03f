package org.rebalancesim.scenario.autoscaling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * KEDA's defaults and checks: kafkaMetadata's tags and Validate (kafka_scaler.go), ScaledObjectSpec's
 * defaults and CheckReplicaCountBoundsAreValid (scaledobject_types.go), and the HPA KEDA creates
 * (controllers/keda/hpa.go newHPAForScaledObject, GetHPAMinReplicas, GetMetricTarget).
 */
class KedaSpecsTest {

    @Test
    void aKafkaTriggerHasKedasDefaults() {
        KafkaTriggerSpec trigger = KafkaTriggerSpec.defaults("orders");
        assertEquals(10, trigger.lagThreshold());
        assertEquals(0, trigger.activationLagThreshold());
        assertEquals(OffsetResetPolicy.LATEST, trigger.offsetResetPolicy());
        assertFalse(trigger.allowIdleConsumers() || trigger.excludePersistentLag() || trigger.limitToPartitionsWithLag()
                || trigger.ensureEvenDistributionOfPartitions() || trigger.scaleToZeroOnInvalidOffset()
                || trigger.useCachedMetrics());
        // GetMetricTargetType defaults to AverageValue; GetMetricTarget's value is lagThreshold, 10 = 10,000 milli.
        assertEquals(new ExternalAverageValueMetric("kafka-orders", 10_000), trigger.hpaMetric());
    }

    @Test
    void aKafkaTriggerIsCheckedAsValidateChecksIt() {
        assertThrows(IllegalArgumentException.class, () -> KafkaTriggerSpec.defaults("orders").withLagThreshold(0));
        assertThrows(IllegalArgumentException.class, () -> new KafkaTriggerSpec("orders", List.of(), 10, 0,
                OffsetResetPolicy.LATEST, true, false, true, false, false, false));
        assertThrows(IllegalArgumentException.class, () -> new KafkaTriggerSpec("orders", List.of(), 10, 0,
                OffsetResetPolicy.LATEST, false, false, true, true, false, false));
        assertThrows(IllegalArgumentException.class, () -> new KafkaTriggerSpec("", List.of(), 10, 0,
                OffsetResetPolicy.LATEST, false, false, false, true, false, false));
        assertThrows(IllegalArgumentException.class, () -> OffsetResetPolicy.fromYaml("none"));
        assertEquals(OffsetResetPolicy.EARLIEST, OffsetResetPolicy.fromYaml("earliest"));
    }

    @Test
    void aScaledObjectHasKedasDefaultsAndItsHpaAtLeastOneReplica() {
        ScaledObjectSpec scaledObject = ScaledObjectSpec.defaults(KafkaTriggerSpec.defaults("orders"));
        assertEquals(30_000, scaledObject.pollingIntervalMs());
        assertEquals(300, scaledObject.cooldownPeriodSeconds());
        assertEquals(0, scaledObject.initialCooldownPeriodSeconds());
        assertEquals(0, scaledObject.minReplicaCount());
        assertEquals(100, scaledObject.maxReplicaCount());
        HpaSpec hpa = scaledObject.horizontalPodAutoscaler();
        // GetHPAMinReplicas: minReplicaCount 0 gives the HPA 1; no behavior given, none passed on.
        assertEquals(1, hpa.minReplicas());
        assertEquals(100, hpa.maxReplicas());
        assertEquals(List.of(new ExternalAverageValueMetric("kafka-orders", 10_000)), hpa.metrics());
        assertEquals(Optional.empty(), hpa.behavior());
    }

    @Test
    void idleReplicaCountMustBeBelowTheHpaMinimum() {
        KafkaTriggerSpec trigger = KafkaTriggerSpec.defaults("orders");
        ScaledObjectSpec idle = new ScaledObjectSpec(30, 0, 300, OptionalInt.of(0), 2, 10, Optional.empty(), List.of(trigger));
        assertEquals(2, idle.horizontalPodAutoscaler().minReplicas());
        assertThrows(IllegalArgumentException.class, () -> new ScaledObjectSpec(30, 0, 300, OptionalInt.of(2), 2, 10,
                Optional.empty(), List.of(trigger)));
        assertThrows(IllegalArgumentException.class, () -> new ScaledObjectSpec(30, 0, 300, OptionalInt.empty(), 11, 10,
                Optional.empty(), List.of(trigger)));
        assertThrows(IllegalArgumentException.class, () -> new ScaledObjectSpec(0, 0, 300, OptionalInt.empty(), 0, 10,
                Optional.empty(), List.of(trigger)));
    }
}
