package org.rebalancesim.consumer;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.TreeMap;

/**
 * When each pod's threads were processing records: the CPU a consumer burns, as a CPU-based autoscaler sees it. A
 * thread busy with a batch uses one core; one waiting in poll() or in a rebalance uses none (the client's network
 * work and the JVM's own are left out).
 */
public final class BusyTime {

    /** How far back a reading may look; older intervals are dropped. */
    public static final long KEPT_MS = 120_000;

    private final Map<String, Deque<long[]>> intervals = new TreeMap<>();

    /** A thread of {@code pod} processes a batch from {@code fromMs} to {@code toMs}. */
    void busy(String pod, long fromMs, long toMs) {
        Deque<long[]> podIntervals = intervals.computeIfAbsent(pod, k -> new ArrayDeque<>());
        podIntervals.addLast(new long[] {fromMs, toMs});
        while (!podIntervals.isEmpty() && podIntervals.peekFirst()[1] < fromMs - KEPT_MS) {
            podIntervals.removeFirst();
        }
    }

    /** The pod's threads' processing time within [fromMs, toMs), summed over its threads (core-milliseconds). */
    public long busyMs(String pod, long fromMs, long toMs) {
        long busy = 0;
        for (long[] interval : intervals.getOrDefault(pod, new ArrayDeque<>())) {
            busy += Math.max(0, Math.min(toMs, interval[1]) - Math.max(fromMs, interval[0]));
        }
        return busy;
    }
}
