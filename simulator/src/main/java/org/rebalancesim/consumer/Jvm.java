package org.rebalancesim.consumer;

import java.util.ArrayDeque;
import java.util.Queue;
import org.rebalancesim.engine.Simulation;

/**
 * One process incarnation of a pod: alive until it crashes or exits, and stoppable as a whole (a GC
 * pause stops the application thread and the heartbeat thread alike). Everything the process does
 * goes through {@link #run}: work that falls inside a pause waits for the pause to end, in order;
 * work for a dead process is dropped.
 */
final class Jvm {

    private final Simulation sim;
    private final Queue<Runnable> heldDuringPause = new ArrayDeque<>();
    private boolean alive = true;
    private long pausedUntilMs = -1;

    Jvm(Simulation sim) {
        this.sim = sim;
    }

    boolean isAlive() {
        return alive;
    }

    boolean isPaused() {
        return alive && sim.nowMs() < pausedUntilMs;
    }

    void run(Runnable work) {
        if (!alive) {
            return;
        }
        if (isPaused()) {
            heldDuringPause.add(work);
        } else {
            work.run();
        }
    }

    /** Stops the process for {@code durationMs}; returns how much the pause extends an earlier one. */
    long pause(long durationMs, Runnable onResume) {
        long end = Math.max(pausedUntilMs, sim.nowMs() + durationMs);
        long added = end - Math.max(pausedUntilMs, sim.nowMs());
        pausedUntilMs = end;
        sim.at(end, () -> {
            if (alive && sim.nowMs() >= pausedUntilMs) {
                onResume.run();
                while (!heldDuringPause.isEmpty() && !isPaused() && alive) {
                    heldDuringPause.poll().run();
                }
            }
        });
        return added;
    }

    void die() {
        alive = false;
        heldDuringPause.clear();
    }
}
