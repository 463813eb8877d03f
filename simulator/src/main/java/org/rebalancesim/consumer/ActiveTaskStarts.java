package org.rebalancesim.consumer;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import org.rebalancesim.engine.Timer;
import org.rebalancesim.partition.TaskId;

/**
 * How a Streams instance's new active tasks get to run (docs/kafka-semantics.md §19). The thread's first
 * active tasks of its process wait for its cold work (startup.firstActiveTask); then every active task goes to
 * the state updater at the thread's next checkStateUpdater (TaskManager#addTasksToStateUpdater): a stateful one
 * to be restored, once the updater has looked up its changelogs' end offsets (topology.restoreStartWork), a
 * stateless one to come straight back; and the thread takes each restored task back at a later check.
 * {@link StreamsTasks} owns the tasks; this class only times their way to running.
 */
final class ActiveTaskStarts {

    private final ConsumerProcessBase member;
    private final Predicate<TaskId> stateful;
    /** How long until the state updater's present loop turn ends (0: it is idle). */
    private final LongSupplier updaterTurnEndsInMs;
    /** The state updater restores a stateful active task from its store's offset to its changelog's end. */
    private final Consumer<TaskId> restore;
    /** The stream thread has taken the task back: it runs (TaskManager#transitRestoredTaskToRunning). */
    private final Consumer<TaskId> run;
    /**
     * startup.firstActiveTask: the thread's cold work before the first active tasks of its process go on (creating
     * them, initializing their processors, opening their stores), drawn once per process.
     */
    private final DurationDraws firstActiveTask;
    /** topology.restoreStartWork: the state updater's work before it restores the active tasks it was handed. */
    private final DurationDraws restoreStartWork;
    private final Timer coldWorkDone;
    /** When that cold work ends, from the first active task on; -1 before. */
    private long coldUntilMs = -1;
    /** Active tasks that wait for the cold work (a stateful one to restore), in the order they came. */
    private final Set<TaskId> waitingForColdWork = new LinkedHashSet<>();
    /**
     * Active tasks on their way from the state updater to the stream thread (restored, or stateless), each with a
     * token of its own: a task closed meanwhile, or closed and given again, does not start on an older hand-over.
     */
    private final Map<TaskId, Object> handOvers = new HashMap<>();
    /** Stateful active tasks on their way from the stream thread to the state updater, each with its token. */
    private final Map<TaskId, Object> toUpdater = new HashMap<>();
    /** When the last hand-over of stateful tasks was, and when the updater starts restoring them. */
    private long handedOverAtMs = -1;
    private long restoreStartsAtMs;

    ActiveTaskStarts(ConsumerProcessBase member, Predicate<TaskId> stateful, LongSupplier updaterTurnEndsInMs,
                     DurationDraws firstActiveTask, DurationDraws restoreStartWork, Consumer<TaskId> restore,
                     Consumer<TaskId> run) {
        this.member = member;
        this.stateful = stateful;
        this.updaterTurnEndsInMs = updaterTurnEndsInMs;
        this.firstActiveTask = firstActiveTask;
        this.restoreStartWork = restoreStartWork;
        this.restore = restore;
        this.run = run;
        this.coldWorkDone = member.ctx().sim().timer(member.pod() + "'s first active tasks",
                () -> member.jvm().isAlive());
    }

    /**
     * A new active task: the thread's first ones, stateless or stateful, wait for its cold work; later ones, and
     * any that come while it lasts, go on once it is done.
     */
    void start(TaskId task) {
        if (coldUntilMs < 0) {
            coldUntilMs = member.now() + firstActiveTask.nextMs();
        }
        if (member.now() >= coldUntilMs) {
            afterColdWork(task);
        } else {
            waitingForColdWork.add(task);
            armColdWorkDone();
        }
    }

    /** The state updater has restored the task: the stream thread takes it back at its next check. */
    void restored(TaskId task) {
        takeAtNextCheck(task, newHandOver(task));
    }

    /** Whether the task is on its way back to the stream thread: its stores are at its changelog's end. */
    boolean isHandedBack(TaskId task) {
        return handOvers.containsKey(task);
    }

    /** When the cold work on the first active tasks ends (-1 before they came): no commit before. */
    long coldUntilMs() {
        return coldUntilMs;
    }

    /** A GC pause stops the cold work with the rest of the process. */
    void pausedFor(long addedMs) {
        if (addedMs > 0 && !waitingForColdWork.isEmpty()) {
            coldUntilMs += addedMs;
            armColdWorkDone();
        }
    }

    /** The task was closed: any step still under way for it is dropped. */
    void drop(TaskId task) {
        handOvers.remove(task);
        toUpdater.remove(task);
        waitingForColdWork.remove(task);
    }

    /** The process ended. */
    void stop() {
        waitingForColdWork.clear();
        coldWorkDone.cancel();
    }

    /** Every active task goes to the state updater at the thread's next check: a stateful one to be restored. */
    private void afterColdWork(TaskId task) {
        if (stateful.test(task)) {
            handOverStateful(task);
        } else {
            handOverStateless(task);
        }
    }

    /**
     * The stream thread initializes a stateful active task and hands it to the state updater at the checkStateUpdater
     * after its present poll returns (TaskManager#addTasksToStateUpdater), not when the assignment creates it. The
     * updater first looks up the end offsets of the changelogs it was given, together (StoreChangelogReader
     * #initializeChangelogs: an Admin ListOffsets it waits for), then restores them (topology.restoreStartWork,
     * docs/kafka-semantics.md §19).
     */
    private void handOverStateful(TaskId task) {
        Object handOver = new Object();
        toUpdater.put(task, handOver);
        member.pollLoop.atStateUpdaterCheck(() -> {
            if (toUpdater.get(task) != handOver) {
                return;
            }
            if (handedOverAtMs != member.now()) {
                handedOverAtMs = member.now();
                restoreStartsAtMs = member.now() + restoreStartWork.nextMs();
            }
            Runnable restoreIt = () -> {
                if (toUpdater.remove(task, handOver)) {
                    restore.accept(task);
                }
            };
            if (restoreStartsAtMs > member.now()) {
                member.ctx().sim().at(restoreStartsAtMs, () -> member.jvm().run(restoreIt));
            } else {
                restoreIt.run();
            }
        });
    }

    /**
     * A stateless active task passes through the state updater as well: the stream thread initializes it and
     * hands it over at the checkStateUpdater that ends its present poll (TaskManager#addTasksToStateUpdater), the
     * updater returns it as restored without restoring anything (DefaultStateUpdater: "Stateless active task ... was
     * added to the restored tasks"), and the thread runs it once it takes it back (docs/kafka-semantics.md §19). An
     * idle updater, woken by the hand-over, does so at once, and the same check takes it back; a busy one only at the
     * end of its present turn, and the thread takes it at its next check after that.
     */
    private void handOverStateless(TaskId task) {
        Object handOver = newHandOver(task);
        member.pollLoop.atStateUpdaterCheck(() -> {
            if (handOvers.get(task) != handOver) {
                return;
            }
            long updaterMs = updaterTurnEndsInMs.getAsLong();
            if (updaterMs == 0) {
                handOvers.remove(task);
                run.accept(task);
                return;
            }
            member.ctx().sim().after(updaterMs, () -> member.jvm().run(() -> takeAtNextCheck(task, handOver)));
        });
    }

    /** A hand-over of {@code task} from the state updater to the stream thread, replacing any earlier one. */
    private Object newHandOver(TaskId task) {
        Object handOver = new Object();
        handOvers.put(task, handOver);
        return handOver;
    }

    /** The state updater is done with the task: the stream thread takes it at its next checkStateUpdater. */
    private void takeAtNextCheck(TaskId task, Object handOver) {
        if (handOvers.get(task) != handOver) {
            return;
        }
        member.pollLoop.atStateUpdaterCheck(() -> {
            if (handOvers.remove(task, handOver)) {
                run.accept(task);
            }
        });
    }

    private void armColdWorkDone() {
        coldWorkDone.scheduleAt(coldUntilMs, () -> member.jvm().run(this::coldWorkDone));
    }

    private void coldWorkDone() {
        List<TaskId> ready = List.copyOf(waitingForColdWork);
        waitingForColdWork.clear();
        ready.forEach(this::afterColdWork);
    }
}
