package org.rebalancesim.metrics;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.rebalancesim.metrics.registry.DowntimeCause;
import org.rebalancesim.partition.TaskId;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.scenario.MeasureWindow;

/**
 * Whether each Kafka Streams task runs, for taskDowntimeMs: a task is down while one of its partitions is
 * (no holder that can work on it, as {@link PartitionAvailability} decides), or while the instance holding
 * it restores its state. The two do not overlap but under a paused or cut-off restoring holder, which
 * counts as the partition's cause; restoring is counted apart (taskRestoringMs).
 */
final class TaskAvailability implements PartitionAvailability.CauseListener {

    private static final class Task {
        int downPartitions;
        /** Pods restoring the task now (one, but a zombie may still be at it). */
        int restoringOn;
        long downSinceMs = -1;
        long restoringSinceMs = -1;
    }

    private final MeasureWindow window;
    private final Map<TaskId, Task> tasks = new TreeMap<>();
    private final Map<TopicPartition, List<TaskId>> tasksOfPartition = new HashMap<>();
    private long downtimeMs;
    private long maxDowntimeMs;
    private long restoringMs;
    /** Tasks down now, and since when some task has been (-1 while every task runs). */
    private int tasksDown;
    private long someDownSinceMs = -1;
    private long maxRecoveryMs;

    TaskAvailability(MeasureWindow window) {
        this.window = window;
    }

    /**
     * The application's tasks and their partitions; every partition starts down (no pod runs yet), as in
     * {@link PartitionAvailability}.
     */
    void track(Map<TaskId, List<TopicPartition>> sourcePartitions, long nowMs) {
        sourcePartitions.forEach((taskId, partitions) -> {
            Task task = new Task();
            task.downPartitions = partitions.size();
            task.downSinceMs = nowMs;
            tasks.put(taskId, task);
            taskWentDown(nowMs);
            partitions.forEach(tp -> tasksOfPartition.computeIfAbsent(tp, any -> new java.util.ArrayList<>())
                    .add(taskId));
        });
    }

    @Override
    public void causeChanged(TopicPartition tp, DowntimeCause before, DowntimeCause after, long nowMs) {
        if ((before == null) == (after == null)) {
            return;
        }
        for (TaskId taskId : tasksOfPartition.getOrDefault(tp, List.of())) {
            Task task = tasks.get(taskId);
            boolean wasDown = isDown(task);
            task.downPartitions += after == null ? -1 : 1;
            changed(task, wasDown, nowMs);
        }
    }

    void restoring(TaskId taskId, boolean started, long nowMs) {
        Task task = tasks.get(taskId);
        if (task == null) {
            return;
        }
        boolean wasDown = isDown(task);
        boolean wasRestoring = task.restoringOn > 0;
        task.restoringOn = Math.max(0, task.restoringOn + (started ? 1 : -1));
        if (!wasRestoring && task.restoringOn > 0) {
            task.restoringSinceMs = nowMs;
        } else if (wasRestoring && task.restoringOn == 0) {
            restoringMs += window.overlapMs(task.restoringSinceMs, nowMs);
            task.restoringSinceMs = -1;
        }
        changed(task, wasDown, nowMs);
    }

    private static boolean isDown(Task task) {
        return task.downPartitions > 0 || task.restoringOn > 0;
    }

    private void changed(Task task, boolean wasDown, long nowMs) {
        boolean down = isDown(task);
        if (!wasDown && down) {
            task.downSinceMs = nowMs;
            taskWentDown(nowMs);
        } else if (wasDown && !down) {
            closeDownSpan(task, nowMs);
            if (--tasksDown == 0) {
                closeRecovery(nowMs);
            }
        }
    }

    private void taskWentDown(long nowMs) {
        if (tasksDown++ == 0) {
            someDownSinceMs = nowMs;
        }
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
            if (task.downSinceMs >= 0) {
                closeDownSpan(task, endMs);
            }
            if (task.restoringSinceMs >= 0) {
                restoringMs += window.overlapMs(task.restoringSinceMs, endMs);
                task.restoringSinceMs = -1;
            }
        }
    }

    long downtimeMs() {
        return downtimeMs;
    }

    long maxDowntimeMs() {
        return maxDowntimeMs;
    }

    long restoringMs() {
        return restoringMs;
    }

    /** The longest time some task did not run: from one going down until every task ran again. */
    long maxRecoveryMs() {
        return maxRecoveryMs;
    }
}
