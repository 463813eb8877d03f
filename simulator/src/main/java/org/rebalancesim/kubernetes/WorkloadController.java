package org.rebalancesim.kubernetes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.math3.random.RandomGenerator;
import org.rebalancesim.consumer.ConsumerPod;
import org.rebalancesim.consumer.PodWatcher;
import org.rebalancesim.engine.Rng;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.events.GroupEvents;
import org.rebalancesim.events.PodEvents;
import org.rebalancesim.events.PodEvents.Story;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.kubernetes.autoscaling.HpaControllerConfig;
import org.rebalancesim.kubernetes.autoscaling.PodCpuState;
import org.rebalancesim.scenario.PodConfigChange;
import org.rebalancesim.scenario.WorkloadSpec;

/**
 * The controller of a run's workload (docs/kubernetes.md §3, §4): it keeps {@code replicas} pods of the current
 * template revision, replaces the pods of older revisions after a {@code rollout} as the workload's strategy says,
 * and follows each pod's readiness, as the kubelet's readiness probe reports it. A sync runs whenever something it
 * watches changes (a pod's container, its readiness, its availability after minReadySeconds), as the real
 * controllers are woken by their informers; the few ms their watch takes are not modelled.
 */
public abstract class WorkloadController implements PodWatcher {

    /** Creates the workload's pods: those of the scenario by name, and new ones named after the highest so far. */
    public interface PodSource {
        ConsumerPod existing(String name);

        ConsumerPod createNext();
    }

    protected final Simulation sim;
    protected final WorkloadSpec spec;
    private final PodSource source;
    private final GroupEvents events;
    private final RandomGenerator uids;
    /** The pods the workload owns and has not finished deleting, in creation order. */
    protected final Map<String, WorkloadPod> pods = new LinkedHashMap<>();
    /** The template revision new pods get; a rollout increments it. */
    protected int revision = 1;
    /**
     * The consumer configs of each revision's template since the first rollout that changed them (a later rollout
     * without config: keeps them); a revision not here runs the scenario's configuration.
     */
    private final Map<Integer, PodConfigChange> configByRevision = new HashMap<>();
    protected int replicas;
    private long rolloutStartMs = -1;
    private boolean syncing;
    private boolean syncAgain;
    private int publishedReplicas = -1;
    private int publishedPods = -1;
    private int publishedReady = -1;

    protected WorkloadController(Simulation sim, WorkloadSpec spec, PodSource source, GroupEvents events, long seed) {
        this.sim = sim;
        this.spec = spec;
        this.source = source;
        this.events = events;
        this.uids = Rng.stream(seed, "workload:" + spec.name());
    }

    /** The controller of {@code spec}'s kind. */
    public static WorkloadController of(Simulation sim, WorkloadSpec spec, PodSource source, GroupEvents events,
                                        long seed) {
        return spec.kind() == WorkloadSpec.Kind.DEPLOYMENT ? new DeploymentController(sim, spec, source, events, seed)
                : new StatefulSetController(sim, spec, source, events, seed);
    }

    /** Pods the run or the timeline starts itself (the initial ones, a {@code start}): the workload scales up by them. */
    public void adopt(List<String> names) {
        for (String name : names) {
            WorkloadPod pod = new WorkloadPod(name, uids.nextLong(), revision, sim.nowMs());
            pods.put(name, pod);
            source.existing(name).watchedBy(this);
            replicas++;
        }
        requestSync();
    }

    /** The timeline deleted a pod itself (a {@code stop}): the workload scales down by it. */
    public void released(String name) {
        if (pods.remove(name) != null) {
            replicas--;
            source.existing(name).watchedBy(PodWatcher.NONE);
            requestSync();
        }
    }

    /**
     * The pod template changed: the controller replaces every pod of an older revision; the new revision's pods start
     * with {@code config} when it changes any, else with the previous revision's.
     */
    public void rollout(PodConfigChange config) {
        PodConfigChange template = config.isNone() ? configOf(revision) : config;
        revision++;
        if (!template.isNone()) {
            configByRevision.put(revision, template);
        }
        rolloutStartMs = sim.nowMs();
        story(spec.name(), "rollout of revision " + revision + " begins (" + strategyText() + ")");
        requestSync();
    }

    /** How the workload's kind replaces pods, for the story. */
    protected abstract String strategyText();

    /** What the Eviction API answers. */
    public enum Eviction { GRANTED, REFUSED, GONE }

    /**
     * The Eviction API asked to evict the pod (a node drain): granted if the PodDisruptionBudget allows it, and then
     * the pod is deleted and its controller replaces it; GONE if the pod is no longer the workload's.
     */
    public Eviction evict(String name) {
        WorkloadPod pod = pods.get(name);
        if (pod == null || pod.deleting || pod.gone) {
            return Eviction.GONE;
        }
        if (!DisruptionBudgets.allows(spec.disruptionBudget(), replicas, readyPods(), pod.ready())) {
            story(name, "eviction refused: the PodDisruptionBudget allows no disruption now (kubectl drain asks again"
                    + " in 5 s)");
            return Eviction.REFUSED;
        }
        deletePod(pod, " (evicted: node drain)");
        requestSync();
        return Eviction.GRANTED;
    }

    /** {@code kubectl drain} of the node that runs these pods. */
    public void drain(List<String> names) {
        new NodeDrain(sim, this).drain(names);
    }

    /**
     * The node of these pods is gone (a spot instance reclaimed at the end of its notice): what still runs on it
     * dies at once, without a LeaveGroup, and its pods are deleted: their controller replaces them.
     */
    public void nodeLost(List<String> names) {
        for (String name : names) {
            WorkloadPod pod = pods.get(name);
            if (pod == null || pod.gone) {
                continue;
            }
            story(name, "lost with its node");
            pod.deleting = true;
            source.existing(name).crash(true);
            terminated(pod);
        }
        requestSync();
    }

    /** Sets {@code spec.replicas}, as an autoscaler or {@code kubectl scale} does; {@code why} ends the story line. */
    public void scaleTo(int newReplicas, String why) {
        if (newReplicas != replicas) {
            story(spec.name(), "scaled from " + replicas + " to " + newReplicas + " replicas" + why);
            replicas = newReplicas;
            requestSync();
        }
    }

    /** {@code status.replicas} of the scale subresource: the pods not being deleted, of every revision. */
    public int statusReplicas() {
        return active().size();
    }

    /**
     * How the HPA's groupPods counts each pod for a cpu metric (replica_calculator.go), its sample taken now over
     * {@code windowMs}: a pod being deleted is ignored. In its first cpuInitializationPeriod (from its start) a pod
     * is unready unless it is ready and was already ready when the sample's window began, so the CPU of a start
     * and of its first catching up does not count. Later only a pod that is not ready and never became ready
     * within the initial readiness delay of its start is unready: one that lost its readiness after that (its
     * container restarting) is read as ready, its sample included.
     */
    public Map<String, PodCpuState> cpuStates(long windowMs, HpaControllerConfig controller) {
        long now = sim.nowMs();
        Map<String, PodCpuState> states = new LinkedHashMap<>();
        for (WorkloadPod pod : pods.values()) {
            boolean unready;
            if (now < pod.createdMs + controller.cpuInitializationPeriodMs()) {
                unready = !pod.ready() || now < pod.readySinceMs + windowMs;
            } else {
                unready = !pod.ready() && pod.notReadySinceMs < pod.createdMs + controller.initialReadinessDelayMs();
            }
            states.put(pod.name, pod.deleting ? PodCpuState.IGNORED : unready ? PodCpuState.UNREADY : PodCpuState.READY);
        }
        return states;
    }

    public int replicas() {
        return replicas;
    }

    /** The workload's pods that are ready now (not being deleted). */
    public int readyPods() {
        return (int) pods.values().stream().filter(pod -> pod.ready() && !pod.deleting).count();
    }

    /**
     * Brings the workload towards its spec; may create and delete pods. It runs again at once after a change, as the
     * change's own watch event wakes the real controller, until a sync changes nothing.
     */
    protected abstract void sync();

    protected final void requestSync() {
        if (syncing) {
            syncAgain = true;
            return;
        }
        syncing = true;
        try {
            do {
                syncAgain = false;
                sync();
            } while (syncAgain);
        } finally {
            syncing = false;
        }
        publishSize();
    }

    /** The workload's size, for the replicas series, whenever it has changed. */
    private void publishSize() {
        int live = active().size();
        int ready = readyPods();
        if (replicas != publishedReplicas || live != publishedPods || ready != publishedReady) {
            publishedReplicas = replicas;
            publishedPods = live;
            publishedReady = ready;
            events.publish(new PodEvents.WorkloadChanged(spec.name(), replicas, live, ready));
        }
    }

    /** A rollout whose old pods are all replaced: the story says how long it took. */
    protected final void rolloutDone() {
        if (rolloutStartMs >= 0) {
            story(spec.name(), String.format(Locale.ROOT, "rollout of revision %d complete after %.1f s", revision,
                    (sim.nowMs() - rolloutStartMs) / 1000.0));
            rolloutStartMs = -1;
        }
    }

    protected final boolean rollingOut() {
        return rolloutStartMs >= 0;
    }

    /** A new pod of the current revision, named after the highest pod so far, started now. */
    protected final WorkloadPod createPod(String why) {
        syncAgain = true;
        ConsumerPod created = source.createNext();
        WorkloadPod pod = new WorkloadPod(created.name(), uids.nextLong(), revision, sim.nowMs());
        pods.put(pod.name, pod);
        created.watchedBy(this);
        story(created.name(), "created by " + spec.kind().manifestName() + " " + spec.name() + " (revision "
                + revision + ")" + why);
        created.start(configOf(revision));
        return pod;
    }

    private PodConfigChange configOf(int templateRevision) {
        return configByRevision.getOrDefault(templateRevision, PodConfigChange.NONE);
    }

    /** The pod is created again under its own name at {@code atRevision} (a StatefulSet's), and started. */
    protected final void recreatePod(WorkloadPod pod, int atRevision) {
        syncAgain = true;
        pod.recreate(atRevision, sim.nowMs());
        story(pod.name, "created again by StatefulSet " + spec.name() + " (revision " + atRevision + ")");
        source.existing(pod.name).start(configOf(atRevision));
    }

    /** Deletes the pod: the kubelet terminates its container (preStop, SIGTERM, SIGKILL at the grace period). */
    protected final void deletePod(WorkloadPod pod, String why) {
        syncAgain = true;
        pod.deleting = true;
        story(pod.name, "deleted by " + spec.kind().manifestName() + " " + spec.name() + why);
        boolean wasRunning = pod.running;
        source.existing(pod.name).stop();
        if (!wasRunning) {
            terminated(pod);
        }
    }

    /** A deleted pod's container has ended: the pod is gone. */
    protected abstract void terminated(WorkloadPod pod);

    protected final long now() {
        return sim.nowMs();
    }

    protected final boolean available(WorkloadPod pod) {
        return pod.available(sim.nowMs(), spec.minReadyMs());
    }

    protected final List<WorkloadPod> active() {
        List<WorkloadPod> active = new ArrayList<>();
        for (WorkloadPod pod : pods.values()) {
            if (!pod.deleting) {
                active.add(pod);
            }
        }
        return active;
    }

    @Override
    public void containerStarted(String name) {
        WorkloadPod pod = pods.get(name);
        if (pod == null) {
            return;
        }
        if (pod.containerStartedMs >= 0) {
            pod.restarts++;
        }
        pod.running = true;
        pod.containerStartedMs = sim.nowMs();
        pod.containerEpoch++;
        if (spec.readinessProbe() == null) {
            // Without a readiness probe the kubelet reports a running container ready.
            becameReady(pod);
        }
    }

    @Override
    public void applicationUp(String name) {
        WorkloadPod pod = pods.get(name);
        if (pod == null || spec.readinessProbe() == null) {
            return;
        }
        pod.applicationUp = true;
        int epoch = pod.containerEpoch;
        sim.at(ReadinessProbes.readyAtMs(spec.readinessProbe(), pod.createdMs, pod.containerStartedMs, sim.nowMs()),
                () -> {
                    if (pod.containerEpoch == epoch && pods.get(name) == pod && !pod.deleting) {
                        becameReady(pod);
                    }
                });
    }

    @Override
    public void containerEnded(String name) {
        WorkloadPod pod = pods.get(name);
        if (pod == null) {
            return;
        }
        boolean wasReady = pod.ready();
        pod.running = false;
        pod.applicationUp = false;
        pod.readySinceMs = -1;
        if (wasReady) {
            pod.notReadySinceMs = sim.nowMs();
        }
        pod.containerEpoch++;
        if (pod.deleting) {
            terminated(pod);
        } else if (wasReady) {
            story(name, "not ready: its container ended");
        }
        requestSync();
    }

    private void becameReady(WorkloadPod pod) {
        pod.readySinceMs = sim.nowMs();
        story(pod.name, spec.minReadyMs() == 0 ? "ready" : "ready; available after minReadySeconds");
        if (spec.minReadyMs() > 0) {
            // The controllers requeue the workload to see the pod become available (AddAfter minReadySeconds).
            int epoch = pod.containerEpoch;
            sim.after(spec.minReadyMs(), () -> {
                if (pod.containerEpoch == epoch && pod.ready()) {
                    requestSync();
                }
            });
        }
        requestSync();
    }

    protected final void story(String subject, String what) {
        events.publish(new Story(subject, StoryKind.WORKLOAD, -1, what));
    }
}
