package org.rebalancesim.workload;

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
    private final Map<TaskId, Double> ends = new TreeMap<>();

    public Changelogs(StreamsTaskTable tasks) {
        this.tasks = tasks;
        for (TaskId task : tasks.statefulTasks()) {
            ends.put(task, (double) tasks.subtopologyOf(task).changelogRecords());
        }
    }

    /** Records of {@code tp} processed: every stateful task reading it writes its changelog. */
    public void processed(TopicPartition tp, long records) {
        for (TaskId task : tasks.tasksOf(tp)) {
            Double end = ends.get(task);
            if (end != null) {
                ends.put(task, end + records * tasks.subtopologyOf(task).changelogPerRecord());
            }
        }
    }

    /** The changelog's end offset now (0 for a stateless task). */
    public long endOffset(TaskId task) {
        return (long) Math.floor(ends.getOrDefault(task, 0.0));
    }

    /** Every stateful task's end offset: what Streams' assignor reads (ListOffsets on the changelogs). */
    public Map<TaskId, Long> endOffsets() {
        Map<TaskId, Long> all = new TreeMap<>();
        ends.keySet().forEach(task -> all.put(task, endOffset(task)));
        return all;
    }

    public StreamsTaskTable tasks() {
        return tasks;
    }
}
