package org.rebalancesim.kubernetes;

import java.util.ArrayList;
import java.util.List;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.events.GroupEvents;
import org.rebalancesim.scenario.WorkloadSpec;

/**
 * A StatefulSet with {@code podManagementPolicy: OrderedReady} (docs/kubernetes.md §4; pkg/controller/statefulset
 * stateful_set_control.go updateStatefulSet): its pods keep their names, in ordinal order (the scenario's pods,
 * then those it creates), so a group.instance.id taken from the pod's name survives a rollout, and so does a Kafka
 * Streams pod's state (its persistent volume). It creates missing pods one at a time in ordinal order, each once
 * the one before is running and ready, and does nothing further while any pod is not. A RollingUpdate deletes the
 * pod with the highest ordinal at or above {@code partition} that is not of the update revision, waits for it to
 * terminate, creates it again at the new revision, and goes on to the next once it is running and available.
 * OnDelete replaces no pod. Scaling down deletes the highest ordinals, one at a time.
 */
final class StatefulSetController extends WorkloadController {

    /** The pods' names by ordinal. */
    private final List<String> ordinals = new ArrayList<>();
    /** Ordinals below the partition keep this revision. */
    private int currentRevision = 1;

    StatefulSetController(Simulation sim, WorkloadSpec spec, PodSource source, GroupEvents events, long seed) {
        super(sim, spec, source, events, seed);
    }

    @Override
    public void adopt(List<String> names) {
        ordinals.addAll(names);
        super.adopt(names);
    }

    @Override
    public void released(String name) {
        ordinals.remove(name);
        super.released(name);
    }

    @Override
    protected String strategyText() {
        WorkloadSpec.StatefulSetUpdate update = spec.updateStrategy();
        return update.onDelete() ? "OnDelete: no pod is replaced until deleted by hand"
                : "RollingUpdate from the highest ordinal, one pod at a time"
                + (update.partition() > 0 ? ", ordinals from partition " + update.partition() : "");
    }

    @Override
    protected void sync() {
        if (!createInOrder() || !scaleDown()) {
            return;
        }
        if (spec.updateStrategy().onDelete()) {
            currentRevision = revision;
            return;
        }
        int partition = Math.min(spec.updateStrategy().partition(), replicas);
        for (int target = replicas - 1; target >= partition; target--) {
            WorkloadPod pod = pods.get(ordinals.get(target));
            if (pod.revision != revision && !pod.deleting) {
                deletePod(pod, " (RollingUpdate: ordinal " + target + ")");
                return;
            }
            if (!pod.running || !available(pod)) {
                return;
            }
        }
        if (partition == 0) {
            currentRevision = revision;
        }
        if (rollingOut()) {
            rolloutDone();
        }
    }

    /** OrderedReady: the first missing ordinal is created, and nothing goes on while a pod is not running and ready. */
    private boolean createInOrder() {
        for (int ordinal = 0; ordinal < replicas; ordinal++) {
            if (ordinal == ordinals.size()) {
                WorkloadPod created = createPod(" (ordinal " + ordinal + ")");
                ordinals.add(created.name);
                return false;
            }
            WorkloadPod pod = pods.get(ordinals.get(ordinal));
            if (pod.deleting) {
                return false; // waiting for it to terminate
            }
            if (pod.gone) {
                int atRevision = ordinal < spec.updateStrategy().partition() ? currentRevision : revision;
                recreatePod(pod, atRevision);
                return false;
            }
            if (!pod.running || !pod.ready()) {
                return false;
            }
        }
        return true;
    }

    /** Ordinals at or above replicas are deleted from the highest, each once the one above has terminated. */
    private boolean scaleDown() {
        for (int ordinal = ordinals.size() - 1; ordinal >= replicas; ordinal--) {
            WorkloadPod pod = pods.get(ordinals.get(ordinal));
            if (pod.deleting) {
                return false;
            }
            if (!pod.gone) {
                deletePod(pod, " (scaled down: ordinal " + ordinal + ")");
                return false;
            }
            ordinals.remove(ordinal);
            pods.remove(pod.name);
        }
        return true;
    }

    @Override
    protected void terminated(WorkloadPod pod) {
        // The pod object is gone; its name, volume and ordinal wait for the controller to create it again.
        pod.deleting = false;
        pod.gone = true;
    }
}
