package org.rebalancesim.kubernetes;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.math3.random.RandomGenerator;
import org.rebalancesim.consumer.BusyTime;
import org.rebalancesim.engine.Rng;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.kubernetes.autoscaling.HorizontalPodAutoscaler;
import org.rebalancesim.kubernetes.autoscaling.HpaControllerConfig;
import org.rebalancesim.kubernetes.autoscaling.HpaDecision;
import org.rebalancesim.kubernetes.autoscaling.KafkaScalerReading;
import org.rebalancesim.kubernetes.autoscaling.KedaAutoscaler;
import org.rebalancesim.kubernetes.autoscaling.MetricReading;
import org.rebalancesim.kubernetes.autoscaling.PartitionOffsets;
import org.rebalancesim.kubernetes.autoscaling.PodCpuSample;
import org.rebalancesim.kubernetes.autoscaling.PodCpuState;
import org.rebalancesim.kubernetes.autoscaling.ScaledObjectPoll;
import org.rebalancesim.scenario.autoscaling.AutoscalerSpec;
import org.rebalancesim.scenario.autoscaling.HpaSpec;
import org.rebalancesim.scenario.autoscaling.ScaledObjectSpec;

/**
 * The autoscaler of a run's workload on the simulated clock (docs/kubernetes.md §6): KEDA's polling loop every
 * pollingInterval and the HPA controller's sync every 15 s, each reading the group as the real one reads it (KEDA:
 * log end and committed offsets; the HPA on CPU: the pods' processing time) and setting the workload's replicas.
 * Neither loop is in step with the scenario's clock, so each starts at a phase drawn from the run's seed.
 */
public final class WorkloadAutoscaler {

    /** The group's offsets, as KEDA's admin client reads them: every partition of the topics the group consumes. */
    public interface GroupOffsets {
        List<PartitionOffsets> read(long nowMs);
    }

    /**
     * The metrics pipeline's window: the kubelet's CPU rate and metrics-server's scrape (--metric-resolution) are
     * 15 s by default, so a sample is the usage over about the last 15 s.
     */
    static final long CPU_WINDOW_MS = 15_000;
    /** A stream thread busy all the time uses one core: the request a pod's utilization is measured against. */
    static final long MILLICORES_PER_THREAD = 1000;

    private final Simulation sim;
    private final WorkloadController workload;
    private final GroupOffsets offsets;
    private final BusyTime busy;
    private final long requestMilli;
    private final RandomGenerator phases;
    /** The bounds of the HPA that scales the workload (KEDA's: max(1, minReplicaCount) and maxReplicaCount). */
    private HpaSpec bounds;

    public WorkloadAutoscaler(Simulation sim, WorkloadController workload, GroupOffsets offsets, BusyTime busy,
                              int threadsPerPod, long seed) {
        this.sim = sim;
        this.workload = workload;
        this.offsets = offsets;
        this.busy = busy;
        this.requestMilli = threadsPerPod * MILLICORES_PER_THREAD;
        this.phases = Rng.stream(seed, "autoscaler:" + workload.spec.name());
    }

    /**
     * What the pods must record of their processing for {@code spec}: a CPU HPA reads the last window of it;
     * KEDA reads offsets only, and a run without an autoscaler reads nothing, so their pods record nothing.
     */
    public static BusyTime busyTimeFor(AutoscalerSpec spec) {
        return spec instanceof HpaSpec ? new BusyTime(CPU_WINDOW_MS) : BusyTime.NOT_READ;
    }

    /** Starts the autoscaler's loops; the objects exist before the run begins. */
    public void start(AutoscalerSpec spec) {
        HpaControllerConfig controller = HpaControllerConfig.DEFAULTS;
        bounds = spec.horizontalPodAutoscaler();
        if (spec instanceof ScaledObjectSpec scaledObject) {
            KedaAutoscaler keda = new KedaAutoscaler(scaledObject, controller, 0);
            every(keda.pollingIntervalMs(), () -> poll(keda));
            every(keda.hpaSyncPeriodMs(), () -> kedaHpaSync(keda));
        } else {
            HorizontalPodAutoscaler hpa = new HorizontalPodAutoscaler((HpaSpec) spec, controller);
            every(hpa.syncPeriodMs(), () -> cpuHpaSync(hpa));
        }
    }

    private void every(long periodMs, Runnable action) {
        long phase = (long) (phases.nextDouble() * periodMs);
        sim.at(phase, new Runnable() {
            @Override
            public void run() {
                action.run();
                sim.after(periodMs, this);
            }
        });
    }

    private void poll(KedaAutoscaler keda) {
        ScaledObjectPoll poll = keda.poll(sim.nowMs(), workload.replicas(), offsets.read(sim.nowMs()));
        if (poll.targetReplicas().isPresent()) {
            long lag = poll.readings().stream().mapToLong(KafkaScalerReading::totalLagWithPersistent).sum();
            workload.scaleTo(poll.targetReplicas().getAsInt(), switch (poll.action()) {
                case SCALE_FROM_ZERO_OR_IDLE -> " by KEDA: lag " + lag + " made the trigger active";
                case SCALE_TO_ZERO_OR_IDLE -> " by KEDA: no lag for its cooldownPeriod";
                default -> " by KEDA: up to its minReplicaCount";
            });
        }
    }

    private void kedaHpaSync(KedaAutoscaler keda) {
        HpaDecision decision = keda.hpaSync(sim.nowMs(), workload.replicas(), workload.statusReplicas(),
                offsets.read(sim.nowMs()));
        apply(decision, "lag");
    }

    private void cpuHpaSync(HorizontalPodAutoscaler hpa) {
        HpaDecision decision = hpa.sync(sim.nowMs(), workload.replicas(), workload.statusReplicas(),
                () -> List.of(new MetricReading.Cpu(cpuSamples())));
        apply(decision, "CPU");
    }

    private void apply(HpaDecision decision, String metric) {
        if (!decision.rescale()) {
            return;
        }
        String why = decision.reason() == HpaDecision.Reason.METRICS ? why(decision, metric)
                : " by the HPA: outside minReplicas..maxReplicas";
        workload.scaleTo(decision.desiredReplicas(), why);
    }

    /**
     * What the metrics asked for, and, where the count set differs from it, what held it: the scale-up limits,
     * or a recommendation still in the stabilization window (which, without behavior, can even raise the count
     * above what the metrics ask for now, when an earlier sync asked for more than the limits let it have).
     */
    private String why(HpaDecision decision, String metric) {
        int desired = decision.desiredReplicas();
        String asked = String.format(Locale.ROOT, " by the HPA: its %s asked for %d", metric, decision.metricReplicas());
        if (desired < decision.metricReplicas()) {
            return asked + (desired == bounds.maxReplicas() ? ", its maxReplicas is " : ", its scale-up limits allowed ")
                    + desired;
        }
        if (desired > decision.metricReplicas() && desired == bounds.minReplicas()) {
            return asked + ", its minReplicas is " + desired;
        }
        if (desired > decision.metricReplicas()) {
            return asked + (desired > workload.replicas() ? ", a higher recommendation in its stabilization window "
                    + "kept " : ", its stabilization window and scale-down limits kept ") + desired;
        }
        return asked;
    }

    /** The metrics API's sample of each pod: its threads' processing time over the window, against its request. */
    private List<PodCpuSample> cpuSamples() {
        long now = sim.nowMs();
        List<PodCpuSample> samples = new ArrayList<>();
        for (Map.Entry<String, PodCpuState> pod : workload.cpuStates(CPU_WINDOW_MS, HpaControllerConfig.DEFAULTS)
                .entrySet()) {
            long usage = busy.busyMs(pod.getKey(), now - CPU_WINDOW_MS, now) * 1000 / CPU_WINDOW_MS;
            samples.add(new PodCpuSample(pod.getKey(), pod.getValue(), usage, requestMilli));
        }
        return samples;
    }
}
