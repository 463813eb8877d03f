package org.rebalancesim.workload;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.rebalancesim.partition.TaskId;
import org.rebalancesim.partition.TopicPartition;

/**
 * The end offset of each stateful task's changelog: its records at the start, plus what processing its
 * input writes (changelog.perRecord records per input record). Counted as one changelog per task, as a
 * task with one store has; what a task restores is the distance from a local checkpoint to this end.
 */
public final class Changelogs {

    private final StreamsTaskTable tasks;
    /** Each stateful task's changelog, updated in place per processed batch. */
    private final Map<TaskId, Log> logs = new HashMap<>();

    private static final class Log {
        double end;
        /** When records were last written to it, or -1 before the first. */
        long writtenAtMs = -1;

        Log(double end) {
            this.end = end;
        }
    }

    public Changelogs(StreamsTaskTable tasks) {
        this.tasks = tasks;
        for (TaskId task : tasks.statefulTasks()) {
            logs.put(task, new Log(tasks.subtopologyOf(task).changelogRecords()));
        }
    }

    /** Records of {@code tp} processed at {@code nowMs}: every stateful task reading it writes its changelog. */
    public void processed(TopicPartition tp, long records, long nowMs) {
        for (TaskId task : tasks.tasksOf(tp)) {
            Log log = logs.get(task);
            if (log == null) {
                continue; // a stateless task writes no changelog
            }
            double written = records * tasks.subtopologyOf(task).changelogPerRecord();
            if (written > 0) {
                log.end += written;
                log.writtenAtMs = nowMs;
            }
        }
    }

    /** The changelog's end offset now (0 for a stateless task). */
    public long endOffset(TaskId task) {
        Log log = logs.get(task);
        return log == null ? 0 : (long) Math.floor(log.end);
    }

    /** When records were last written to the task's changelog, or -1 if never since the start. */
    public long lastWriteMs(TaskId task) {
        Log log = logs.get(task);
        return log == null ? -1 : log.writtenAtMs;
    }

    /** Every stateful task's end offset, in task order: what Streams' assignor reads (ListOffsets). */
    public Map<TaskId, Long> endOffsets() {
        Map<TaskId, Long> all = new TreeMap<>();
        tasks.statefulTasks().forEach(task -> all.put(task, endOffset(task)));
        return all;
    }

    public StreamsTaskTable tasks() {
        return tasks;
    }
}
