package org.rebalancesim.assignor;

import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.rebalancesim.partition.TaskId;
import org.rebalancesim.partition.TopicPartition;

/**
 * What the leader sends one stream thread (consumer): the partitions of its Assignment and its AssignmentInfo
 * (active tasks, standby tasks, nextRebalanceMs), in our types.
 *
 * @param activeTasks          the tasks it runs as active now
 * @param standbyTasks         its standbys, warm-ups included (Kafka sends a warm-up as a standby), and any
 *                             withheld task it already had as a standby, which it keeps as one until the
 *                             follow-up (StreamsPartitionAssignor#buildStandbyTaskMap)
 * @param partitions           the source partitions of its active tasks, sorted
 * @param withheldTasks        tasks the task assignor gave it but the leader held back because another consumer
 *                             still owns one of their partitions (COOPERATIVE)
 * @param nextRebalanceDelayMs AssignmentInfo#nextRebalanceMs relative to the assignment: {@link #IMMEDIATE} for
 *                             the follow-up a withheld task needs, the probing interval for a probing rebalance,
 *                             {@link #NO_FOLLOWUP} for none. StreamThread triggers it (enforceRebalance) in the first
 *                             loop after the rebalance once the time is strictly past it.
 */
public record StreamsThreadAssignment(String consumer, Set<TaskId> activeTasks, Set<TaskId> standbyTasks,
                                      List<TopicPartition> partitions, Set<TaskId> withheldTasks,
                                      long nextRebalanceDelayMs) {

    /** AssignmentInfo's nextRebalanceMs for "rebalance right away" (the withheld tasks' follow-up). */
    public static final long IMMEDIATE = 0L;
    /** AssignmentInfo's nextRebalanceMs for "no follow-up" (Long.MAX_VALUE). */
    public static final long NO_FOLLOWUP = Long.MAX_VALUE;

    public StreamsThreadAssignment {
        activeTasks = Collections.unmodifiableSortedSet(new TreeSet<>(activeTasks));
        standbyTasks = Collections.unmodifiableSortedSet(new TreeSet<>(standbyTasks));
        partitions = List.copyOf(new TreeSet<>(partitions));
        withheldTasks = Collections.unmodifiableSortedSet(new TreeSet<>(withheldTasks));
    }

    /** Whether this thread is told to rebalance again right after this one. */
    public boolean immediateFollowup() {
        return nextRebalanceDelayMs == IMMEDIATE;
    }

    /** Whether this thread is the one told to trigger the probing rebalance. */
    public boolean probingFollowup() {
        return nextRebalanceDelayMs != IMMEDIATE && nextRebalanceDelayMs != NO_FOLLOWUP;
    }
}
