package org.rebalancesim.scenario.autoscaling;

/**
 * {@code {type: Resource, resource: {name: cpu, target: {type: Utilization, averageUtilization}}}}:
 * the pods' CPU use as a percentage of their requests (replica_calculator.go GetResourceReplicas).
 *
 * @param averageUtilization the target percentage of the request, above 0
 */
public record CpuUtilizationMetric(int averageUtilization) implements HpaMetricSpec {

    /** The metric an HPA without metrics gets (autoscaling/v2 defaults.go, DefaultCPUUtilization). */
    public static final int DEFAULT_AVERAGE_UTILIZATION = 80;

    public CpuUtilizationMetric {
        if (averageUtilization <= 0) {
            throw new IllegalArgumentException("resource.target.averageUtilization must be positive");
        }
    }
}
