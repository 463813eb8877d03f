package org.rebalancesim.kubernetes.autoscaling;

import java.util.List;
import java.util.OptionalInt;
import java.util.function.Supplier;
import org.rebalancesim.scenario.autoscaling.CpuUtilizationMetric;
import org.rebalancesim.scenario.autoscaling.ExternalAverageValueMetric;
import org.rebalancesim.scenario.autoscaling.HpaBehavior;
import org.rebalancesim.scenario.autoscaling.HpaMetricSpec;
import org.rebalancesim.scenario.autoscaling.HpaSpec;

/**
 * One HPA as the controller keeps it (kubernetes v1.34, pkg/controller/podautoscaler/horizontal.go):
 * its spec and the in-memory history of recommendations and scale events. {@link #sync} is one
 * reconcileAutoscaler, run every {@link HpaControllerConfig#syncPeriodMs()}; it assumes the scale
 * update it asks for succeeds, and records it as the controller does.
 */
public final class HorizontalPodAutoscaler {

    private static final double SCALE_UP_LIMIT_FACTOR = 2.0;
    private static final double SCALE_UP_LIMIT_MINIMUM = 4.0;

    private final HpaSpec spec;
    private final HpaControllerConfig controller;
    private final Tolerances tolerances;
    private final EffectiveScalingRules scaleUp;
    private final EffectiveScalingRules scaleDown;
    private final RecommendationHistory recommendations = new RecommendationHistory();
    private final ScaleEventHistory scaleEvents = new ScaleEventHistory();

    public HorizontalPodAutoscaler(HpaSpec spec, HpaControllerConfig controller) {
        this.spec = spec;
        this.controller = controller;
        this.tolerances = Tolerances.of(spec, controller);
        HpaBehavior behavior = spec.behavior().orElse(null);
        this.scaleUp = behavior == null ? null : EffectiveScalingRules.scaleUp(behavior.scaleUp(), controller);
        this.scaleDown = behavior == null ? null : EffectiveScalingRules.scaleDown(behavior.scaleDown(), controller);
    }

    public HpaSpec spec() {
        return spec;
    }

    /** How often the controller syncs this HPA. */
    public long syncPeriodMs() {
        return controller.syncPeriodMs();
    }

    /**
     * reconcileAutoscaler at {@code nowMs}.
     *
     * @param specReplicas   the scale target's spec.replicas (the HPA's currentReplicas)
     * @param statusReplicas the scale target's status.replicas (its pods), what an External
     *                       AverageValue metric is divided by
     * @param readings       one reading per metric of the spec, in its order
     */
    public HpaDecision sync(long nowMs, int specReplicas, int statusReplicas, List<MetricReading> readings) {
        return sync(nowMs, specReplicas, statusReplicas, () -> readings);
    }

    /**
     * {@link #sync(long, int, int, List)} with metrics read only when the controller reads them: not at
     * 0 replicas, nor outside minReplicas..maxReplicas. A KEDA metric read has effects (the Kafka
     * scaler's persistent-lag memory), so the caller passes the read, not its result.
     */
    public HpaDecision sync(long nowMs, int specReplicas, int statusReplicas, Supplier<List<MetricReading>> metricReader) {
        recommendations.recordInitial(specReplicas, nowMs);
        int minReplicas = spec.minReplicas();
        if (specReplicas == 0 && minReplicas != 0) {
            return new HpaDecision(0, false, -1, HpaDecision.Reason.SCALING_DISABLED);
        }
        if (specReplicas > spec.maxReplicas()) {
            return rescaled(nowMs, specReplicas, spec.maxReplicas(), -1, HpaDecision.Reason.ABOVE_MAX_REPLICAS);
        }
        if (specReplicas < minReplicas) {
            return rescaled(nowMs, specReplicas, minReplicas, -1, HpaDecision.Reason.BELOW_MIN_REPLICAS);
        }
        List<MetricReading> readings = metricReader.get();
        if (readings.size() != spec.metrics().size()) {
            throw new IllegalArgumentException("one reading per metric: " + spec.metrics().size() + ", not " + readings.size());
        }
        OptionalInt metricReplicas = replicasForMetrics(specReplicas, statusReplicas, readings);
        if (metricReplicas.isEmpty()) {
            return new HpaDecision(specReplicas, false, -1, HpaDecision.Reason.INVALID_METRICS);
        }
        int prenormalized = Math.max(0, metricReplicas.getAsInt());
        int desired = scaleUp == null
                ? normalizeWithoutBehavior(nowMs, specReplicas, prenormalized)
                : normalizeWithBehaviors(nowMs, specReplicas, prenormalized);
        if (desired == specReplicas) {
            return new HpaDecision(specReplicas, false, metricReplicas.getAsInt(), HpaDecision.Reason.METRICS);
        }
        return rescaled(nowMs, specReplicas, desired, metricReplicas.getAsInt(), HpaDecision.Reason.METRICS);
    }

    /** The recommendations kept (for tests and reports). */
    List<RecommendationHistory.Recommendation> recommendations() {
        return recommendations.recommendations();
    }

    /**
     * computeReplicasForMetrics: the largest proposal of the metrics that could be read; nothing when
     * none could, or when some could not and the rest would scale down.
     */
    private OptionalInt replicasForMetrics(int specReplicas, int statusReplicas, List<MetricReading> readings) {
        int replicas = 0;
        int invalid = 0;
        for (int i = 0; i < readings.size(); i++) {
            OptionalInt proposal = replicasForMetric(spec.metrics().get(i), readings.get(i), specReplicas, statusReplicas);
            if (proposal.isEmpty()) {
                invalid++;
            } else if (replicas == 0 || proposal.getAsInt() > replicas) {
                replicas = proposal.getAsInt();
            }
        }
        if (invalid >= readings.size() || (invalid > 0 && replicas < specReplicas)) {
            return OptionalInt.empty();
        }
        return OptionalInt.of(replicas);
    }

    /** computeReplicasForMetric: an External AverageValue metric reads status.replicas, cpu reads spec.replicas. */
    private OptionalInt replicasForMetric(HpaMetricSpec metric, MetricReading reading, int specReplicas, int statusReplicas) {
        if (metric instanceof ExternalAverageValueMetric external && reading instanceof MetricReading.External value) {
            return OptionalInt.of(ReplicaCalculator.externalPerPodReplicas(statusReplicas, value.valueMilli(),
                    external.averageValueMilli(), tolerances));
        }
        if (metric instanceof CpuUtilizationMetric cpu && reading instanceof MetricReading.Cpu pods) {
            return ReplicaCalculator.cpuUtilizationReplicas(specReplicas, cpu.averageUtilization(), pods.pods(), tolerances);
        }
        if (reading instanceof MetricReading.Unavailable) {
            return OptionalInt.empty();
        }
        throw new IllegalArgumentException("a " + reading.getClass().getSimpleName() + " reading for " + metric);
    }

    /**
     * normalizeDesiredReplicas (no behavior): the highest recommendation of the downscale window,
     * then convertDesiredReplicasWithRules: at least minReplicas, at most maxReplicas and
     * max(2 × current, 4) (calculateScaleUpLimit).
     */
    private int normalizeWithoutBehavior(long nowMs, int currentReplicas, int prenormalized) {
        int stabilized = recommendations.stabilizeWithoutBehavior(prenormalized, nowMs,
                controller.downscaleStabilizationWindowMs());
        int scaleUpLimit = (int) Math.max(SCALE_UP_LIMIT_FACTOR * currentReplicas, SCALE_UP_LIMIT_MINIMUM);
        int maximumAllowedReplicas = Math.min(spec.maxReplicas(), scaleUpLimit);
        if (stabilized < spec.minReplicas()) {
            return spec.minReplicas();
        }
        return Math.min(stabilized, maximumAllowedReplicas);
    }

    /** normalizeDesiredReplicasWithBehaviors: stabilization by both windows, then the policies' rate. */
    private int normalizeWithBehaviors(long nowMs, int currentReplicas, int prenormalized) {
        int stabilized = recommendations.stabilizeWithBehaviors(prenormalized, currentReplicas, nowMs,
                scaleUp.stabilizationWindowSeconds(), scaleDown.stabilizationWindowSeconds());
        return BehaviorRateLimit.limit(stabilized, currentReplicas, spec.minReplicas(), spec.maxReplicas(),
                scaleUp, scaleDown, scaleEvents, nowMs);
    }

    /** A rescale: storeScaleEvent keeps it when the HPA has a behavior (the only case its events are read). */
    private HpaDecision rescaled(long nowMs, int currentReplicas, int desired, int metricReplicas, HpaDecision.Reason reason) {
        if (scaleUp != null) {
            scaleEvents.store(currentReplicas, desired, nowMs, scaleUp, scaleDown);
        }
        return new HpaDecision(desired, true, metricReplicas, reason);
    }
}
