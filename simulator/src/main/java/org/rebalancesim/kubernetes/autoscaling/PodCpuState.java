package org.rebalancesim.kubernetes.autoscaling;

/**
 * How the HPA counts a pod for a cpu metric: the four groups of replica_calculator.go groupPods.
 * The caller decides the group from the pod's state, by groupPods' rules:
 * <ul>
 *   <li>{@link #IGNORED}: the pod is being deleted or has failed;</li>
 *   <li>{@link #UNREADY}: the pod is pending; or, for cpu, it has no Ready condition or start time;
 *       or it started less than the cpu initialization period (5 min) ago and is not Ready, or its
 *       sample is older than its readiness transition plus the metric window; or it started longer
 *       ago, is not Ready and never became Ready within the initial readiness delay (30 s) of its start;</li>
 *   <li>{@link #MISSING_METRIC}: otherwise, when the metrics API has no sample for it;</li>
 *   <li>{@link #READY}: the rest.</li>
 * </ul>
 */
public enum PodCpuState {
    READY,
    UNREADY,
    MISSING_METRIC,
    IGNORED
}
