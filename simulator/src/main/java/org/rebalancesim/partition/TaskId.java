package org.rebalancesim.partition;

import java.util.Locale;

/**
 * A Kafka Streams task: one partition of one subtopology, ordered by subtopology then partition and
 * printed as Kafka's {@code org.apache.kafka.streams.processor.TaskId} prints it ("0_3"). Named
 * topologies are not modelled, so a task id is these two numbers only.
 */
public record TaskId(int subtopology, int partition) implements Comparable<TaskId> {

    public TaskId {
        if (subtopology < 0 || partition < 0) {
            throw new IllegalArgumentException("a task id has no negative parts: " + subtopology + "_" + partition);
        }
    }

    /** The task Kafka prints as {@code text}, "0_3" (TaskId#parse without a named topology). */
    public static TaskId parse(String text) {
        int underscore = text.indexOf('_');
        if (underscore <= 0 || underscore != text.lastIndexOf('_') || underscore == text.length() - 1) {
            throw new IllegalArgumentException("not a task id (subtopology_partition): '" + text + "'");
        }
        try {
            return new TaskId(Integer.parseInt(text.substring(0, underscore)),
                    Integer.parseInt(text.substring(underscore + 1)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a task id (subtopology_partition): '" + text + "'", e);
        }
    }

    @Override
    public int compareTo(TaskId other) {
        int bySubtopology = Integer.compare(subtopology, other.subtopology);
        return bySubtopology != 0 ? bySubtopology : Integer.compare(partition, other.partition);
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%d_%d", subtopology, partition);
    }
}
