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
    UNREACHABLE
}
