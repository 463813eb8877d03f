package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The send-time rule of the classic heartbeat thread (docs/kafka-semantics.md §4): from its last send it
 * waits retry.backoff.ms at a time (AbstractCoordinator.HeartbeatThread.run: {@code wait(retryBackoffMs)}
 * while {@code !shouldHeartbeat}), so a heartbeat due at D goes out at its first wake whose clock reading
 * is ≥ D: anchor + ceil((D − anchor) / step) × step, plus the slack of those waits (each ~0.1 ms,
 * {@link ThreadWakeUps#MEAN_OVERSHOOT_MS}).
 */
class ThreadWakeUpsTest {

    private static ThreadWakeUps wakeUps(String pod) {
        return new ThreadWakeUps(42, pod, 1);
    }

    /** Default settings: 3000 is 30 steps of 100, so the 30th wake is the one, late by 30 overshoots. */
    @Test
    void defaultIntervalIsAMultipleOfTheBackoff() {
        ThreadWakeUps wakeUps = wakeUps("c1");
        double lateness = 0;
        int beats = 2_000;
        long anchor = 0;
        for (int i = 0; i < beats; i++) {
            ThreadWakeUps.Wake wake = wakeUps.firstWakeAtOrAfter(anchor, anchor + 3_000, 100);
            long late = wake.atMs() - (anchor + 3_000);
            assertTrue(late >= 0 && late < 100, "a beat is never early and never a whole step late: " + late);
            lateness += late;
            wakeUps.restartFrom(wake);
            anchor = wake.atMs();
        }
        // Per beat: 30 waits of mean 0.1 ms; the sub-ms parts carried between beats add up over the run.
        assertEquals(30 * ThreadWakeUps.MEAN_OVERSHOOT_MS, lateness / beats, 0.05);
    }

    /** heartbeat.interval.ms 1000 and retry.backoff.ms 300: the wakes at 300, 600, 900 are early, 1200 sends. */
    @Test
    void anIntervalBetweenWakesIsRoundedUpToTheNextWake() {
        ThreadWakeUps wakeUps = wakeUps("c1");
        for (int i = 0; i < 200; i++) {
            long at = wakeUps.firstWakeAtOrAfter(10_000, 11_000, 300).atMs();
            assertTrue(at >= 11_200 && at <= 11_201, "sent at " + at + ", expected the 4th wake at 11200");
        }
    }

    /**
     * Due 3001 ms after the anchor with 100 ms steps: the 30th wake comes at 3000 plus the slack of 30
     * waits (about 3 ms), which already reads ≥ 3001, so the thread sends then, not at the 31st wake.
     */
    @Test
    void theSlackOfEarlierWakesCanReachTheDueTime() {
        ThreadWakeUps wakeUps = wakeUps("c1");
        int atThirtiethWake = 0;
        for (int i = 0; i < 200; i++) {
            long at = wakeUps.firstWakeAtOrAfter(0, 3_001, 100).atMs();
            assertTrue(at >= 3_001, "never before the due time: " + at);
            if (at < 3_100) {
                atThirtiethWake++;
            }
        }
        assertTrue(atThirtiethWake >= 190, "the 30th wake sends almost always: " + atThirtiethWake);
    }

    /** A heartbeat already due when the thread checks is sent at once, with nothing drawn. */
    @Test
    void aDueHeartbeatIsSentAtTheAnchor() {
        assertEquals(5_000, wakeUps("c1").firstWakeAtOrAfter(5_000, 4_900, 100).atMs());
    }

    /** The KIP-848 network thread waits exactly until the timer expires: it reads the due ms or the next one. */
    @Test
    void oneWaitIsLateByLessThanTwoMilliseconds() {
        ThreadWakeUps wakeUps = wakeUps("c1");
        int late = 0;
        for (int i = 0; i < 1_000; i++) {
            long at = wakeUps.oneWaitUntil(5_000).atMs();
            assertTrue(at == 5_000 || at == 5_001 || at == 5_002, "woke at " + at);
            late += at > 5_000 ? 1 : 0;
        }
        // P(U + overshoot ≥ 1) for U uniform in [0, 1) and an overshoot of mean 0.1 ms: about 0.1.
        assertTrue(late > 50 && late < 150, "late wakes: " + late);
    }

    /** Same seed, pod and incarnation: same wakes; another pod or incarnation draws its own. */
    @Test
    void eachProcessDrawsFromItsOwnStream() {
        assertEquals(beats(new ThreadWakeUps(42, "c1", 1)), beats(new ThreadWakeUps(42, "c1", 1)));
        assertNotEquals(beats(new ThreadWakeUps(42, "c1", 1)), beats(new ThreadWakeUps(42, "c2", 1)));
        assertNotEquals(beats(new ThreadWakeUps(42, "c1", 1)), beats(new ThreadWakeUps(42, "c1", 2)));
    }

    private static List<Long> beats(ThreadWakeUps wakeUps) {
        List<Long> sent = new ArrayList<>();
        long anchor = 0;
        for (int i = 0; i < 100; i++) {
            ThreadWakeUps.Wake wake = wakeUps.firstWakeAtOrAfter(anchor, anchor + 3_000, 100);
            wakeUps.restartFrom(wake);
            anchor = wake.atMs();
            sent.add(anchor);
        }
        return sent;
    }
}
