package org.rebalancesim.metrics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.rebalancesim.metrics.registry.DowntimeCause;
import org.rebalancesim.partition.TaskId;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.scenario.MeasureWindow;

/**
 * Whether each Kafka Streams task runs, for taskDowntimeMs and its causes: a task is down while one of its
 * partitions is (no holder that can work on it, as {@link PartitionAvailability} decides, with that
 * partition's cause), or while the instance holding it restores its state (cause restoring). The two
 * overlap only under a paused or cut-off restoring holder, which counts as the partition's cause. The same
 * phases, over the whole run, are the tasks' chart series, so the chart shows what the metrics count.
 */
final class TaskAvailability implements PartitionAvailability.CauseListener {

    /** The index of the restoring cause, after {@link DowntimeCause}'s (the family's last member). */
    static final int RESTORING = DowntimeCause.values().length;
    /** The phase of each cause index: a DowntimeCause's ordinal, then {@link #RESTORING}. */
    private static final Series.TaskPhase[] PHASES = phaseOfEachCause();

    private static final class Task {
        /** The task's row of the phase series. */
        final BoundedIntervals.Row<Series.TaskPhase> row;
        /** Its partitions that are down now, with their causes. */
        final Map<TopicPartition, DowntimeCause> downPartitions = new TreeMap<>();
        /** Pods restoring the task now (one, but a zombie may still be at it). */
        int restoringOn;
        /** The cause counting now ({@link #RESTORING} or a DowntimeCause ordinal), -1 while it runs. */
        int cause = -1;
        long causeSinceMs;
        long downSinceMs = -1;

        Task(BoundedIntervals.Row<Series.TaskPhase> row) {
            this.row = row;
        }
    }

    private final MeasureWindow window;
    private final Map<TaskId, Task> tasks = new TreeMap<>();
    private final Map<TopicPartition, List<TaskId>> tasksOfPartition = new HashMap<>();
    private final long[] downtimeByCauseMs = new long[RESTORING + 1];
    private long downtimeMs;
    private long maxDowntimeMs;
    /** Tasks down now, and since when some task has been (-1 while every task runs). */
    private int tasksDown;
    private long someDownSinceMs = -1;
    private long maxRecoveryMs;
    private final BoundedIntervals<Series.TaskPhase, Series.TaskInterval> phases = new BoundedIntervals<>(
            Series.TaskInterval::new, Series.TaskInterval::phase, Series.TaskInterval::fromMs, Series.TaskInterval::toMs,
            tasks::size);

    TaskAvailability(MeasureWindow window) {
        this.window = window;
    }

    /**
     * The application's tasks and their partitions; every partition starts down with no pod running yet
     * (noMembers), as in {@link PartitionAvailability}.
     */
    void track(Map<TaskId, List<TopicPartition>> sourcePartitions, long nowMs) {
        sourcePartitions.forEach((taskId, partitions) -> {
            Task task = new Task(phases.row(taskId.toString()));
            task.causeSinceMs = nowMs;
            tasks.put(taskId, task);
            for (TopicPartition tp : partitions) {
                task.downPartitions.put(tp, DowntimeCause.NO_MEMBERS);
                tasksOfPartition.computeIfAbsent(tp, any -> new ArrayList<>()).add(taskId);
            }
            changed(task, nowMs);
        });
    }

    @Override
    public void causeChanged(TopicPartition tp, DowntimeCause before, DowntimeCause after, long nowMs) {
        for (TaskId taskId : tasksOfPartition.getOrDefault(tp, List.of())) {
            Task task = tasks.get(taskId);
            if (after == null) {
                task.downPartitions.remove(tp);
            } else {
                task.downPartitions.put(tp, after);
            }
            changed(task, nowMs);
        }
    }

    void restoring(TaskId taskId, boolean started, long nowMs) {
        Task task = tasks.get(taskId);
        if (task != null) {
            task.restoringOn = Math.max(0, task.restoringOn + (started ? 1 : -1));
            changed(task, nowMs);
        }
    }

    /** A down partition's cause (the first in registry order of those down), else restoring, else -1. */
    private static int causeOf(Task task) {
        int cause = -1;
        for (DowntimeCause partition : task.downPartitions.values()) {
            cause = cause < 0 ? partition.ordinal() : Math.min(cause, partition.ordinal());
        }
        return cause >= 0 ? cause : task.restoringOn > 0 ? RESTORING : -1;
    }

    private void changed(Task task, long nowMs) {
        int cause = causeOf(task);
        if (cause == task.cause) {
            return;
        }
        closeCause(task, nowMs);
        boolean wasDown = task.cause >= 0;
        task.cause = cause;
        task.causeSinceMs = nowMs;
        if (!wasDown && cause >= 0) {
            task.downSinceMs = nowMs;
            if (tasksDown++ == 0) {
                someDownSinceMs = nowMs;
            }
        } else if (wasDown && cause < 0) {
            closeDownSpan(task, nowMs);
            if (--tasksDown == 0) {
                closeRecovery(nowMs);
            }
        }
    }

    private void closeCause(Task task, long nowMs) {
        if (task.cause >= 0) {
            downtimeByCauseMs[task.cause] += window.overlapMs(task.causeSinceMs, nowMs);
        }
        if (nowMs > task.causeSinceMs) {
            phases.add(task.row, phaseOf(task.cause), task.causeSinceMs, nowMs);
        }
    }

    private static Series.TaskPhase phaseOf(int cause) {
        return cause < 0 ? Series.TaskPhase.RUNNING : PHASES[cause];
    }

    private static Series.TaskPhase[] phaseOfEachCause() {
        Series.TaskPhase[] phases = new Series.TaskPhase[RESTORING + 1];
        for (DowntimeCause cause : DowntimeCause.values()) {
            phases[cause.ordinal()] = Series.TaskPhase.down(cause);
        }
        phases[RESTORING] = Series.TaskPhase.RESTORING;
        return phases;
    }

    /** Every task runs again: the span since one went down is a recovery. */
    private void closeRecovery(long nowMs) {
        maxRecoveryMs = Math.max(maxRecoveryMs, window.overlapMs(someDownSinceMs, nowMs));
        someDownSinceMs = -1;
    }

    private void closeDownSpan(Task task, long nowMs) {
        long span = window.overlapMs(task.downSinceMs, nowMs);
        downtimeMs += span;
        maxDowntimeMs = Math.max(maxDowntimeMs, span);
        task.downSinceMs = -1;
    }

    void finish(long endMs) {
        if (someDownSinceMs >= 0) {
            closeRecovery(endMs);
        }
        for (Task task : tasks.values()) {
            closeCause(task, endMs);
            task.causeSinceMs = endMs;
            if (task.downSinceMs >= 0) {
                closeDownSpan(task, endMs);
            }
        }
    }

    long downtimeMs() {
        return downtimeMs;
    }

    long maxDowntimeMs() {
        return maxDowntimeMs;
    }

    /** Downtime per cause: {@link DowntimeCause}'s order, then restoring; they add up to taskDowntimeMs. */
    long[] downtimeByCauseMs() {
        return downtimeByCauseMs.clone();
    }

    /** Each task's phases over the whole run, for the tasks chart. */
    List<Series.TaskInterval> phases() {
        return phases.intervals();
    }

    /** The longest time some task did not run: from one going down until every task ran again. */
    long maxRecoveryMs() {
        return maxRecoveryMs;
    }
}
