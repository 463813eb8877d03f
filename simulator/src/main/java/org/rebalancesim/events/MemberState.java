package org.rebalancesim.events;

/** What a pod is doing, as the timeline chart colours it. */
public enum MemberState {
    /** Running, processing or ready to process its partitions. */
    CONSUMING,
    /** Blocked by the group protocol: nothing it may process until the rebalance ends. */
    REBALANCING,
    /** The whole JVM is stopped (GC). */
    PAUSED,
    /** Working on a slow record. */
    SLOW_RECORD,
    /** Not running (before its start, crashed, stopped, restarting). */
    DOWN,
    /** Running but cut off from the brokers. */
    UNREACHABLE,
    /** A Kafka Streams instance whose active tasks all restore their state: it processes nothing yet. */
    RESTORING;

    /** Whether charts list the state in their legend even when no pod was in it (all but Streams' own). */
    public boolean alwaysInLegend() {
        return this != RESTORING;
    }
}
