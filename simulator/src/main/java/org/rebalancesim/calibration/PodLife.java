package org.rebalancesim.calibration;

import java.util.ArrayList;
import java.util.List;

/**
 * One incarnation of a pod in a measured run: from its {@code started} event (the JVM is up and the
 * consumer subscribed) to its {@code killed}, {@code closed} or {@code fatal} event, or the next
 * {@code started} of the same pod. A restart is a new life; its group membership is the same only for
 * a static member that comes back within its session.
 */
final class PodLife {

    final String pod;
    final long startMs;
    final boolean isStatic;
    /** Whether its close() sends a LeaveGroup (ConsumersSpec#leavesGroupOnClose). */
    final boolean leavesOnClose;
    long endMs = Long.MAX_VALUE;
    /** killed, closed, fatal, restarted (a new started without an end), or null while it runs. */
    String endType;
    long stopRequestedMs = -1;
    /** [fromMs, toMs) of each SIGSTOP; toMs is Long.MAX_VALUE when it never resumed. */
    final List<long[]> pauses = new ArrayList<>();
    /** Indexes into the event log of this pod's events during this life, in order. */
    final List<Integer> events = new ArrayList<>();

    PodLife(String pod, long startMs, boolean isStatic, boolean leavesOnClose) {
        this.pod = pod;
        this.startMs = startMs;
        this.isStatic = isStatic;
        this.leavesOnClose = leavesOnClose;
    }

    boolean isOpen() {
        return endType == null;
    }

    boolean aliveAt(long ms) {
        return ms >= startMs && ms < endMs;
    }

    /** Between the close request and the end: callbacks now belong to close(), not to a rebalance. */
    boolean closingAt(long ms) {
        return stopRequestedMs >= 0 && ms >= stopRequestedMs;
    }

    boolean endsWithoutLeaving() {
        return "killed".equals(endType) || "fatal".equals(endType) || ("closed".equals(endType) && !leavesOnClose);
    }

    /** Whether a pause overlaps [fromMs, toMs]. */
    boolean pausedWithin(long fromMs, long toMs) {
        for (long[] pause : pauses) {
            if (pause[0] <= toMs && pause[1] > fromMs) {
                return true;
            }
        }
        return false;
    }

    /** The start of the last pause that began in (afterMs, beforeMs], or -1. */
    long lastPauseStartIn(long afterMs, long beforeMs) {
        long start = -1;
        for (long[] pause : pauses) {
            if (pause[0] > afterMs && pause[0] <= beforeMs) {
                start = pause[0];
            }
        }
        return start;
    }

    void pause(long atMs) {
        pauses.add(new long[] {atMs, Long.MAX_VALUE});
    }

    void resume(long atMs) {
        if (!pauses.isEmpty() && pauses.get(pauses.size() - 1)[1] == Long.MAX_VALUE) {
            pauses.get(pauses.size() - 1)[1] = atMs;
        }
    }

    void end(long atMs, String type) {
        endMs = atMs;
        endType = type;
        resume(atMs);
    }

    @Override
    public String toString() {
        return pod + "@" + startMs;
    }
}
