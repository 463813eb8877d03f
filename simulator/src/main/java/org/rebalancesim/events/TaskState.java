package org.rebalancesim.events;

/**
 * What a Kafka Streams instance does with one of its tasks, as Streams' TaskManager and state updater run
 * it (docs/kafka-semantics.md §19). Only a RUNNING active task processes its partitions.
 */
public enum TaskState {
    /** An active task replaying its changelog from the local checkpoint to the end; it processes nothing. */
    RESTORING,
    /** An active task processing its partitions. */
    RUNNING,
    /** A standby (or warm-up) replica following the changelog of a task active elsewhere. */
    STANDBY,
    /** Closed on this instance: revoked, or the process ended; its state stays on disk. */
    CLOSED
}
