package org.rebalancesim.scenario.autoscaling;

/**
 * {@code {type: External, external: {metric: {name}, target: {type: AverageValue, averageValue}}}}:
 * the HPA divides the metric's total by the target to get a replica count
 * (replica_calculator.go GetExternalPerPodMetricReplicas).
 *
 * @param metricName        the external metric's name
 * @param averageValueMilli the target per replica, in milli-units (a Quantity's MilliValue)
 */
public record ExternalAverageValueMetric(String metricName, long averageValueMilli) implements HpaMetricSpec {

    public ExternalAverageValueMetric {
        if (averageValueMilli <= 0) {
            throw new IllegalArgumentException("external.target.averageValue must be positive");
        }
    }
}
