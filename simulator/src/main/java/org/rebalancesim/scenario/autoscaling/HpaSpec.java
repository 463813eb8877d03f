package org.rebalancesim.scenario.autoscaling;

import java.util.List;
import java.util.Optional;

/**
 * An autoscaling/v2 HorizontalPodAutoscaler's spec, after the API server's defaults
 * (pkg/apis/autoscaling/v2/defaults.go SetDefaults_HorizontalPodAutoscaler: minReplicas 1, and a
 * cpu Utilization 80 metric when none is given) and validation (minReplicas ≥ 1 without the alpha
 * HPAScaleToZero gate, maxReplicas ≥ minReplicas).
 *
 * @param minReplicas the fewest replicas the HPA sets
 * @param maxReplicas the most replicas the HPA sets
 * @param metrics     the metrics; the largest replica count any of them asks for wins
 * @param behavior    {@code spec.behavior}, empty when left out (which selects the controller's older rules)
 */
public record HpaSpec(int minReplicas, int maxReplicas, List<HpaMetricSpec> metrics, Optional<HpaBehavior> behavior)
        implements AutoscalerSpec {

    /** minReplicas when left out. */
    public static final int DEFAULT_MIN_REPLICAS = 1;

    public HpaSpec {
        metrics = metrics == null || metrics.isEmpty()
                ? List.of(new CpuUtilizationMetric(CpuUtilizationMetric.DEFAULT_AVERAGE_UTILIZATION))
                : List.copyOf(metrics);
        if (minReplicas < 1) {
            throw new IllegalArgumentException("minReplicas must be greater than or equal to 1");
        }
        if (maxReplicas < minReplicas) {
            throw new IllegalArgumentException("maxReplicas must be greater than or equal to minReplicas");
        }
    }

    @Override
    public HpaSpec horizontalPodAutoscaler() {
        return this;
    }
}
