package org.rebalancesim.kubernetes.autoscaling;

import java.util.List;
import org.rebalancesim.scenario.autoscaling.ScaledObjectSpec;

/**
 * A ScaledObject with the HPA KEDA creates for it: the two loops that scale a KEDA-managed consumer
 * group. KEDA's polling loop runs every pollingInterval ({@link #poll}); the HPA controller syncs the
 * HPA every sync period ({@link #hpaSync}) and, when it reads metrics, queries KEDA's metrics server,
 * which reads Kafka again unless the trigger uses cached metrics.
 */
public final class KedaAutoscaler {

    private final ScaledObjectLoop loop;
    private final HorizontalPodAutoscaler hpa;

    public KedaAutoscaler(ScaledObjectSpec spec, HpaControllerConfig controller, long creationTimeMs) {
        this.loop = new ScaledObjectLoop(spec, creationTimeMs);
        this.hpa = new HorizontalPodAutoscaler(spec.horizontalPodAutoscaler(), controller);
    }

    /** KEDA's poll: activation and scaling to and from zero. */
    public ScaledObjectPoll poll(long nowMs, int specReplicas, List<PartitionOffsets> offsets) {
        return loop.poll(nowMs, specReplicas, offsets);
    }

    /** The HPA's sync, with its metric query to KEDA made only if the controller reads metrics. */
    public HpaDecision hpaSync(long nowMs, int specReplicas, int statusReplicas, List<PartitionOffsets> offsets) {
        return hpa.sync(nowMs, specReplicas, statusReplicas, () -> loop.hpaMetricReadings(offsets));
    }

    public long pollingIntervalMs() {
        return loop.spec().pollingIntervalMs();
    }

    public long hpaSyncPeriodMs() {
        return hpa.syncPeriodMs();
    }

    public ScaledObjectLoop loop() {
        return loop;
    }

    public HorizontalPodAutoscaler hpa() {
        return hpa;
    }
}
