package org.rebalancesim.engine;

import java.util.function.BooleanSupplier;

/**
 * A keyed timer: one pending expiry at most. Scheduling replaces the pending expiry and cancelling
 * drops it. As under lazy cancellation, a replaced or cancelled expiry still counts as an event
 * when the clock passes it (the event count is part of every result), but the queue moves or
 * removes the timer's entry in place ({@link #queueIndex}) instead of carrying a stale one, and no
 * closure is made per schedule.
 */
public final class Timer {

    private final Simulation simulation;
    /** Who the timer belongs to, or null; it must be cancelled when the owner goes away. */
    private final String owner;
    private final BooleanSupplier ownerAlive;
    /** Where the pending expiry sits in the event queue, or -1; kept by {@link EventQueue}. */
    int queueIndex = -1;
    private long dueMs = -1;
    private Runnable action;

    Timer(Simulation simulation, String owner, BooleanSupplier ownerAlive) {
        this.simulation = simulation;
        this.owner = owner;
        this.ownerAlive = ownerAlive;
    }

    /** Arms the timer {@code delayMs} from now, replacing any pending expiry. */
    public void schedule(long delayMs, Runnable action) {
        scheduleAt(simulation.nowMs() + Math.max(0, delayMs), action);
    }

    public void scheduleAt(long atMs, Runnable action) {
        simulation.arm(this, atMs);
        dueMs = atMs;
        this.action = action;
    }

    /** The pending expiry popped (the queue has already forgotten it). */
    void fire() {
        Runnable due = action;
        dueMs = -1;
        action = null;
        if (ownerAlive != null && !ownerAlive.getAsBoolean()) {
            simulation.ownerGone(owner);
        }
        due.run();
    }

    public void cancel() {
        simulation.disarm(this);
        dueMs = -1;
        action = null;
    }

    public boolean isPending() {
        return dueMs >= 0;
    }

    /** The time the pending expiry fires, or -1 when none is pending. */
    public long dueMs() {
        return dueMs;
    }
}
