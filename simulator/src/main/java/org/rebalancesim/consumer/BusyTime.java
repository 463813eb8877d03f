package org.rebalancesim.consumer;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

/**
 * When each pod's threads were processing records: the CPU a consumer burns, as a CPU-based autoscaler sees it. A
 * thread busy with a batch uses one core; one waiting in poll() or in a rebalance uses none (the client's network
 * work and the JVM's own are left out). Recorded per batch, and only in a run with a reader of it: other runs get
 * {@link #NOT_READ}, which keeps nothing.
 */
public final class BusyTime {

    /** For a run where nothing reads the CPU: records nothing. */
    public static final BusyTime NOT_READ = new BusyTime(-1);

    private final long keptMs;
    private final Map<String, Deque<long[]>> intervals = new HashMap<>();

    /** @param keptMs how far back a reading looks: intervals that ended longer ago are dropped */
    public BusyTime(long keptMs) {
        this.keptMs = keptMs;
    }

    /** A thread of {@code pod} processes a batch from {@code fromMs} to {@code toMs}. */
    void busy(String pod, long fromMs, long toMs) {
        if (keptMs < 0) {
            return;
        }
        Deque<long[]> podIntervals = intervals.computeIfAbsent(pod, k -> new ArrayDeque<>());
        podIntervals.addLast(new long[] {fromMs, toMs});
        while (podIntervals.peekFirst()[1] < fromMs - keptMs) {
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
