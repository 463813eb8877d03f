package org.rebalancesim.kubernetes;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Which of a ReplicaSet's pods it deletes when it scales down (docs/kubernetes.md §3; replica_set.go getPodsToDelete,
 * controller_utils.go ActivePodsWithRanks, with the LogarithmicScaleDown gate Kubernetes enables by default): the
 * first of these orders. Not ready before ready; of two ready pods the one ready for less time, compared on a
 * logarithmic scale (the same power of two of nanoseconds is a tie); more container restarts first; then the newer
 * pod, on the same scale; and last a tie-break on the pods' UIDs (here a draw per pod). Every pod is taken as
 * scheduled and running, on nodes of its own, with no deletion cost: the ranks those add do not apply.
 */
final class PodsToDelete {

    private PodsToDelete() {
    }

    static List<WorkloadPod> first(List<WorkloadPod> candidates, int count, long nowMs) {
        List<WorkloadPod> ranked = new ArrayList<>(candidates);
        ranked.sort(order(nowMs));
        return List.copyOf(ranked.subList(0, Math.min(count, ranked.size())));
    }

    static Comparator<WorkloadPod> order(long nowMs) {
        return Comparator.comparing((WorkloadPod pod) -> pod.ready())
                .thenComparingLong(pod -> pod.ready() ? logRank(pod.readySinceMs, nowMs) : 0)
                .thenComparing(Comparator.comparingInt((WorkloadPod pod) -> pod.restarts).reversed())
                .thenComparingLong(pod -> logRank(pod.createdMs, nowMs))
                .thenComparingLong(pod -> pod.uid);
    }

    /** logarithmicRankDiff's rank of a time: the power of two of the nanoseconds since, -1 for none. */
    static long logRank(long sinceMs, long nowMs) {
        long nanos = (nowMs - sinceMs) * 1_000_000L;
        return nanos <= 0 ? -1 : 63 - Long.numberOfLeadingZeros(nanos);
    }
}
