package org.rebalancesim.kubernetes.autoscaling;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.rebalancesim.scenario.autoscaling.KafkaTriggerSpec;
import org.rebalancesim.scenario.autoscaling.ScaledObjectSpec;

/**
 * KEDA's side of a ScaledObject (kedacore/keda v2.20): the polling loop that checks the triggers
 * every pollingInterval and scales to and from zero (pkg/scaling/scale_handler.go startScaleLoop,
 * checkScalers; pkg/scaling/executor/scale_scaledobjects.go RequestScale), and the external metrics
 * it serves the HPA between polls (scale_handler.go GetScaledObjectMetrics). Scaler errors, fallback,
 * pause annotations and scaling modifiers are not modelled.
 */
public final class ScaledObjectLoop {

    private final ScaledObjectSpec spec;
    private final long creationTimeMs;
    private final List<KafkaLagScaler> scalers = new ArrayList<>();
    /** The last poll's reading per trigger (the metrics cache), null before the first poll. */
    private final List<KafkaScalerReading> cachedReadings = new ArrayList<>();
    private OptionalLong lastActiveTimeMs = OptionalLong.empty();

    /**
     * @param spec           the ScaledObject
     * @param creationTimeMs when the ScaledObject was created (initialCooldownPeriod counts from it)
     */
    public ScaledObjectLoop(ScaledObjectSpec spec, long creationTimeMs) {
        this.spec = spec;
        this.creationTimeMs = creationTimeMs;
        for (KafkaTriggerSpec trigger : spec.triggers()) {
            scalers.add(new KafkaLagScaler(trigger));
            cachedReadings.add(null);
        }
    }

    public ScaledObjectSpec spec() {
        return spec;
    }

    /** status.lastActiveTime: the last poll that found a trigger active (and did not fail to scale). */
    public OptionalLong lastActiveTimeMs() {
        return lastActiveTimeMs;
    }

    /**
     * checkScalers at {@code nowMs}: reads every trigger (getScaledObjectState; the scaler is active if
     * any trigger is), then RequestScale with the scale target's spec.replicas. The caller applies
     * {@link ScaledObjectPoll#targetReplicas()}.
     */
    public ScaledObjectPoll poll(long nowMs, int currentReplicas, List<PartitionOffsets> offsets) {
        List<KafkaScalerReading> readings = new ArrayList<>();
        boolean active = false;
        for (int i = 0; i < scalers.size(); i++) {
            KafkaScalerReading reading = scalers.get(i).getMetricsAndActivity(offsets);
            readings.add(reading);
            cachedReadings.set(i, reading);
            active |= reading.active();
        }
        return requestScale(nowMs, currentReplicas, active, readings);
    }

    /**
     * What the HPA's query of the external metrics API returns, one value per trigger: a fresh read
     * of Kafka through the same scaler (so it updates the persistent-lag memory too), or, for a
     * trigger with useCachedMetrics, the last poll's value when there is one.
     */
    public List<MetricReading> hpaMetricReadings(List<PartitionOffsets> offsets) {
        List<MetricReading> readings = new ArrayList<>();
        for (int i = 0; i < scalers.size(); i++) {
            KafkaScalerReading cached = cachedReadings.get(i);
            KafkaScalerReading reading = scalers.get(i).trigger().useCachedMetrics() && cached != null
                    ? cached
                    : scalers.get(i).getMetricsAndActivity(offsets);
            readings.add(new MetricReading.External(reading.metricValueMilli()));
        }
        return readings;
    }

    /**
     * RequestScale without errors, fallback or pause. Active: from 0 (or below minReplicaCount in idle
     * mode) to max(minReplicaCount, 1), and lastActiveTime = now. Inactive above idleReplicaCount,
     * or above 0 with minReplicaCount 0: to idleReplicaCount or minReplicaCount once lastActiveTime
     * + cooldownPeriod is strictly before now (without a lastActiveTime, creation +
     * initialCooldownPeriod); inactive below minReplicaCount without idle mode: to minReplicaCount.
     */
    private ScaledObjectPoll requestScale(long nowMs, int currentReplicas, boolean active, List<KafkaScalerReading> readings) {
        int minReplicas = spec.minReplicaCount();
        boolean idleMode = spec.idleReplicaCount().isPresent();
        if (active) {
            lastActiveTimeMs = OptionalLong.of(nowMs);
            if ((idleMode && currentReplicas < minReplicas) || currentReplicas == 0) {
                int replicas = minReplicas > 0 ? minReplicas : 1;
                return new ScaledObjectPoll(true, ScaleAction.SCALE_FROM_ZERO_OR_IDLE, OptionalInt.of(replicas), readings);
            }
            return new ScaledObjectPoll(true, ScaleAction.NONE, OptionalInt.empty(), readings);
        }
        if ((idleMode && currentReplicas > spec.idleReplicaCount().getAsInt()) || (currentReplicas > 0 && minReplicas == 0)) {
            if (!cooldownPassed(nowMs)) {
                return new ScaledObjectPoll(false, ScaleAction.COOLING_DOWN, OptionalInt.empty(), readings);
            }
            int replicas = spec.idleReplicaCount().orElse(minReplicas);
            return new ScaledObjectPoll(false, ScaleAction.SCALE_TO_ZERO_OR_IDLE, OptionalInt.of(replicas), readings);
        }
        if (!idleMode && currentReplicas < minReplicas) {
            return new ScaledObjectPoll(false, ScaleAction.SCALE_TO_MIN_REPLICA_COUNT, OptionalInt.of(minReplicas), readings);
        }
        return new ScaledObjectPoll(false, ScaleAction.NONE, OptionalInt.empty(), readings);
    }

    /** scaleToZeroOrIdle's test, with Go's strict time.Before. */
    private boolean cooldownPassed(long nowMs) {
        if (lastActiveTimeMs.isEmpty()) {
            return creationTimeMs + spec.initialCooldownPeriodSeconds() * 1000L < nowMs;
        }
        return lastActiveTimeMs.getAsLong() + spec.cooldownPeriodSeconds() * 1000L < nowMs;
    }
}
