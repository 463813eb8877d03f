package org.rebalancesim.metrics;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.scenario.MeasureWindow;

/**
 * Each pod's state over time and its blocked time. A pod reports whether the protocol blocks it (eager:
 * from revoking everything to its SyncGroup answer; cooperative and KIP-848: while it owns nothing); that
 * counts, and shows as REBALANCING, only while the group rebalances, so a member that simply has no
 * partitions in a stable group is not "stopped".
 *
 * <p>Blocked time splits by who is blocked (docs/metrics.md "Stop-the-world and partition downtime"): a
 * process that has held partitions since it started is an existing member, stopped by the rebalance
 * (stop-the-world); one that has not yet held any is a new member waiting for its first partitions. An
 * interval is split at the moment a waiting new member first gets partitions.
 */
final class MemberTimeline {

    private final MeasureWindow window;
    /** Every pod, in the order it was registered (the order of the intervals closed together). */
    private final Map<String, Pod> pods = new LinkedHashMap<>();
    private final BoundedIntervals<MemberState, Series.StateInterval> intervals = new BoundedIntervals<>(
            Series.StateInterval::new, Series.StateInterval::state, Series.StateInterval::fromMs,
            Series.StateInterval::toMs, this::podCount);
    /** Pods per shown state, by ordinal; a pod is in none until it is first shown other than DOWN. */
    private final StateCounts counts = new StateCounts(MemberState.values().length, MemberState.CONSUMING.ordinal());
    private boolean groupRebalancing;
    /** Pods whose reported state is not DOWN: anyRunning() is asked after every change, so it is counted. */
    private int running;
    private long stopTheWorldMs;
    private long maxStopTheWorldMs;
    private long newMemberWaitMs;

    /** One pod's figures, in one place: a state change looks the pod up once. */
    private static final class Pod {
        final BoundedIntervals.Row<MemberState> row;
        MemberState reported = MemberState.DOWN;
        MemberState shown = MemberState.DOWN;
        long shownSinceMs;
        boolean blocked;
        /** Whether the current process has held partitions: it is an existing member. */
        boolean held;
        boolean stopped;
        /** Whether the open stopped interval is a new member's wait. */
        boolean stoppedAsNew;
        /** Whether the pod has been shown other than DOWN: before, it is "not started yet", in no count. */
        boolean started;
        long stoppedSinceMs;

        Pod(BoundedIntervals.Row<MemberState> row) {
            this.row = row;
        }
    }

    MemberTimeline(MeasureWindow window) {
        this.window = window;
    }

    private Pod pod(String name) {
        return pods.computeIfAbsent(name, k -> new Pod(intervals.row(k)));
    }

    void register(String name) {
        pod(name);
    }

    MemberState state(String name) {
        Pod pod = pods.get(name);
        return pod == null ? MemberState.DOWN : pod.reported;
    }

    boolean anyRunning() {
        return running > 0;
    }

    /** @return whether the reported state changed */
    boolean report(String name, MemberState state, long nowMs) {
        Pod pod = pod(name);
        MemberState before = pod.reported;
        if (before == state) {
            return false;
        }
        pod.reported = state;
        running += (state != MemberState.DOWN ? 1 : 0) - (before != MemberState.DOWN ? 1 : 0);
        if (state == MemberState.DOWN) {
            pod.blocked = false;
            pod.held = false;
        }
        refresh(pod, nowMs);
        return true;
    }

    /** The pod's process got partitions: from now on it is an existing member. */
    void heldPartitions(String name, long nowMs) {
        Pod pod = pod(name);
        if (pod.held) {
            return;
        }
        pod.held = true;
        if (pod.stopped && pod.stoppedAsNew) {
            closeStopped(pod, nowMs);
            pod.stoppedAsNew = false;
            pod.stoppedSinceMs = nowMs;
        }
    }

    void blocked(String name, boolean blocked, long nowMs) {
        Pod pod = pod(name);
        pod.blocked = blocked;
        refresh(pod, nowMs);
    }

    void groupRebalancing(boolean rebalancing, long nowMs) {
        if (groupRebalancing != rebalancing) {
            groupRebalancing = rebalancing;
            for (Pod pod : pods.values()) {
                refresh(pod, nowMs);
            }
        }
    }

    private void refresh(Pod pod, long nowMs) {
        boolean stopped = pod.blocked && groupRebalancing && pod.reported != MemberState.DOWN;
        if (stopped && !pod.stopped) {
            pod.stopped = true;
            pod.stoppedAsNew = !pod.held;
            pod.stoppedSinceMs = nowMs;
        } else if (!stopped && pod.stopped) {
            pod.stopped = false;
            closeStopped(pod, nowMs);
        }
        MemberState display = pod.reported == MemberState.REBALANCING && !stopped ? MemberState.CONSUMING : pod.reported;
        MemberState previous = pod.shown;
        pod.shown = display;
        if (previous != display) {
            int from = pod.started ? previous.ordinal() : StateCounts.NONE;
            pod.started |= display != MemberState.DOWN;
            counts.move(nowMs, from, pod.started ? display.ordinal() : StateCounts.NONE);
            if (pod.shownSinceMs < nowMs) {
                intervals.add(pod.row, previous, pod.shownSinceMs, nowMs);
            }
            pod.shownSinceMs = nowMs;
        }
    }

    private void closeStopped(Pod pod, long untilMs) {
        long overlap = window.overlapMs(pod.stoppedSinceMs, untilMs);
        if (pod.stoppedAsNew) {
            newMemberWaitMs += overlap;
        } else {
            stopTheWorldMs += overlap;
            maxStopTheWorldMs = Math.max(maxStopTheWorldMs, overlap);
        }
    }

    void finish(long endMs) {
        for (Pod pod : pods.values()) {
            if (pod.stopped) {
                pod.stopped = false;
                closeStopped(pod, endMs);
            }
        }
        for (Pod pod : pods.values()) {
            if (pod.shownSinceMs < endMs) {
                intervals.add(pod.row, pod.shown, pod.shownSinceMs, endMs);
            }
        }
    }

    List<Series.CountStep> counts() {
        return counts.steps();
    }

    long stopTheWorldMs() {
        return stopTheWorldMs;
    }

    long maxStopTheWorldMs() {
        return maxStopTheWorldMs;
    }

    long newMemberWaitMs() {
        return newMemberWaitMs;
    }

    private int podCount() {
        return pods.size();
    }

    /** Each pod's states over time: exact, or resampled for a pod whose state changed very often. */
    List<Series.StateInterval> intervals() {
        return intervals.intervals();
    }
}
