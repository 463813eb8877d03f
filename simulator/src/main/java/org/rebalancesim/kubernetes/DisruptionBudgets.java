package org.rebalancesim.kubernetes;

import org.rebalancesim.scenario.WorkloadSpec;

/**
 * Whether a PodDisruptionBudget lets the Eviction API evict a pod now (docs/kubernetes.md §5;
 * pkg/controller/disruption disruption.go, pkg/registry/core/pod/storage/eviction.go). The budget wants
 * desiredHealthy pods: minAvailable, or the expected pods (the workload's replicas) less maxUnavailable, a
 * percentage of the expected pods rounded up either way; the currently healthy ones are its ready pods not being
 * deleted. A ready pod may go while more are healthy than desired (disruptionsAllowed above 0); a pod that is not
 * ready while at least as many are (unhealthyPodEvictionPolicy IfHealthyBudget, the default). Without a budget every
 * eviction is granted.
 */
final class DisruptionBudgets {

    private DisruptionBudgets() {
    }

    static boolean allows(WorkloadSpec.DisruptionBudget budget, int expectedPods, int healthyPods, boolean podReady) {
        if (budget == null) {
            return true;
        }
        int desired = budget.minAvailable() != null ? budget.minAvailable().scaled(expectedPods, true)
                : Math.max(0, expectedPods - budget.maxUnavailable().scaled(expectedPods, true));
        return podReady ? healthyPods - desired > 0 : healthyPods >= desired;
    }
}
