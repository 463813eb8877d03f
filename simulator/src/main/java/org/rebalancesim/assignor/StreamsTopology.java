package org.rebalancesim.assignor;

import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.rebalancesim.partition.TaskId;
import org.rebalancesim.partition.TopicPartition;

/**
 * What the leader's StreamsPartitionAssignor knows of the application when it assigns: the tasks with their
 * source partitions (its PartitionGrouper's partitionGroups), which tasks are stateful (ChangelogTopics'
 * statefulTaskIds: those with a changelog), and each stateful task's changelog end offset sum (the ListOffsets
 * answer summed per task, StreamsPartitionAssignor#computeEndOffsetSumsByTask).
 *
 * @param sourcePartitions       every task with its source partitions (at least one; no partition in two tasks)
 * @param statefulTasks          the tasks that have state; a subset of the tasks
 * @param changelogEndOffsetSums for exactly the stateful tasks, the sum of their changelog partitions' end
 *                               offsets (0 for a changelog that does not exist yet)
 */
public record StreamsTopology(Map<TaskId, List<TopicPartition>> sourcePartitions, Set<TaskId> statefulTasks,
                              Map<TaskId, Long> changelogEndOffsetSums) {

    public StreamsTopology {
        SortedMap<TaskId, List<TopicPartition>> partitions = new TreeMap<>();
        Map<TopicPartition, TaskId> taskOf = new HashMap<>();
        sourcePartitions.forEach((task, list) -> {
            if (list.isEmpty()) {
                throw new IllegalArgumentException("task " + task + " has no source partition");
            }
            for (TopicPartition tp : list) {
                TaskId other = taskOf.putIfAbsent(tp, task);
                if (other != null && !other.equals(task)) {
                    throw new IllegalArgumentException(tp + " is a source partition of both " + other + " and " + task);
                }
            }
            partitions.put(task, List.copyOf(new TreeSet<>(list)));
        });
        sourcePartitions = Collections.unmodifiableSortedMap(partitions);
        statefulTasks = Collections.unmodifiableSortedSet(new TreeSet<>(statefulTasks));
        changelogEndOffsetSums = Collections.unmodifiableSortedMap(new TreeMap<>(changelogEndOffsetSums));
        if (!sourcePartitions.keySet().containsAll(statefulTasks)) {
            throw new IllegalArgumentException("stateful tasks " + statefulTasks + " are not all tasks of "
                    + sourcePartitions.keySet());
        }
        if (!changelogEndOffsetSums.keySet().equals(statefulTasks)) {
            throw new IllegalArgumentException("changelog end offset sums are for " + changelogEndOffsetSums.keySet()
                    + ", not for the stateful tasks " + statefulTasks);
        }
        changelogEndOffsetSums.forEach((task, sum) -> {
            if (sum < 0) {
                throw new IllegalArgumentException("task " + task + " has a negative changelog end offset sum " + sum);
            }
        });
    }

    /** Every task, sorted. */
    public SortedSet<TaskId> tasks() {
        return Collections.unmodifiableSortedSet(new TreeSet<>(sourcePartitions.keySet()));
    }
}
