package org.rebalancesim.consumer;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.ToLongFunction;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.engine.Timer;
import org.rebalancesim.partition.TaskId;

/**
 * One Streams instance's restore consumer (the state updater's): it replays changelog records into the
 * stores of the tasks it restores at the instance's restore rate, one fetched chunk at a time, taking the
 * changelogs in turn. That is how its KafkaConsumer hands records out: a fetch brings up to
 * max.partition.fetch.bytes (1 MiB) of each changelog, and poll() drains one partition's chunk before
 * the next one's, which is fetched again only once drained (Fetcher, FetchCollector). So changelogs
 * smaller than a chunk restore one after the other, larger ones take turns chunk by chunk. Active tasks
 * come first: standbys and warm-ups are updated only while no active task restores (the state updater;
 * docs/kafka-semantics.md §19). StoreChangelogReader finds a changelog restored only after a poll(poll.ms):
 * an active task whose store is already at its changelog's end waits one such poll, which nothing ends
 * early (standbys are paused while it restores) unless other active tasks' records come.
 */
final class StateRestorer {

    /** A task being brought from {@code position} to {@code target} (changelog offsets). */
    private static final class Restoration {
        double position;
        final long target;
        final boolean active;
        /** Records of its changelog one fetched chunk holds. */
        final long chunk;
        /** Records left of the chunk it is being served. */
        double chunkLeft;
        /** For an active task with nothing to restore: when the restore consumer's empty poll() returns. */
        long emptyPollEndsMs;

        Restoration(long position, long target, boolean active, long chunk) {
            this.position = position;
            this.target = target;
            this.active = active;
            this.chunk = Math.max(1, chunk);
            this.chunkLeft = this.chunk;
        }

        double left() {
            return target - position;
        }
    }

    private static final double EPSILON = 1e-6;
    /**
     * Records one poll() of the restore consumer returns at most, over all its changelogs: max.poll.records, which
     * Kafka Streams sets to 1000 for its consumers (StreamsConfig CONSUMER_DEFAULT_OVERRIDES). The state updater
     * writes them all before its loop turns again.
     */
    static final long MAX_POLL_RECORDS = 1000;

    private final Simulation sim;
    private final Timer next;
    private final double recordsPerMs;
    /** The restore consumer's polls when no changelog has records: poll.ms each, and their lateness. */
    private final PollTurns polls;
    private final ToLongFunction<TaskId> chunkRecords;
    private final Listener onCaughtUp;
    /** In the order they are served: the first one's chunk is being drained. */
    private final Map<TaskId, Restoration> actives = new LinkedHashMap<>();
    private final Map<TaskId, Restoration> standbys = new LinkedHashMap<>();
    /** Active tasks already at their changelog's end, waiting for the poll() that finds them done. */
    private final Map<TaskId, Restoration> atEnd = new LinkedHashMap<>();
    /** Reached their target, to be told at the next step (still restoring until then). */
    private final Map<TaskId, Restoration> finished = new LinkedHashMap<>();
    private long advancedAtMs;
    /** Records left of the batch the state updater is writing, while it restores. */
    private double batchLeft = MAX_POLL_RECORDS;
    /** When the state updater last ran out of records to restore: its polls for new records follow from there. */
    private long idleSinceMs;

    /** Told when a task's store reached the target it was restored to. */
    interface Listener {
        void caughtUp(TaskId task, boolean active, long offset);
    }

    /** @param chunkRecords a task's changelog records in one fetched chunk (at least 1) */
    StateRestorer(Simulation sim, Timer next, double recordsPerSecond, PollTurns polls,
                  ToLongFunction<TaskId> chunkRecords, Listener onCaughtUp) {
        this.sim = sim;
        this.next = next;
        this.recordsPerMs = recordsPerSecond / 1000.0;
        this.polls = polls;
        this.chunkRecords = chunkRecords;
        this.onCaughtUp = onCaughtUp;
        this.advancedAtMs = sim.nowMs();
        this.idleSinceMs = sim.nowMs();
    }

    /** Starts (or moves) a task's restoration from {@code position} to {@code target}: it joins the turn last. */
    void restore(TaskId task, long position, long target, boolean active) {
        advance();
        if (working().isEmpty()) {
            batchLeft = MAX_POLL_RECORDS;
        }
        remove(task);
        Restoration restoration = new Restoration(position, target, active, chunkRecords.applyAsLong(task));
        if (active && restoration.left() <= EPSILON) {
            restoration.emptyPollEndsMs = Math.max(sim.nowMs(), advancedAtMs) + (actives.isEmpty() ? polls.nextPollMs() : 0);
            atEnd.put(task, restoration);
        } else {
            (active ? actives : standbys).put(task, restoration);
        }
        reschedule();
    }

    /** Stops restoring a task (revoked, or the process ends); returns the offset its store reached, or -1. */
    long stop(TaskId task) {
        advance();
        Restoration gone = remove(task);
        reschedule();
        return gone == null ? -1 : (long) Math.floor(gone.position);
    }

    /** The offset a restoring task's store has reached, or -1 if it is not being restored. */
    long position(TaskId task) {
        advance();
        Restoration restoration = find(task);
        return restoration == null ? -1 : (long) Math.floor(restoration.position);
    }

    boolean isRestoring(TaskId task) {
        return find(task) != null;
    }

    /**
     * How long the stream thread waits when it asks the state updater for a task back (StateUpdater#remove, which
     * TaskManager#handleAssignment waits on): the updater takes removals at the start of its next loop turn
     * (DefaultStateUpdater#runOnce), and remove() does not wake the restore consumer's poll(). So the rest of the
     * present turn: while it restores, the batch it is writing (at the restore rate); while an active task at its
     * end waits, that poll(poll.ms); while it only follows standbys' changelogs ({@code followsChangelogs}), the
     * present poll(poll.ms) of its polls since it last ran out of records or a record of a followed changelog ended
     * a poll early ({@code lastRecordMs}); else it is idle and takes the removal at once (docs/kafka-semantics.md §19).
     *
     * @param lastRecordMs when a record last came to a changelog it follows, or -1
     */
    long turnEndsInMs(boolean followsChangelogs, long lastRecordMs) {
        advance();
        long now = sim.nowMs();
        Map<TaskId, Restoration> working = working();
        if (!working.isEmpty()) {
            double left = 0;
            for (Restoration r : working.values()) {
                left += r.left();
            }
            return Math.max(0, advancedAtMs - now) + (long) Math.ceil(Math.min(batchLeft, left) / recordsPerMs);
        }
        if (!atEnd.isEmpty()) {
            long endsMs = Long.MAX_VALUE;
            for (Restoration r : atEnd.values()) {
                endsMs = Math.min(endsMs, r.emptyPollEndsMs);
            }
            return Math.max(0, endsMs - now);
        }
        if (followsChangelogs && polls.pollMs() > 0) {
            polls.waitingSince(Math.max(Math.min(idleSinceMs, now), lastRecordMs));
            return polls.pollEndAfter(now) - now;
        }
        return 0;
    }

    void stopAll() {
        actives.clear();
        standbys.clear();
        atEnd.clear();
        finished.clear();
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
        atEnd.values().forEach(r -> r.emptyPollEndsMs += addedMs);
        reschedule();
    }

    private Restoration find(TaskId task) {
        Restoration found = actives.get(task);
        if (found == null) {
            found = standbys.get(task);
        }
        if (found == null) {
            found = atEnd.get(task);
        }
        return found != null ? found : finished.get(task);
    }

    private Restoration remove(TaskId task) {
        Restoration gone = actives.remove(task);
        if (gone == null) {
            gone = standbys.remove(task);
        }
        if (gone == null) {
            gone = atEnd.remove(task);
        }
        return gone != null ? gone : finished.remove(task);
    }

    /** The restorations served now: standbys only while no active task restores, even one at its end. */
    private Map<TaskId, Restoration> working() {
        return !actives.isEmpty() || !atEnd.isEmpty() ? actives : standbys;
    }

    /** Serves the records restored since the last change, chunk by chunk (none before a pause has ended). */
    private void advance() {
        long now = sim.nowMs();
        settleAtEnd(now);
        double budget = now > advancedAtMs ? (now - advancedAtMs) * recordsPerMs : 0;
        while (budget > EPSILON && !working().isEmpty()) {
            Map<TaskId, Restoration> working = working();
            Map.Entry<TaskId, Restoration> head = working.entrySet().iterator().next();
            Restoration r = head.getValue();
            double take = Math.min(budget, Math.min(r.chunkLeft, r.left()));
            r.position += take;
            r.chunkLeft -= take;
            budget -= take;
            batchLeft -= take;
            if (batchLeft <= EPSILON) {
                // The batch, and any whole ones after it, written: the next one is under way.
                batchLeft = MAX_POLL_RECORDS - (-batchLeft % MAX_POLL_RECORDS);
            }
            settle(working, head.getKey(), r);
            if (working().isEmpty() && atEnd.isEmpty()) {
                idleSinceMs = now - (long) Math.floor(budget / recordsPerMs);
            }
        }
        advancedAtMs = Math.max(advancedAtMs, now);
    }

    /**
     * Finds the tasks at their end whose empty poll() returned, at once if other active tasks' records end the
     * polls; standbys, paused meanwhile, go on only from the end of the last such poll.
     */
    private void settleAtEnd(long now) {
        if (atEnd.isEmpty()) {
            return;
        }
        boolean othersRestore = !actives.isEmpty();
        long heldUntilMs = advancedAtMs;
        for (Iterator<Map.Entry<TaskId, Restoration>> it = atEnd.entrySet().iterator(); it.hasNext();) {
            Map.Entry<TaskId, Restoration> entry = it.next();
            long endsMs = entry.getValue().emptyPollEndsMs;
            if (othersRestore || endsMs <= now) {
                finished.put(entry.getKey(), entry.getValue());
                it.remove();
                heldUntilMs = Math.max(heldUntilMs, Math.min(now, endsMs));
            }
        }
        if (!othersRestore) {
            advancedAtMs = Math.max(advancedAtMs, atEnd.isEmpty() ? heldUntilMs : now);
        }
    }

    /** The head after being served: done, or to the back of the turn once its chunk is drained. */
    private void settle(Map<TaskId, Restoration> working, TaskId task, Restoration r) {
        if (r.left() <= EPSILON) {
            r.position = r.target;
            working.remove(task);
            finished.put(task, r);
        } else if (r.chunkLeft <= EPSILON) {
            r.chunkLeft = r.chunk;
            working.remove(task);
            working.put(task, r);
        }
    }

    /** The next step: a finished task to tell about now, else the end of the head's chunk or restoration. */
    private void reschedule() {
        if (!finished.isEmpty()) {
            next.scheduleAt(sim.nowMs(), this::step);
            return;
        }
        long dueMs = Long.MAX_VALUE;
        for (Restoration r : atEnd.values()) {
            dueMs = Math.min(dueMs, r.emptyPollEndsMs);
        }
        Map<TaskId, Restoration> working = working();
        if (!working.isEmpty()) {
            Restoration r = working.values().iterator().next();
            long inMs = (long) Math.ceil(Math.min(r.chunkLeft, r.left()) / recordsPerMs);
            dueMs = Math.min(dueMs, Math.max(sim.nowMs(), advancedAtMs) + Math.max(0, inMs));
        }
        if (dueMs == Long.MAX_VALUE) {
            next.cancel();
        } else {
            next.scheduleAt(Math.max(sim.nowMs(), dueMs), this::step);
        }
    }

    private void step() {
        advance();
        Map<TaskId, Restoration> done = new LinkedHashMap<>(finished);
        finished.clear();
        reschedule();
        done.forEach((task, r) -> onCaughtUp.caughtUp(task, r.active, r.target));
    }
}
