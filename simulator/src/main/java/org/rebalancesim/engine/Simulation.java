package org.rebalancesim.engine;

import java.util.function.BooleanSupplier;

/**
 * The clock and the event loop. Simulated time is a {@code long} of milliseconds from 0 and moves
 * only when the loop pops an event; equal-time events run in the order they were scheduled
 * (the queue is totally ordered by time, then sequence number).
 *
 * <p>A timer's superseded expiry (re-armed or cancelled) still counts as one event, when the clock
 * passes it, as under plain lazy cancellation; it just does not travel through the heap
 * ({@link StaleEvents}).
 */
public final class Simulation {

    /**
     * How many events pass between two {@link Progress} calls: a power of two, so many that the call and
     * the wall clock it reads cost nothing next to the events (about 50 calls a second at a million events
     * a second), few enough for a line redrawn ten times a second.
     */
    public static final long PROGRESS_EVERY_EVENTS = 16_384;

    private final EventQueue queue = new EventQueue();
    private final NearEvents near = new NearEvents();
    private final StaleEvents stale = new StaleEvents();
    private final long maxEvents;
    private long nowMs;
    private long nextSequence;
    private long eventsRun;
    private TimerAudit timerAudit;
    private Progress progress;
    /** The event count at which {@link #progress} hears next; never while no one listens. */
    private long nextProgressAt = Long.MAX_VALUE;
    /**
     * Past this count, an event is over the bound or due to be reported: one comparison per event finds
     * both, so following a run costs nothing per event.
     */
    private long quietUntil;

    /**
     * Told when a timer fires for an owner that is gone (a dead process, a removed member): such a
     * timer should have been cancelled when its owner went away.
     */
    public interface TimerAudit {
        void ownerGone(String owner);
    }

    /**
     * Hears how far the loop has come, every {@link #PROGRESS_EVERY_EVENTS} events: for a progress line
     * of the command line. It is told the simulated time and the event count and nothing else, so it
     * cannot change what the model does; whatever it reads of the wall clock stays on its side.
     */
    public interface Progress {
        void reached(long nowMs, long eventsRun);
    }

    /** @param maxEvents the loop fails loudly past this many events: a runaway model is a bug. */
    public Simulation(long maxEvents) {
        if (maxEvents <= 0) {
            throw new IllegalArgumentException("maxEvents must be positive: " + maxEvents);
        }
        this.maxEvents = maxEvents;
        this.quietUntil = maxEvents;
    }

    public long nowMs() {
        return nowMs;
    }

    /** Events run so far, superseded timer expiries included once the clock has passed them. */
    public long eventsRun() {
        return eventsRun;
    }

    /** Runs {@code action} at absolute time {@code atMs}; a time in the past is a model bug. */
    public void at(long atMs, Runnable action) {
        requireNotPast(atMs);
        if (NearEvents.accepts(atMs, nowMs)) {
            near.add(atMs, nextSequence++, action);
        } else {
            queue.add(atMs, nextSequence++, action);
        }
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

    /** Tells {@code listener} how far the loop is as it runs; null: no one (the loop then checks nothing more). */
    public void reportProgress(Progress listener) {
        this.progress = listener;
        this.nextProgressAt = listener == null ? Long.MAX_VALUE : eventsRun + PROGRESS_EVERY_EVENTS;
        this.quietUntil = Math.min(maxEvents, nextProgressAt - 1);
    }

    void ownerGone(String owner) {
        if (timerAudit != null) {
            timerAudit.ownerGone(owner);
        }
    }

    /** Queues the timer's expiry at {@code atMs}; a pending one becomes stale (still counted). */
    void arm(Timer timer, long atMs) {
        requireNotPast(atMs);
        long sequence = nextSequence++;
        int index = timer.queueIndex;
        if (index >= 0) {
            stale.add(queue.timeAt(index), queue.sequenceAt(index), nowMs);
            queue.rekey(index, atMs, sequence);
        } else {
            queue.add(atMs, sequence, timer);
        }
    }

    /** The timer's pending expiry, if any, becomes stale (still counted). */
    void disarm(Timer timer) {
        int index = timer.queueIndex;
        if (index >= 0) {
            stale.add(queue.timeAt(index), queue.sequenceAt(index), nowMs);
            queue.removeAt(index);
        }
    }

    private void requireNotPast(long atMs) {
        if (atMs < nowMs) {
            throw new IllegalStateException("event scheduled in the past: " + atMs + " < now " + nowMs);
        }
    }

    /**
     * Runs events up to and including {@code endMs}, then leaves the clock at {@code endMs}.
     *
     * @throws SimulationLimitException when the event bound is exceeded
     */
    public void runUntil(long endMs) {
        while (true) {
            boolean fromNear = nearComesFirst();
            if (fromNear ? near.firstTimeMs() > endMs : queue.isEmpty() || queue.firstTimeMs() > endMs) {
                break;
            }
            long timeMs = fromNear ? near.firstTimeMs() : queue.firstTimeMs();
            if (stale.isOrdered() || eventsRun + stale.total() >= maxEvents) {
                popStaleBefore(timeMs, fromNear ? near.firstSequence() : queue.firstSequence());
            }
            Object action;
            if (fromNear) {
                action = near.removeFirst();
            } else {
                action = queue.firstAction();
                queue.removeFirst();
            }
            nowMs = timeMs;
            countEvent();
            if (action instanceof Timer timer) {
                timer.fire();
            } else {
                ((Runnable) action).run();
            }
        }
        if (stale.isOrdered() || eventsRun + stale.total() > maxEvents) {
            popStaleBefore(endMs, Long.MAX_VALUE);
        } else {
            eventsRun += stale.takeUpTo(endMs);
        }
        nowMs = Math.max(nowMs, endMs);
    }

    /** Whether the next event is the near ring's: it is not empty and its head is before the heap's. */
    private boolean nearComesFirst() {
        if (near.isEmpty()) {
            return false;
        }
        if (queue.isEmpty()) {
            return true;
        }
        long nearMs = near.firstTimeMs();
        long heapMs = queue.firstTimeMs();
        return nearMs < heapMs || (nearMs == heapMs && near.firstSequence() < queue.firstSequence());
    }

    /** Near the bound: the stale expiries before (timeMs, sequence) pop one by one, as they would have. */
    private void popStaleBefore(long timeMs, long sequence) {
        if (!stale.isOrdered()) {
            // These are behind the clock, counted before the bound came near: they cannot exceed it.
            eventsRun += stale.order();
        }
        while (stale.hasBefore(timeMs, sequence)) {
            nowMs = stale.firstTimeMs();
            stale.removeFirst();
            countEvent();
        }
    }

    /** Counts the event about to run at {@link #nowMs}. */
    private void countEvent() {
        if (++eventsRun > quietUntil) {
            boundOrProgress();
        }
    }

    private void boundOrProgress() {
        if (eventsRun >= nextProgressAt && eventsRun <= maxEvents) {
            nextProgressAt = eventsRun + PROGRESS_EVERY_EVENTS;
            quietUntil = Math.min(maxEvents, nextProgressAt - 1);
            progress.reached(nowMs, eventsRun);
        }
        if (eventsRun > maxEvents) {
            throw new SimulationLimitException("the simulation exceeded its bound of " + maxEvents
                    + " events at simulated time " + nowMs + " ms; the scenario is too large"
                    + " or the model loops (raise --max-events if the scenario is really that big)");
        }
    }
}
