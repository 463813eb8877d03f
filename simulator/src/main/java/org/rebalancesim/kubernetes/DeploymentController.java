package org.rebalancesim.kubernetes;

import java.util.List;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.events.GroupEvents;
import org.rebalancesim.scenario.WorkloadSpec;

/**
 * A Deployment and its ReplicaSets (docs/kubernetes.md §3; pkg/controller/deployment rolling.go, recreate.go,
 * util/deployment_util.go). A rollout makes a new ReplicaSet whose pods get new names, so a group.instance.id taken
 * from the pod's name changes with every rollout. RollingUpdate: the new ReplicaSet grows while all pods number at
 * most replicas + maxSurge (a percentage rounded up), and old pods are deleted while at least replicas -
 * maxUnavailable (rounded down) stay available, unhealthy old pods first; both 0 after rounding makes maxUnavailable
 * 1. Terminating pods count for neither (the default podReplacementPolicy), so a slow close() does not hold a rollout
 * up. Recreate: every old pod is deleted, and new pods come once none of them runs any more.
 */
final class DeploymentController extends WorkloadController {

    DeploymentController(Simulation sim, WorkloadSpec spec, PodSource source, GroupEvents events, long seed) {
        super(sim, spec, source, events, seed);
    }

    @Override
    protected String strategyText() {
        WorkloadSpec.DeploymentStrategy strategy = spec.strategy();
        if (strategy.recreate()) {
            return "Recreate";
        }
        return "RollingUpdate: maxSurge " + strategy.maxSurge().text() + " = " + maxSurge() + ", maxUnavailable "
                + strategy.maxUnavailable().text() + " = " + maxUnavailable() + " of " + replicas + " replicas";
    }

    /** ResolveFenceposts: the surge rounded up. */
    int maxSurge() {
        return spec.strategy().maxSurge().scaled(replicas, true);
    }

    /** ResolveFenceposts and MaxUnavailable: rounded down, 1 if both are 0, at most the replicas. */
    int maxUnavailable() {
        int unavailable = spec.strategy().maxUnavailable().scaled(replicas, false);
        if (unavailable == 0 && maxSurge() == 0) {
            unavailable = 1;
        }
        return Math.min(unavailable, replicas);
    }

    @Override
    protected void sync() {
        List<WorkloadPod> active = active();
        List<WorkloadPod> fresh = active.stream().filter(pod -> pod.revision == revision).toList();
        List<WorkloadPod> old = active.stream().filter(pod -> pod.revision != revision).toList();
        if (spec.strategy().recreate()) {
            recreate(fresh, old);
        } else {
            rollingUpdate(fresh, old);
        }
        if (rollingOut() && old.isEmpty() && fresh.size() == replicas
                && fresh.stream().allMatch(this::available)) {
            rolloutDone();
        }
    }

    private void recreate(List<WorkloadPod> fresh, List<WorkloadPod> old) {
        if (!old.isEmpty()) {
            old.forEach(pod -> deletePod(pod, " (Recreate: every old pod first)"));
            return;
        }
        boolean oldRunning = pods.values().stream().anyMatch(pod -> pod.deleting && pod.revision != revision);
        if (!oldRunning) {
            scaleNewReplicaSet(fresh, replicas - fresh.size());
        }
    }

    /** reconcileNewReplicaSet, then reconcileOldReplicaSets, as one sync and the one its update wakes at once. */
    private void rollingUpdate(List<WorkloadPod> fresh, List<WorkloadPod> old) {
        int total = fresh.size() + old.size();
        int room = replicas + maxSurge() - total;
        int scaleUp = Math.min(room, replicas - fresh.size());
        if (fresh.size() > replicas || old.isEmpty()) {
            scaleNewReplicaSet(fresh, replicas - fresh.size());
        } else if (scaleUp > 0) {
            scaleNewReplicaSet(fresh, scaleUp);
            total += scaleUp;
        }
        if (old.isEmpty()) {
            return;
        }
        int newSize = Math.max(fresh.size() + Math.max(scaleUp, 0), 0);
        int minAvailable = replicas - maxUnavailable();
        int newUnavailable = newSize - (int) fresh.stream().filter(this::available).count();
        int maxScaledDown = total - minAvailable - newUnavailable;
        if (maxScaledDown <= 0) {
            return;
        }
        // cleanupUnhealthyReplicas: old pods that are not available go first, up to maxScaledDown.
        List<WorkloadPod> unhealthy = old.stream().filter(pod -> !available(pod)).toList();
        List<WorkloadPod> cleaned = PodsToDelete.first(unhealthy, maxScaledDown, now());
        cleaned.forEach(pod -> deletePod(pod, " (an old pod that is not available)"));
        // scaleDownOldReplicaSetsForRollingUpdate: then available ones while more than minAvailable are.
        List<WorkloadPod> remaining = old.stream().filter(pod -> !cleaned.contains(pod)).toList();
        int availableNow = (int) remaining.stream().filter(this::available).count()
                + (int) fresh.stream().filter(this::available).count();
        if (availableNow > minAvailable) {
            scaleDownOld(remaining, availableNow - minAvailable);
        }
    }

    /** The old ReplicaSets, oldest first, each deleting its own pods in ReplicaSet order. */
    private void scaleDownOld(List<WorkloadPod> old, int count) {
        int left = count;
        for (int rev = 1; rev < revision && left > 0; rev++) {
            int ofRevision = rev;
            List<WorkloadPod> replicaSet = old.stream().filter(pod -> pod.revision == ofRevision).toList();
            List<WorkloadPod> deleted = PodsToDelete.first(replicaSet, left, now());
            deleted.forEach(pod -> deletePod(pod, " (old revision " + ofRevision + ")"));
            left -= deleted.size();
        }
    }

    /** The new ReplicaSet grows by {@code change} pods, or shrinks by deleting the pods it ranks first. */
    private void scaleNewReplicaSet(List<WorkloadPod> fresh, int change) {
        for (int i = 0; i < change; i++) {
            createPod("");
        }
        if (change < 0) {
            PodsToDelete.first(fresh, -change, now()).forEach(pod -> deletePod(pod, " (scaled down)"));
        }
    }

    @Override
    protected void terminated(WorkloadPod pod) {
        pods.remove(pod.name);
    }
}
