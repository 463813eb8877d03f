package org.rebalancesim.scenario.autoscaling;

/**
 * One entry of an HPA's {@code spec.metrics} (autoscaling/v2 MetricSpec), of the two kinds the
 * simulator reads: an External metric with an AverageValue target (what KEDA registers for a Kafka
 * trigger) and a Resource cpu metric with a Utilization target.
 */
public sealed interface HpaMetricSpec permits ExternalAverageValueMetric, CpuUtilizationMetric {
}
