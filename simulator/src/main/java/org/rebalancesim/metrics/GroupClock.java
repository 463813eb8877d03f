package org.rebalancesim.metrics;

import org.rebalancesim.events.GroupState;
import org.rebalancesim.scenario.MeasureWindow;

/**
 * The group's own figures, whatever the protocol (docs/metrics.md "Rebalance counts"): the time it spent
 * rebalancing and reconciling, by the states its coordinator reported, and how often its epoch went up.
 *
 * <p>The epoch is followed as the highest generation or group epoch any coordinator event names; each rise
 * counts as that many bumps (docs/kafka-semantics.md §23). Classic: the state change that ends a join phase
 * names the new generation (ClassicGroup.initNextGeneration). Consumer protocol: each bump is reported. A
 * replay of a measured run names the epochs the members' callbacks show. The idle classic coordinator of a
 * consumer-protocol run stays at generation 0, below the group epoch, so it never counts.
 */
final class GroupClock {

    private final MeasureWindow window;
    private boolean rebalancing;
    private boolean reconciling;
    private long sinceMs;
    private long rebalanceTimeMs;
    private long reconcilingTimeMs;
    private int highestEpoch;
    private long epochBumps;

    GroupClock(MeasureWindow window) {
        this.window = window;
    }

    /** The group left {@code from} for {@code to}: the time spent in {@code from} counts. */
    void stateChanged(GroupState from, GroupState to, long nowMs) {
        count(from.isRebalancing(), from.isReconciling(), nowMs);
        restart(to, nowMs);
    }

    private void count(boolean wasRebalancing, boolean wasReconciling, long untilMs) {
        long spentMs = window.overlapMs(sinceMs, untilMs);
        if (wasRebalancing) {
            rebalanceTimeMs += spentMs;
        }
        if (wasReconciling) {
            reconcilingTimeMs += spentMs;
        }
    }

    /** The clock starts again in {@code state}, counting nothing (a coordinator failover's load). */
    void restart(GroupState state, long nowMs) {
        rebalancing = state.isRebalancing();
        reconciling = state.isReconciling();
        sinceMs = nowMs;
    }

    boolean rebalancing() {
        return rebalancing;
    }

    /** A coordinator event named {@code epoch}: a rise above the highest so far is that many bumps. */
    void epochSeen(int epoch, long nowMs) {
        if (epoch > highestEpoch) {
            if (window.contains(nowMs)) {
                epochBumps += epoch - highestEpoch;
            }
            highestEpoch = epoch;
        }
    }

    /** Closes the state the group is still in at the end of the run. */
    void finish(long endMs) {
        count(rebalancing, reconciling, endMs);
        sinceMs = endMs;
    }

    long rebalanceTimeMs() {
        return rebalanceTimeMs;
    }

    long reconcilingTimeMs() {
        return reconcilingTimeMs;
    }

    long epochBumps() {
        return epochBumps;
    }
}
