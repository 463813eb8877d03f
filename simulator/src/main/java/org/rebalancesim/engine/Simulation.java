package org.rebalancesim.engine;

import java.util.PriorityQueue;
import java.util.function.BooleanSupplier;

/**
 * The clock and the event loop. Simulated time is a {@code long} of milliseconds from 0 and moves
 * only when the loop pops an event; equal-time events run in the order they were scheduled
 * (the queue is totally ordered by time, then sequence number).
 */
public final class Simulation {

    private final PriorityQueue<Event> queue = new PriorityQueue<>();
    private final long maxEvents;
    private long nowMs;
    private long nextSequence;
    private long eventsRun;
    private TimerAudit timerAudit;

    /**
     * Told when a timer fires for an owner that is gone (a dead process, a removed member): such a
     * timer should have been cancelled when its owner went away.
     */
    public interface TimerAudit {
        void ownerGone(String owner);
    }

    /** @param maxEvents the loop fails loudly past this many events: a runaway model is a bug. */
    public Simulation(long maxEvents) {
        if (maxEvents <= 0) {
            throw new IllegalArgumentException("maxEvents must be positive: " + maxEvents);
        }
        this.maxEvents = maxEvents;
    }

    public long nowMs() {
        return nowMs;
    }

    public long eventsRun() {
        return eventsRun;
    }

    /** Runs {@code action} at absolute time {@code atMs}; a time in the past is a model bug. */
    public void at(long atMs, Runnable action) {
        if (atMs < nowMs) {
            throw new IllegalStateException("event scheduled in the past: " + atMs + " < now " + nowMs);
        }
        queue.add(new Event(atMs, nextSequence++, action));
    }

    /** Runs {@code action} {@code delayMs} from now. */
    public void after(long delayMs, Runnable action) {
        if (delayMs < 0) {
            throw new IllegalArgumentException("negative delay: " + delayMs);
        }
        at(nowMs + delayMs, action);
    }

    /** A keyed timer bound to this simulation: scheduling it again replaces the pending expiry. */
    public Timer timer() {
        return new Timer(this, null, null);
    }

    /**
     * A keyed timer that belongs to {@code owner} (a process, a group member): when it fires while
     * {@code ownerAlive} is false, the {@link TimerAudit} hears of it before the action runs (the
     * action still re-checks its own guard).
     */
    public Timer timer(String owner, BooleanSupplier ownerAlive) {
        return new Timer(this, owner, ownerAlive);
    }

    /** Installs the audit of owned timers (the run's invariant checks); null turns it off. */
    public void auditTimers(TimerAudit audit) {
        this.timerAudit = audit;
    }

    void ownerGone(String owner) {
        if (timerAudit != null) {
            timerAudit.ownerGone(owner);
        }
    }

    /**
     * Runs events up to and including {@code endMs}, then leaves the clock at {@code endMs}.
     *
     * @throws SimulationLimitException when the event bound is exceeded
     */
    public void runUntil(long endMs) {
        while (!queue.isEmpty() && queue.peek().timeMs() <= endMs) {
            Event event = queue.poll();
            nowMs = event.timeMs();
            if (++eventsRun > maxEvents) {
                throw new SimulationLimitException("the simulation exceeded its bound of " + maxEvents
                        + " events at simulated time " + nowMs + " ms; the scenario is too large"
                        + " or the model loops (raise --max-events if the scenario is really that big)");
            }
            event.action().run();
        }
        nowMs = Math.max(nowMs, endMs);
    }

    private record Event(long timeMs, long sequence, Runnable action) implements Comparable<Event> {
        @Override
        public int compareTo(Event other) {
            int byTime = Long.compare(timeMs, other.timeMs);
            return byTime != 0 ? byTime : Long.compare(sequence, other.sequence);
        }
    }
}
