package org.rebalancesim.kubernetes;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * A workload's pods as its controller's story tells them, replayed: which exist, which are being deleted, which are
 * ready, after every one of its steps. For tests of the Kubernetes rules of a rollout.
 */
final class WorkloadPodStates {

    /** After one step: the time, the pods that exist and are not being deleted, and those of them that are ready. */
    record Snapshot(long atMs, int pods, int ready) {
    }

    private final List<Snapshot> snapshots = new ArrayList<>();
    private final List<String> created = new ArrayList<>();
    private final List<String> deleted = new ArrayList<>();
    private final List<Long> deletedAtMs = new ArrayList<>();
    private final List<Long> createdAtMs = new ArrayList<>();

    WorkloadPodStates(VariantResult result, List<String> initialPods) {
        Set<String> alive = new LinkedHashSet<>(initialPods);
        Set<String> ready = new HashSet<>();
        for (Series.StoryEvent event : result.series().events()) {
            if (event.kind() != StoryKind.WORKLOAD || event.pod() == null) {
                continue;
            }
            String pod = event.pod();
            String what = event.what();
            if (what.startsWith("created")) {
                alive.add(pod);
                created.add(pod);
                createdAtMs.add(event.atMs());
            } else if (what.startsWith("deleted")) {
                alive.remove(pod);
                ready.remove(pod);
                deleted.add(pod);
                deletedAtMs.add(event.atMs());
            } else if (what.startsWith("ready")) {
                ready.add(pod);
            } else if (what.startsWith("not ready")) {
                ready.remove(pod);
            }
            snapshots.add(new Snapshot(event.atMs(), alive.size(),
                    (int) alive.stream().filter(ready::contains).count()));
        }
    }

    /** The snapshots from the first at which {@code replicas} pods were ready (the workload up) on. */
    List<Snapshot> afterAllReady(int replicas) {
        int first = 0;
        while (first < snapshots.size() && snapshots.get(first).ready() < replicas) {
            first++;
        }
        return snapshots.subList(first, snapshots.size());
    }

    /** The last snapshot of each instant: what the controller left once it was done with that moment. */
    List<Snapshot> settledAfterAllReady(int replicas) {
        List<Snapshot> all = afterAllReady(replicas);
        List<Snapshot> settled = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            if (i + 1 == all.size() || all.get(i + 1).atMs() != all.get(i).atMs()) {
                settled.add(all.get(i));
            }
        }
        return settled;
    }

    List<String> created() {
        return created;
    }

    List<String> deleted() {
        return deleted;
    }

    List<Long> deletedAtMs() {
        return deletedAtMs;
    }

    List<Long> createdAtMs() {
        return createdAtMs;
    }
}
