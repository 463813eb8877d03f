package org.rebalancesim.consumer;

import java.util.Locale;
import java.util.function.LongConsumer;
import org.apache.commons.math3.random.RandomGenerator;
import org.rebalancesim.engine.Rng;
import org.rebalancesim.events.PodEvents.Story;
import org.rebalancesim.events.StoryKind;

/**
 * The kubelet, for one pod of a Kubernetes workload (docs/kubernetes.md §1): when the pod's container exits on
 * its own (a crash, a fatal client error), it starts it again with CrashLoopBackOff's waits. An exit the timeline
 * asked for (a stop, a restart, a crash with restartAfter) is the timeline's to follow up.
 */
final class PodKubelet {

    /** The kubelet's least stop window after SIGTERM (minimumGracePeriodInSeconds). */
    static final long MINIMUM_GRACE_PERIOD_MS = 2_000;

    private final PodContext ctx;
    private final String pod;
    private final RandomGenerator random;
    /** Keyed by the pod's UID in Kubernetes: a pod deleted and created again starts afresh. */
    private CrashLoopBackOff backOff;
    /** Bumped when the timeline starts or stops the pod: a restart the kubelet had planned is void. */
    private int epoch;

    PodKubelet(PodContext ctx, String pod) {
        this.ctx = ctx;
        this.pod = pod;
        this.random = Rng.stream(ctx.seed(), "kubelet:" + pod);
        this.backOff = new CrashLoopBackOff(random::nextDouble);
    }

    /** The container exited now: {@code start} runs when the kubelet starts it again. */
    void containerExited(Runnable start) {
        long nowMs = ctx.sim().nowMs();
        long atMs = backOff.restartAtMs(nowMs);
        int planned = ++epoch;
        long waitMs = atMs - nowMs;
        ctx.events().publish(new Story(pod, StoryKind.KUBELET_RESTART, waitMs, String.format(Locale.ROOT,
                "exited: the kubelet starts its container again in %.1f s (restart %d; CrashLoopBackOff, next back-off"
                        + " %d s)", waitMs / 1000.0, backOff.restarts(), backOff.backoffMs() / 1000)));
        ctx.sim().at(atMs, () -> {
            if (planned == epoch) {
                start.run();
            }
        });
    }

    /** The timeline started or stopped the pod itself. */
    void cancel() {
        epoch++;
    }

    /**
     * The pod is deleted: no restart the kubelet planned runs, and the one that comes back (a restart) is a new
     * pod, with no back-off yet.
     */
    void podDeleted() {
        cancel();
        backOff = new CrashLoopBackOff(random::nextDouble);
    }

    /**
     * The pod is deleted (docs/kubernetes.md §2, kuberuntime_container.go killContainer): its preStop hook sleeps
     * (no longer than the grace period, which Kubernetes validates); then SIGTERM ({@code sigterm}, the
     * application's close()), and the container gets what is left of the grace period, the hook's whole seconds
     * taken off, at least 2 s (minimumGracePeriodInSeconds), before SIGKILL ({@code sigkill}, run only if it has not
     * exited by then; it is given the time close() had).
     */
    void terminate(Runnable sigterm, LongConsumer sigkill) {
        long graceMs = ctx.consumers().workload().gracePeriodMs();
        long hookMs = ctx.consumers().workload().preStopSleepMs();
        long stopWindowMs = Math.max(MINIMUM_GRACE_PERIOD_MS, graceMs - hookMs / 1000 * 1000);
        if (hookMs == 0) {
            sigterm.run();
        } else {
            ctx.sim().after(hookMs, sigterm);
        }
        ctx.sim().after(hookMs + stopWindowMs, () -> sigkill.accept(stopWindowMs));
    }
}
