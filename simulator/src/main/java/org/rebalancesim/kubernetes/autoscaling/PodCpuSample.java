package org.rebalancesim.kubernetes.autoscaling;

/**
 * One pod of the scale target at an HPA sync, for a cpu Utilization metric.
 *
 * @param podName      the pod's name (tells pods apart; it decides nothing)
 * @param state        how groupPods counts it
 * @param usageMilli   the metrics API's cpu sample, in millicores (read only for a READY pod)
 * @param requestMilli the pod's cpu request, in millicores (the sum of its containers'; calculateRequests)
 */
public record PodCpuSample(String podName, PodCpuState state, long usageMilli, long requestMilli) {

    public PodCpuSample {
        if (usageMilli < 0 || requestMilli <= 0) {
            // calculateRequests fails the whole metric for a pod without a request.
            throw new IllegalArgumentException("pod " + podName + " needs a cpu request and a non-negative usage");
        }
    }

    /** A ready pod with a sample. */
    public static PodCpuSample ready(String podName, long usageMilli, long requestMilli) {
        return new PodCpuSample(podName, PodCpuState.READY, usageMilli, requestMilli);
    }
}
