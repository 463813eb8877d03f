package org.rebalancesim.consumer;

import java.util.function.DoubleSupplier;

/**
 * When the kubelet starts a pod's container again after it exited, as Kubernetes does for a pod with
 * {@code restartPolicy: Always} (every pod of a Deployment or a StatefulSet; docs/kubernetes.md §1):
 *
 * <ul>
 *   <li>The exit is seen at the next relist of the kubelet's pod lifecycle event generator, every second, and the
 *       pod's worker syncs then.</li>
 *   <li>A sync restarts the container unless it is in back-off: {@code doBackOff} asks client-go's
 *       {@code flowcontrol.Backoff#IsInBackOffSince(key, finishedAt)}, true while less than the current back-off
 *       has passed since the exit. Otherwise it calls {@code Next}, which sets the back-off to 10 s the first time,
 *       or when the exit came more than twice the 300 s cap after the last {@code Next} (the container ran for
 *       over 10 minutes), and else doubles it up to 300 s; and the container starts.</li>
 *   <li>A sync that finds the container in back-off fails with CrashLoopBackOff, and the pod worker tries again
 *       {@code wait.Jitter(10 s, 0.5)} later: 10 to 15 s.</li>
 * </ul>
 *
 * So the first exit restarts within a second, the next ones after 10, 20, 40 ... 300 s, each rounded up to the
 * worker's next try. One per pod; the draws come from the pod's own stream.
 */
public final class CrashLoopBackOff {

    static final long RELIST_PERIOD_MS = 1_000;
    static final long INITIAL_BACKOFF_MS = 10_000;
    static final long MAX_BACKOFF_MS = 300_000;
    /** The pod worker's back-off period after a failed sync, and wait.Jitter's maximum factor for it. */
    static final long WORKER_BACKOFF_MS = 10_000;
    static final double WORKER_JITTER = 0.5;
    /** A bound on the worker's tries: 300 s of back-off is at most 31 tries of at least 10 s. */
    private static final int MAX_SYNCS = 64;

    private final DoubleSupplier uniform;
    /** The current back-off, 0 before the first restart (no entry). */
    private long backoffMs;
    /** When {@code Next} last ran: the last restart. */
    private long lastUpdateMs;
    private int restarts;

    /** @param uniform draws in [0, 1): when the relist sees the exit, and the worker's jitter */
    public CrashLoopBackOff(DoubleSupplier uniform) {
        this.uniform = uniform;
    }

    /** The container exited at {@code exitMs}: when the kubelet starts it again. */
    public long restartAtMs(long exitMs) {
        long syncMs = exitMs + (long) (uniform.getAsDouble() * RELIST_PERIOD_MS);
        for (int sync = 0; sync < MAX_SYNCS; sync++) {
            if (!inBackOff(exitMs, syncMs)) {
                next(exitMs, syncMs);
                restarts++;
                return syncMs;
            }
            syncMs += WORKER_BACKOFF_MS + (long) (uniform.getAsDouble() * WORKER_JITTER * WORKER_BACKOFF_MS);
        }
        throw new IllegalStateException("the kubelet kept a container in back-off for " + MAX_SYNCS
                + " pod worker tries (back-off " + backoffMs + " ms): a bug of the simulator");
    }

    /** How many times the kubelet has started the container again. */
    public int restarts() {
        return restarts;
    }

    /** The back-off the last restart set: how long the kubelet will wait after the next exit, at least. */
    public long backoffMs() {
        return backoffMs;
    }

    /** flowcontrol.Backoff#IsInBackOffSince(key, exit) at {@code nowMs}. */
    private boolean inBackOff(long exitMs, long nowMs) {
        return backoffMs > 0 && !expired(exitMs) && nowMs - exitMs < backoffMs;
    }

    /** flowcontrol.Backoff#Next(key, exit) at {@code nowMs}. */
    private void next(long exitMs, long nowMs) {
        backoffMs = backoffMs == 0 || expired(exitMs) ? INITIAL_BACKOFF_MS : Math.min(2 * backoffMs, MAX_BACKOFF_MS);
        lastUpdateMs = nowMs;
    }

    /** flowcontrol's hasExpired: the exit came more than twice the cap after the last update. */
    private boolean expired(long exitMs) {
        return exitMs - lastUpdateMs > 2 * MAX_BACKOFF_MS;
    }
}
