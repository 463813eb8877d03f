package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The kubelet's restarts of a container that keeps exiting, as Kubernetes documents them ("exponential back-off
 * delay (10s, 20s, 40s, ...), that is capped at five minutes. Once a container has executed for 10 minutes
 * without any problems, the kubelet resets the restart backoff timer", Pod Lifecycle) and as its code does it
 * (docs/kubernetes.md §1: the first exit restarts at once, a pod in back-off is tried again every 10 to 15 s).
 */
class CrashLoopBackOffTest {

    /** A container that exits as soon as it is started: the delays between its exits and its restarts. */
    private static List<Long> delaysOfACrashLoop(CrashLoopBackOff kubelet, int exits) {
        List<Long> delays = new ArrayList<>();
        long exitMs = 60_000;
        for (int i = 0; i < exits; i++) {
            long restartMs = kubelet.restartAtMs(exitMs);
            delays.add(restartMs - exitMs);
            exitMs = restartMs;
        }
        return delays;
    }

    @Test
    void withoutJitterTheWaitsAreTheDocumentedBackOffs() {
        // Relist and worker tries at their shortest: a sync at the exit, then every 10 s.
        List<Long> delays = delaysOfACrashLoop(new CrashLoopBackOff(() -> 0), 9);
        assertEquals(List.of(0L, 10_000L, 20_000L, 40_000L, 80_000L, 160_000L, 300_000L, 300_000L, 300_000L), delays);
    }

    @Test
    void eachWaitIsTheBackOffRoundedUpToThePodWorkersNextTry() {
        SplittableRandom random = new SplittableRandom(7);
        CrashLoopBackOff kubelet = new CrashLoopBackOff(random::nextDouble);
        List<Long> delays = delaysOfACrashLoop(kubelet, 10);
        assertTrue(delays.get(0) < CrashLoopBackOff.RELIST_PERIOD_MS, "the first exit restarts at the next relist");
        long backoffMs = CrashLoopBackOff.INITIAL_BACKOFF_MS;
        for (int i = 1; i < delays.size(); i++) {
            // Tried at the relist, then every 10 to 15 s: the first try at or after the back-off restarts it.
            long latestMs = backoffMs + CrashLoopBackOff.RELIST_PERIOD_MS + 15_000;
            assertTrue(delays.get(i) >= backoffMs && delays.get(i) < latestMs,
                    "restart " + i + ": " + delays.get(i) + " ms after its exit, back-off " + backoffMs);
            backoffMs = Math.min(2 * backoffMs, CrashLoopBackOff.MAX_BACKOFF_MS);
        }
        assertEquals(10, kubelet.restarts());
    }

    @Test
    void aContainerThatRanForTenMinutesIsRestartedAtOnceAndBacksOffFromTenSecondsAgain() {
        CrashLoopBackOff kubelet = new CrashLoopBackOff(() -> 0);
        long lastRestartMs = lastRestartOfACrashLoop(kubelet, 5);
        assertEquals(160_000, kubelet.backoffMs(), "10, 20, 40, 80, then 160 s");
        // flowcontrol's hasExpired: more than twice the 300 s cap since the last restart.
        long exitMs = lastRestartMs + 2 * CrashLoopBackOff.MAX_BACKOFF_MS + 1;
        assertEquals(exitMs, kubelet.restartAtMs(exitMs));
        assertEquals(CrashLoopBackOff.INITIAL_BACKOFF_MS, kubelet.backoffMs());
    }

    @Test
    void aContainerThatRanNineMinutesStaysInItsCrashLoop() {
        CrashLoopBackOff kubelet = new CrashLoopBackOff(() -> 0);
        long lastRestartMs = lastRestartOfACrashLoop(kubelet, 4);
        assertEquals(80_000, kubelet.backoffMs());
        long exitMs = lastRestartMs + 540_000;
        assertEquals(exitMs + 80_000, kubelet.restartAtMs(exitMs), "9 minutes is under the reset: 80 s");
        assertEquals(160_000, kubelet.backoffMs());
    }

    private static long lastRestartOfACrashLoop(CrashLoopBackOff kubelet, int exits) {
        return 60_000 + delaysOfACrashLoop(kubelet, exits).stream().mapToLong(Long::longValue).sum();
    }
}
