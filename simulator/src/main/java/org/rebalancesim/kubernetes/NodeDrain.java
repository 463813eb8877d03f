package org.rebalancesim.kubernetes;

import java.util.List;
import org.rebalancesim.engine.Simulation;

/**
 * {@code kubectl drain} of a node (docs/kubernetes.md §5; kubectl's drain.go evictPods): the node is cordoned and
 * each of its pods is evicted through the Eviction API at once, in parallel; an eviction the PodDisruptionBudget
 * refuses (429 Too Many Requests) is tried again 5 s later, until it is granted. A granted eviction deletes the pod,
 * which terminates gracefully while its controller replaces it.
 */
final class NodeDrain {

    /** kubectl drain's wait before it asks again for an eviction the budget refused. */
    static final long RETRY_MS = 5_000;

    private final Simulation sim;
    private final WorkloadController workload;

    NodeDrain(Simulation sim, WorkloadController workload) {
        this.sim = sim;
        this.workload = workload;
    }

    void drain(List<String> pods) {
        pods.forEach(this::evict);
    }

    private void evict(String pod) {
        WorkloadController.Eviction result = workload.evict(pod);
        if (result == WorkloadController.Eviction.REFUSED) {
            sim.after(RETRY_MS, () -> evict(pod));
        }
    }
}
