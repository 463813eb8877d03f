package org.rebalancesim.metrics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rebalancesim.scenario.MeasureWindow;

/**
 * Each pod's state over time and its stop-the-world time. A pod reports whether the protocol blocks
 * it (eager: from revoking everything to its SyncGroup answer; cooperative and KIP-848: while it
 * owns nothing); that counts, and shows as REBALANCING, only while the group rebalances, so a member
 * that simply has no partitions in a stable group is not "stopped".
 */
final class MemberTimeline {

    private final MeasureWindow window;
    private final Map<String, MemberState> reported = new LinkedHashMap<>();
    private final Map<String, MemberState> shown = new LinkedHashMap<>();
    private final Map<String, Long> shownSince = new HashMap<>();
    private final Map<String, Boolean> blockedFlag = new HashMap<>();
    private final Map<String, Long> stoppedSince = new HashMap<>();
    private final List<Series.StateInterval> intervals = new ArrayList<>();
    private boolean groupRebalancing;
    /** Pods whose reported state is not DOWN: anyRunning() is asked after every change, so it is counted. */
    private int running;
    private long stopTheWorldMs;
    private long maxStopTheWorldMs;

    MemberTimeline(MeasureWindow window) {
        this.window = window;
    }

    void register(String pod) {
        reported.putIfAbsent(pod, MemberState.DOWN);
        shown.putIfAbsent(pod, MemberState.DOWN);
        shownSince.putIfAbsent(pod, 0L);
    }

    MemberState state(String pod) {
        return reported.getOrDefault(pod, MemberState.DOWN);
    }

    boolean anyRunning() {
        return running > 0;
    }

    /** @return whether the reported state changed */
    boolean report(String pod, MemberState state, long nowMs) {
        register(pod);
        MemberState before = reported.put(pod, state);
        if (before == state) {
            return false;
        }
        running += (state != MemberState.DOWN ? 1 : 0) - (before != MemberState.DOWN ? 1 : 0);
        if (state == MemberState.DOWN) {
            blockedFlag.put(pod, false);
        }
        refresh(pod, nowMs);
        return true;
    }

    void blocked(String pod, boolean blocked, long nowMs) {
        register(pod);
        blockedFlag.put(pod, blocked);
        refresh(pod, nowMs);
    }

    void groupRebalancing(boolean rebalancing, long nowMs) {
        if (groupRebalancing != rebalancing) {
            groupRebalancing = rebalancing;
            new ArrayList<>(reported.keySet()).forEach(pod -> refresh(pod, nowMs));
        }
    }

    private void refresh(String pod, long nowMs) {
        boolean stopped = blockedFlag.getOrDefault(pod, false) && groupRebalancing
                && state(pod) != MemberState.DOWN;
        Long since = stoppedSince.get(pod);
        if (stopped && since == null) {
            stoppedSince.put(pod, nowMs);
        } else if (!stopped && since != null) {
            closeStopped(stoppedSince.remove(pod), nowMs);
        }
        MemberState display = state(pod) == MemberState.REBALANCING && !stopped ? MemberState.CONSUMING : state(pod);
        MemberState previous = shown.put(pod, display);
        if (previous != display) {
            long from = shownSince.getOrDefault(pod, 0L);
            if (previous != null && from < nowMs) {
                intervals.add(new Series.StateInterval(pod, previous, from, nowMs));
            }
            shownSince.put(pod, nowMs);
        }
    }

    private void closeStopped(long since, long until) {
        long overlap = window.overlapMs(since, until);
        stopTheWorldMs += overlap;
        maxStopTheWorldMs = Math.max(maxStopTheWorldMs, overlap);
    }

    void finish(long endMs) {
        stoppedSince.forEach((pod, since) -> closeStopped(since, endMs));
        stoppedSince.clear();
        shown.forEach((pod, state) -> {
            long since = shownSince.getOrDefault(pod, 0L);
            if (since < endMs) {
                intervals.add(new Series.StateInterval(pod, state, since, endMs));
            }
        });
    }

    long stopTheWorldMs() {
        return stopTheWorldMs;
    }

    long maxStopTheWorldMs() {
        return maxStopTheWorldMs;
    }

    List<Series.StateInterval> intervals() {
        return intervals;
    }
}
