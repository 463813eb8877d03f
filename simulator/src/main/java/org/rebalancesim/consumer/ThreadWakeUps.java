package org.rebalancesim.consumer;

import org.apache.commons.math3.distribution.GammaDistribution;
import org.apache.commons.math3.random.RandomGenerator;
import org.rebalancesim.engine.Rng;

/**
 * When a client's background thread really wakes from a timed wait (docs/kafka-semantics.md §4, §15).
 * A timed wait ({@code Object.wait(ms)}, a selector's poll) returns a little after it was due: the
 * kernel's timer slack and the scheduling latency. Each wait overshoots by an exponentially distributed
 * time of mean {@link #MEAN_OVERSHOOT_MS}, so k waits in a row overshoot by a Gamma(k, mean) sum. The
 * thread reads the clock in whole milliseconds (Kafka's {@code Time.milliseconds()}), so the model
 * carries the sub-millisecond part of the thread's real time from one wake to the next instead of
 * rounding it away. No event is scheduled per wait: the wake that matters is computed at once.
 *
 * <p>One instance per process, drawing from its own stream ({@code "heartbeat:" + pod + ":" +
 * incarnation}), so another pod's heartbeats never change this one's draws.
 */
final class ThreadWakeUps {

    /**
     * The mean overshoot of one timed wait, in ms: Linux's default timer slack for a normal thread is
     * 50 µs (prctl(2), PR_SET_TIMERSLACK), plus the wake-up latency of a thread on a core that is not
     * saturated (tens of µs).
     */
    static final double MEAN_OVERSHOOT_MS = 0.1;

    /** A wake: the clock reading the thread sees and the sub-millisecond part of its real time. */
    record Wake(long atMs, double carryMs) {
    }

    private final RandomGenerator random;
    /** The sub-millisecond part of the thread's real time when it last started waiting. */
    private double carryMs;

    ThreadWakeUps(long seed, String pod, int incarnation) {
        this.random = Rng.stream(seed, "heartbeat:" + pod + ":" + incarnation);
    }

    /**
     * The classic heartbeat thread's loop (AbstractCoordinator.HeartbeatThread.run): from {@code anchorMs}
     * it waits {@code stepMs} (retry.backoff.ms) at a time and checks the heartbeat timer at each wake;
     * returns the first wake whose clock reading is at or after {@code dueMs}. Nothing is drawn when the
     * timer is already due at the anchor (the thread checks before it waits).
     */
    Wake firstWakeAtOrAfter(long anchorMs, long dueMs, long stepMs) {
        if (dueMs <= anchorMs) {
            return new Wake(anchorMs, carryMs);
        }
        long waits = Math.max(1, (dueMs - anchorMs + stepMs - 1) / stepMs);
        double before = carryMs + overshootOf(waits - 1);
        if (waits > 1 && anchorMs + (waits - 1) * stepMs + (long) Math.floor(before) >= dueMs) {
            // The slack of the earlier waits carried that wake past the due time.
            return wakeAt(anchorMs + (waits - 1) * stepMs, before);
        }
        return wakeAt(anchorMs + waits * stepMs, before + overshootOf(1));
    }

    /**
     * A thread that waits exactly until {@code dueMs} (the KIP-848 network thread's selector, bounded by
     * the heartbeat timer): one overshoot on top of the sub-millisecond part of the time it started
     * waiting.
     */
    Wake oneWaitUntil(long dueMs) {
        return wakeAt(dueMs, random.nextDouble() + overshootOf(1));
    }

    /** The thread acted at {@code wake} and starts its next wait from there. */
    void restartFrom(Wake wake) {
        carryMs = wake.carryMs();
    }

    /** The thread was notified (by poll() or a failed heartbeat): its next wait starts on a fresh millisecond. */
    void restartOnNotify() {
        carryMs = 0;
    }

    private Wake wakeAt(long nominalMs, double slackMs) {
        long whole = (long) Math.floor(slackMs);
        return new Wake(nominalMs + whole, slackMs - whole);
    }

    private double overshootOf(long waits) {
        if (waits <= 0) {
            return 0;
        }
        if (waits == 1) {
            return -MEAN_OVERSHOOT_MS * Math.log(1 - random.nextDouble());
        }
        return new GammaDistribution(random, waits, MEAN_OVERSHOOT_MS).sample();
    }
}
