package org.rebalancesim.kubernetes.autoscaling;

import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.TreeMap;

/**
 * The replica count one metric asks for (kubernetes v1.34, pkg/controller/podautoscaler/replica_calculator.go),
 * in the same double arithmetic as the Go float64 code, so the roundings are the same.
 */
final class ReplicaCalculator {

    private ReplicaCalculator() {
    }

    /**
     * GetExternalPerPodMetricReplicas: with the metric's total {@code usage} and the per-pod target,
     * ratio = usage / (target × statusReplicas); within the tolerance the count stays statusReplicas,
     * otherwise it is ceil(usage / target), whatever the current count.
     */
    static int externalPerPodReplicas(int statusReplicas, long usageMilli, long targetPerPodMilli, Tolerances tolerances) {
        double usageRatio = (double) usageMilli / ((double) targetPerPodMilli * (double) statusReplicas);
        if (tolerances.isWithin(usageRatio)) {
            return statusReplicas;
        }
        double replicas = Math.ceil((double) usageMilli / (double) targetPerPodMilli);
        return replicas > Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) replicas;
    }

    /**
     * GetResourceReplicas for a cpu Utilization target: empty when the HPA gets no replica count from
     * the metric (no pods, or no sample left once unready and ignored pods are dropped).
     */
    static OptionalInt cpuUtilizationReplicas(int currentReplicas, int targetUtilization, List<PodCpuSample> pods,
                                              Tolerances tolerances) {
        Map<String, Long> requests = new TreeMap<>();
        Map<String, Long> metrics = new TreeMap<>();
        int readyPodCount = 0;
        int unready = 0;
        int missing = 0;
        for (PodCpuSample pod : pods) {
            requests.put(pod.podName(), pod.requestMilli());
            switch (pod.state()) {
                case READY -> {
                    metrics.put(pod.podName(), pod.usageMilli());
                    readyPodCount++;
                }
                case UNREADY -> unready++;
                case MISSING_METRIC -> missing++;
                case IGNORED -> { }
                default -> throw new IllegalStateException("pod state " + pod.state());
            }
        }
        if (metrics.isEmpty()) {
            return OptionalInt.empty();
        }
        double usageRatio = utilizationRatio(metrics, requests, targetUtilization);
        boolean scaleUpWithUnready = unready > 0 && usageRatio > 1.0;
        if (!scaleUpWithUnready && missing == 0) {
            if (tolerances.isWithin(usageRatio)) {
                return OptionalInt.of(currentReplicas);
            }
            return OptionalInt.of((int) Math.ceil(usageRatio * readyPodCount));
        }
        for (PodCpuSample pod : pods) {
            if (pod.state() == PodCpuState.MISSING_METRIC && usageRatio < 1.0) {
                // On a scale-down a pod without a sample counts as using all of its request (or the target, above 100).
                metrics.put(pod.podName(), pod.requestMilli() * Math.max(100, targetUtilization) / 100);
            } else if (pod.state() == PodCpuState.MISSING_METRIC && usageRatio > 1.0) {
                metrics.put(pod.podName(), 0L);
            } else if (pod.state() == PodCpuState.UNREADY && scaleUpWithUnready) {
                metrics.put(pod.podName(), 0L);
            }
        }
        double newUsageRatio = utilizationRatio(metrics, requests, targetUtilization);
        if (tolerances.isWithin(newUsageRatio) || (usageRatio < 1.0 && newUsageRatio > 1.0)
                || (usageRatio > 1.0 && newUsageRatio < 1.0)) {
            return OptionalInt.of(currentReplicas);
        }
        int newReplicas = (int) Math.ceil(newUsageRatio * metrics.size());
        if ((newUsageRatio < 1.0 && newReplicas > currentReplicas) || (newUsageRatio > 1.0 && newReplicas < currentReplicas)) {
            return OptionalInt.of(currentReplicas);
        }
        return OptionalInt.of(newReplicas);
    }

    /**
     * metrics/utilization.go GetResourceUtilizationRatio: the utilization is a whole percentage,
     * truncated ((Σ usage × 100) / Σ request in integers), and the ratio is that over the target.
     */
    static double utilizationRatio(Map<String, Long> metrics, Map<String, Long> requests, int targetUtilization) {
        long metricsTotal = 0;
        long requestsTotal = 0;
        for (Map.Entry<String, Long> metric : metrics.entrySet()) {
            metricsTotal += metric.getValue();
            requestsTotal += requests.get(metric.getKey());
        }
        int currentUtilization = (int) ((metricsTotal * 100) / requestsTotal);
        return (double) currentUtilization / (double) targetUtilization;
    }
}
