package org.rebalancesim.scenario.autoscaling;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A KEDA ScaledObject's spec with KEDA's defaults (apis/keda/v1alpha1/scaledobject_types.go,
 * withtriggers_types.go, pkg/scaling/executor/scale_executor.go; keda v2.20) and its checks
 * (the CRD's minimums and CheckReplicaCountBoundsAreValid).
 *
 * @param pollingIntervalSeconds       how often KEDA polls the triggers for activity (≥ 1)
 * @param initialCooldownPeriodSeconds before the first activity, how long after creation KEDA waits
 *                                     before scaling to zero
 * @param cooldownPeriodSeconds        how long after the last active poll KEDA waits before scaling to zero
 * @param idleReplicaCount             the replica count while inactive, instead of minReplicaCount
 * @param minReplicaCount              the fewest replicas (0 lets KEDA scale to zero)
 * @param maxReplicaCount              the most replicas, the HPA's maxReplicas
 * @param behavior                     {@code advanced.horizontalPodAutoscalerConfig.behavior}, passed to the HPA
 * @param triggers                     the Kafka triggers, at least one
 */
public record ScaledObjectSpec(int pollingIntervalSeconds, int initialCooldownPeriodSeconds, int cooldownPeriodSeconds,
                               OptionalInt idleReplicaCount, int minReplicaCount, int maxReplicaCount,
                               Optional<HpaBehavior> behavior, List<KafkaTriggerSpec> triggers) implements AutoscalerSpec {

    /** defaultPollingInterval. */
    public static final int DEFAULT_POLLING_INTERVAL_SECONDS = 30;
    /** defaultInitialCooldownPeriod. */
    public static final int DEFAULT_INITIAL_COOLDOWN_PERIOD_SECONDS = 0;
    /** defaultCooldownPeriod. */
    public static final int DEFAULT_COOLDOWN_PERIOD_SECONDS = 300;
    /** minReplicaCount when left out (RequestScale: "set the default value (0)"). */
    public static final int DEFAULT_MIN_REPLICA_COUNT = 0;
    /** defaultHPAMaxReplicas. */
    public static final int DEFAULT_MAX_REPLICA_COUNT = 100;

    public ScaledObjectSpec {
        triggers = List.copyOf(triggers);
        if (triggers.isEmpty()) {
            throw new IllegalArgumentException("triggers must have at least one trigger");
        }
        if (pollingIntervalSeconds < 1) {
            throw new IllegalArgumentException("pollingInterval must be at least 1");
        }
        if (initialCooldownPeriodSeconds < 0 || cooldownPeriodSeconds < 0 || minReplicaCount < 0) {
            throw new IllegalArgumentException("initialCooldownPeriod, cooldownPeriod and minReplicaCount must not be negative");
        }
        if (maxReplicaCount < 1) {
            throw new IllegalArgumentException("maxReplicaCount must be at least 1");
        }
        if (minReplicaCount > maxReplicaCount) {
            throw new IllegalArgumentException("minReplicaCount must be less than or equal to maxReplicaCount");
        }
        // CheckReplicaCountBoundsAreValid compares with the HPA's minimum, at least 1.
        if (idleReplicaCount.isPresent()
                && (idleReplicaCount.getAsInt() < 0 || idleReplicaCount.getAsInt() >= hpaMinReplicas(minReplicaCount))) {
            throw new IllegalArgumentException("idleReplicaCount must be less than minReplicaCount");
        }
    }

    /** A ScaledObject with one trigger and every other field at KEDA's default. */
    public static ScaledObjectSpec defaults(KafkaTriggerSpec trigger) {
        return new ScaledObjectSpec(DEFAULT_POLLING_INTERVAL_SECONDS, DEFAULT_INITIAL_COOLDOWN_PERIOD_SECONDS,
                DEFAULT_COOLDOWN_PERIOD_SECONDS, OptionalInt.empty(), DEFAULT_MIN_REPLICA_COUNT,
                DEFAULT_MAX_REPLICA_COUNT, Optional.empty(), List.of(trigger));
    }

    /**
     * The HPA KEDA creates for this ScaledObject (controllers/keda/hpa.go newHPAForScaledObject):
     * minReplicas is minReplicaCount but at least 1 (GetHPAMinReplicas), maxReplicas is
     * maxReplicaCount, one External AverageValue metric per trigger, and the behavior as given
     * (none when not given).
     */
    @Override
    public HpaSpec horizontalPodAutoscaler() {
        List<HpaMetricSpec> metrics = new ArrayList<>();
        for (KafkaTriggerSpec trigger : triggers) {
            metrics.add(trigger.hpaMetric());
        }
        return new HpaSpec(hpaMinReplicas(minReplicaCount), maxReplicaCount, metrics, behavior);
    }

    /** The polling interval in milliseconds. */
    public long pollingIntervalMs() {
        return pollingIntervalSeconds * 1000L;
    }

    private static int hpaMinReplicas(int minReplicaCount) {
        return Math.max(1, minReplicaCount);
    }
}
