package org.rebalancesim.kubernetes;

import org.rebalancesim.scenario.WorkloadSpec;

/**
 * When a readiness probe first makes a pod ready (docs/kubernetes.md §3). The kubelet's prober worker for a
 * container starts with the pod and probes at once and then every {@code periodSeconds} (prober/worker.go run);
 * a probe within {@code initialDelaySeconds} of the container's start is skipped (doProbe); a probe succeeds here once
 * the application is up, and {@code successThreshold} successes in a row make the pod ready.
 */
final class ReadinessProbes {

    private ReadinessProbes() {
    }

    /**
     * @param podCreatedMs     when the pod (and its prober worker) was created: the probes' phase
     * @param containerStartMs when the current container started
     * @param upMs             when the application came up
     */
    static long readyAtMs(WorkloadSpec.ReadinessProbe probe, long podCreatedMs, long containerStartMs, long upMs) {
        long earliest = Math.max(upMs, containerStartMs + probe.initialDelayMs());
        long periods = Math.floorDiv(earliest - podCreatedMs + probe.periodMs() - 1, probe.periodMs());
        long firstSuccess = podCreatedMs + Math.max(0, periods) * probe.periodMs();
        return firstSuccess + (probe.successThreshold() - 1L) * probe.periodMs();
    }
}
