package org.rebalancesim.assignor;

import java.util.Map;
import java.util.SortedSet;
import org.rebalancesim.partition.TaskId;

/**
 * The Kafka Streams instance behind one member, as its StreamsPartitionAssignor sees it: what it tells the
 * leader in its subscription (SubscriptionInfo: process id and task offset sums) and what it does with the
 * tasks it is given (TaskManager#handleAssignment, the next probing rebalance).
 */
public interface StreamsInstance {

    /** The instance's process id: one per Streams instance, shared by its stream threads. */
    String processId();

    /**
     * Per task with local state (active, standby, or left on disk), the sum of its changelog offsets in
     * the local stores; {@link StreamsSubscription#LATEST_OFFSET} for an active task it runs.
     */
    Map<TaskId, Long> taskOffsetSums();

    /**
     * The member's share of a new assignment: its active and standby tasks (warm-ups among them), and when
     * it should trigger the follow-up rebalance the leader asked for, or -1 if none, and whether that is a
     * probing rebalance (rather than the immediate follow-up of withheld tasks).
     */
    void assigned(SortedSet<TaskId> active, SortedSet<TaskId> standby, long followupAtMs, boolean probing);

    /**
     * How long this member, as the leader, works in one assign() beyond placing the tasks (checking the internal
     * topics, reading the changelogs' end offsets): drawn anew for each assignment.
     */
    default long assignWorkMs() {
        return 0;
    }

    /**
     * How long taking that assignment waits for the instance's state updater to hand back the tasks it leaves
     * (TaskManager#handleAssignment waits on StateUpdater#remove), before anything of it is done.
     */
    default long stateUpdaterWaitMs(SortedSet<TaskId> active, SortedSet<TaskId> standby) {
        return 0;
    }
}
