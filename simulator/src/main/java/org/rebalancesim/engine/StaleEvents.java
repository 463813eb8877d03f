package org.rebalancesim.engine;

import java.util.Arrays;

/**
 * Expiries superseded before they fired: a timer re-armed or cancelled. Under lazy cancellation
 * such an expiry stays queued and pops as an event that does nothing; the event count is part of
 * every result, so it must still count, exactly as if it had popped. Half the events of a large
 * run are of this kind (request timeouts of answered requests, heartbeat and session timers
 * re-armed), so they are kept out of the heap, as (time, sequence) pairs appended to an array, and
 * counted in bulk when the clock has passed them.
 *
 * <p>Near the event bound the order matters (the loop must fail at the same event, at the same
 * simulated time, as if every stale expiry had popped): then they move into a heap of their own and
 * pop one by one, in (time, sequence) order among the live events.
 */
final class StaleEvents {

    private static final int INITIAL_CAPACITY = 64;

    private long[] times = new long[INITIAL_CAPACITY];
    private long[] sequences = new long[INITIAL_CAPACITY];
    private int size;
    /** Stale expiries dropped from the arrays, all strictly before the clock, not yet counted. */
    private long past;
    /** Non-null once the exact order is needed (near the event bound). */
    private EventQueue ordered;

    void add(long timeMs, long sequence, long nowMs) {
        if (ordered != null) {
            ordered.add(timeMs, sequence, null);
            return;
        }
        if (size == times.length) {
            compact(nowMs);
        }
        times[size] = timeMs;
        sequences[size] = sequence;
        size++;
    }

    /** Stale expiries not counted yet. */
    long total() {
        return past + size + (ordered == null ? 0 : ordered.size());
    }

    /** Counts the expiries strictly before the clock (no live event can come before them), keeping the rest. */
    private void compact(long nowMs) {
        int kept = 0;
        for (int i = 0; i < size; i++) {
            if (times[i] < nowMs) {
                past++;
            } else {
                times[kept] = times[i];
                sequences[kept] = sequences[i];
                kept++;
            }
        }
        size = kept;
        if (size > times.length / 2) {
            times = Arrays.copyOf(times, times.length * 2);
            sequences = Arrays.copyOf(sequences, sequences.length * 2);
        }
    }

    /** Unordered: removes and returns the number of stale expiries at or before {@code endMs}. */
    long takeUpTo(long endMs) {
        long taken = past;
        past = 0;
        int kept = 0;
        for (int i = 0; i < size; i++) {
            if (times[i] <= endMs) {
                taken++;
            } else {
                times[kept] = times[i];
                sequences[kept] = sequences[i];
                kept++;
            }
        }
        size = kept;
        return taken;
    }

    boolean isOrdered() {
        return ordered != null;
    }

    /**
     * From now on keeps the exact order; returns the expiries already behind the clock, which the
     * caller counts at once (they come before any live event still queued).
     */
    long order() {
        ordered = new EventQueue();
        for (int i = 0; i < size; i++) {
            ordered.add(times[i], sequences[i], null);
        }
        size = 0;
        long behind = past;
        past = 0;
        return behind;
    }

    /** Ordered: whether the earliest stale expiry comes before (timeMs, sequence). */
    boolean hasBefore(long timeMs, long sequence) {
        return !ordered.isEmpty() && (ordered.firstTimeMs() < timeMs
                || (ordered.firstTimeMs() == timeMs && ordered.firstSequence() < sequence));
    }

    long firstTimeMs() {
        return ordered.firstTimeMs();
    }

    void removeFirst() {
        ordered.removeFirst();
    }
}
