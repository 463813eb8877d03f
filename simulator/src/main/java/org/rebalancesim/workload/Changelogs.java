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
    /** Each stateful task's end, a one-element holder updated in place per processed batch (no boxing). */
    private final Map<TaskId, double[]> ends = new HashMap<>();

    public Changelogs(StreamsTaskTable tasks) {
        this.tasks = tasks;
        for (TaskId task : tasks.statefulTasks()) {
            ends.put(task, new double[] {tasks.subtopologyOf(task).changelogRecords()});
        }
    }

    /** Records of {@code tp} processed: every stateful task reading it writes its changelog. */
    public void processed(TopicPartition tp, long records) {
        for (TaskId task : tasks.tasksOf(tp)) {
            double[] end = ends.get(task);
            if (end != null) {
                end[0] += records * tasks.subtopologyOf(task).changelogPerRecord();
            }
        }
    }

    /** The changelog's end offset now (0 for a stateless task). */
    public long endOffset(TaskId task) {
        double[] end = ends.get(task);
        return end == null ? 0 : (long) Math.floor(end[0]);
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
