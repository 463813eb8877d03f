package org.rebalancesim.engine;

import java.util.function.BooleanSupplier;

/**
 * A keyed timer: one pending expiry at most. Scheduling replaces the pending expiry and cancelling
 * is lazy: each schedule bumps a generation, and a popped event whose generation is stale is
 * skipped, so the queue never has to search for and remove an event.
 */
public final class Timer {

    private final Simulation simulation;
    /** Who the timer belongs to, or null; it must be cancelled when the owner goes away. */
    private final String owner;
    private final BooleanSupplier ownerAlive;
    private long generation;
    private long dueMs = -1;

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
        long armed = ++generation;
        dueMs = atMs;
        simulation.at(atMs, () -> {
            if (armed == generation) {
                dueMs = -1;
                if (ownerAlive != null && !ownerAlive.getAsBoolean()) {
                    simulation.ownerGone(owner);
                }
                action.run();
            }
        });
    }

    public void cancel() {
        generation++;
        dueMs = -1;
    }

    public boolean isPending() {
        return dueMs >= 0;
    }

    /** The time the pending expiry fires, or -1 when none is pending. */
    public long dueMs() {
        return dueMs;
    }
}
