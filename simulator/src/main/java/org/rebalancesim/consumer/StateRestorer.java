package org.rebalancesim.consumer;

import java.util.Map;
import java.util.TreeMap;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.engine.Timer;
import org.rebalancesim.partition.TaskId;

/**
 * One Streams instance's restore consumer (the state updater's): it replays changelog records into the
 * stores of the tasks it restores, at the instance's restore rate shared evenly by the changelogs it reads
 * at once. Active tasks come first: standbys and warm-ups are updated only while no active task restores
 * (StoreChangelogReader: standby updates wait for the active restoration; docs/kafka-semantics.md §19).
 */
final class StateRestorer {

    /** A task being brought from {@code position} to {@code target} (changelog offsets). */
    private static final class Restoration {
        double position;
        long target;

        Restoration(long position, long target) {
            this.position = position;
            this.target = target;
        }
    }

    private final Simulation sim;
    private final Timer next;
    private final double recordsPerMs;
    private final Listener onCaughtUp;
    private final Map<TaskId, Restoration> actives = new TreeMap<>();
    private final Map<TaskId, Restoration> standbys = new TreeMap<>();
    private long advancedAtMs;

    /** Told when a task's store reached the target it was restored to. */
    interface Listener {
        void caughtUp(TaskId task, boolean active, long offset);
    }

    StateRestorer(Simulation sim, Timer next, double recordsPerSecond, Listener onCaughtUp) {
        this.sim = sim;
        this.next = next;
        this.recordsPerMs = recordsPerSecond / 1000.0;
        this.onCaughtUp = onCaughtUp;
        this.advancedAtMs = sim.nowMs();
    }

    /** Starts (or moves) a task's restoration from {@code position} to {@code target}. */
    void restore(TaskId task, long position, long target, boolean active) {
        advance();
        standbys.remove(task);
        actives.remove(task);
        (active ? actives : standbys).put(task, new Restoration(position, target));
        reschedule();
    }

    /** Stops restoring a task (revoked, or the process ends); returns the offset its store reached, or -1. */
    long stop(TaskId task) {
        advance();
        Restoration gone = actives.remove(task);
        if (gone == null) {
            gone = standbys.remove(task);
        }
        reschedule();
        return gone == null ? -1 : (long) Math.floor(gone.position);
    }

    /** The offset a restoring task's store has reached, or -1 if it is not being restored. */
    long position(TaskId task) {
        advance();
        Restoration restoration = actives.containsKey(task) ? actives.get(task) : standbys.get(task);
        return restoration == null ? -1 : (long) Math.floor(restoration.position);
    }

    boolean isRestoring(TaskId task) {
        return actives.containsKey(task) || standbys.containsKey(task);
    }

    void stopAll() {
        actives.clear();
        standbys.clear();
        next.cancel();
    }

    /**
     * The process is paused (GC) for {@code addedMs} more: the restore consumer's thread stops too, so the
     * restorations resume that much later.
     */
    void pausedFor(long addedMs) {
        if (addedMs <= 0) {
            return;
        }
        advance();
        advancedAtMs += addedMs;
        reschedule();
    }

    /** The share each restoring changelog got since the last change (none before a pause has ended). */
    private void advance() {
        long now = sim.nowMs();
        Map<TaskId, Restoration> working = working();
        if (!working.isEmpty() && now > advancedAtMs) {
            double share = (now - advancedAtMs) * recordsPerMs / working.size();
            working.values().forEach(r -> r.position = Math.min(r.target, r.position + share));
        }
        advancedAtMs = Math.max(advancedAtMs, now);
    }

    private Map<TaskId, Restoration> working() {
        return actives.isEmpty() ? standbys : actives;
    }

    /** The next time a restoring task reaches its target, with the others' shares as they are now. */
    private void reschedule() {
        Map<TaskId, Restoration> working = working();
        if (working.isEmpty()) {
            next.cancel();
            return;
        }
        double least = Double.MAX_VALUE;
        for (Restoration r : working.values()) {
            least = Math.min(least, r.target - r.position);
        }
        long inMs = (long) Math.ceil(least * working.size() / recordsPerMs);
        next.scheduleAt(Math.max(sim.nowMs(), advancedAtMs) + Math.max(0, inMs), this::finishDue);
    }

    private void finishDue() {
        advance();
        boolean active = !actives.isEmpty();
        Map<TaskId, Restoration> working = working();
        Map<TaskId, Long> done = new TreeMap<>();
        working.forEach((task, r) -> {
            if (r.position >= r.target - 1e-6) {
                done.put(task, r.target);
            }
        });
        done.keySet().forEach(working::remove);
        reschedule();
        done.forEach((task, offset) -> onCaughtUp.caughtUp(task, active, offset));
    }
}
