package org.rebalancesim.assignor;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The leader's answer for a Streams group: one {@link StreamsThreadAssignment} per consumer.
 *
 * @param threads                consumer (member id) → its assignment, sorted; every member appears
 * @param probingRebalanceNeeded what HighAvailabilityTaskAssignor#assign returned: tasks still have to move
 *                               (warm-ups are out), so the leader's process schedules a probing rebalance
 */
public record StreamsGroupAssignment(Map<String, StreamsThreadAssignment> threads, boolean probingRebalanceNeeded) {

    public StreamsGroupAssignment {
        threads = Collections.unmodifiableSortedMap(new TreeMap<>(threads));
    }

    /** The soonest follow-up any thread was told of, relative to the assignment; NO_FOLLOWUP for none. */
    public long nextRebalanceDelayMs() {
        long soonest = StreamsThreadAssignment.NO_FOLLOWUP;
        for (StreamsThreadAssignment thread : threads.values()) {
            soonest = Math.min(soonest, thread.nextRebalanceDelayMs());
        }
        return soonest;
    }

    /** Whether some task was withheld, so an immediate follow-up rebalance was requested. */
    public boolean withheld() {
        return threads.values().stream().anyMatch(thread -> !thread.withheldTasks().isEmpty());
    }

    /**
     * What StreamsPartitionAssignor tells its AssignmentListener (onAssignmentComplete): true when no thread
     * was told to rebalance again.
     */
    public boolean stable() {
        return nextRebalanceDelayMs() == StreamsThreadAssignment.NO_FOLLOWUP;
    }
}
