package org.rebalancesim.engine;

import java.util.Arrays;

/**
 * The pending events, a 4-ary min-heap ordered by (time, sequence) kept in flat arrays. Sequence
 * numbers are unique, so the pop order is the total order of (time, sequence) whatever the heap's
 * shape: this queue pops exactly what a PriorityQueue of (time, sequence) records pops.
 *
 * <p>Why not java.util.PriorityQueue: it was a third of a large run's time (an object and a
 * comparator call per entry, a cache miss per level). Here an entry is two longs and a reference in
 * parallel arrays, and a 4-ary heap has half the levels of a binary one. A {@link Timer}'s entry
 * knows its index, so re-arming or cancelling it moves or removes the entry instead of leaving a
 * stale one behind.
 */
final class EventQueue {

    private static final int INITIAL_CAPACITY = 64;

    private long[] times = new long[INITIAL_CAPACITY];
    private long[] sequences = new long[INITIAL_CAPACITY];
    /** A Runnable, or a Timer whose expiry this is. */
    private Object[] actions = new Object[INITIAL_CAPACITY];
    private int size;

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    void add(long timeMs, long sequence, Object action) {
        if (size == times.length) {
            grow();
        }
        siftUp(size++, timeMs, sequence, action);
    }

    /** The earliest entry's time; the queue must not be empty. */
    long firstTimeMs() {
        return times[0];
    }

    long firstSequence() {
        return sequences[0];
    }

    Object firstAction() {
        return actions[0];
    }

    long timeAt(int index) {
        return times[index];
    }

    long sequenceAt(int index) {
        return sequences[index];
    }

    void removeFirst() {
        removeAt(0);
    }

    /** Removes the entry at {@code index} (a timer's: {@link Timer#queueIndex}). */
    void removeAt(int index) {
        detach(actions[index]);
        int last = --size;
        long timeMs = times[last];
        long sequence = sequences[last];
        Object action = actions[last];
        actions[last] = null;
        if (index != last) {
            place(index, timeMs, sequence, action);
        }
    }

    /** Gives the entry at {@code index} a new time and sequence (a timer re-armed). */
    void rekey(int index, long timeMs, long sequence) {
        place(index, timeMs, sequence, actions[index]);
    }

    /** Puts an entry into the hole at {@code index}, moving it up or down to where it belongs. */
    private void place(int index, long timeMs, long sequence, Object action) {
        if (index > 0 && before(timeMs, sequence, times[(index - 1) >>> 2], sequences[(index - 1) >>> 2])) {
            siftUp(index, timeMs, sequence, action);
        } else {
            siftDown(index, timeMs, sequence, action);
        }
    }

    private void siftUp(int hole, long timeMs, long sequence, Object action) {
        while (hole > 0) {
            int parent = (hole - 1) >>> 2;
            if (!before(timeMs, sequence, times[parent], sequences[parent])) {
                break;
            }
            move(parent, hole);
            hole = parent;
        }
        set(hole, timeMs, sequence, action);
    }

    private void siftDown(int hole, long timeMs, long sequence, Object action) {
        while (true) {
            int child = (hole << 2) + 1;
            if (child >= size) {
                break;
            }
            int end = Math.min(child + 4, size);
            int least = child;
            for (int c = child + 1; c < end; c++) {
                if (before(times[c], sequences[c], times[least], sequences[least])) {
                    least = c;
                }
            }
            if (!before(times[least], sequences[least], timeMs, sequence)) {
                break;
            }
            move(least, hole);
            hole = least;
        }
        set(hole, timeMs, sequence, action);
    }

    private static boolean before(long timeA, long sequenceA, long timeB, long sequenceB) {
        return timeA < timeB || (timeA == timeB && sequenceA < sequenceB);
    }

    private void move(int from, int to) {
        set(to, times[from], sequences[from], actions[from]);
    }

    private void set(int index, long timeMs, long sequence, Object action) {
        times[index] = timeMs;
        sequences[index] = sequence;
        actions[index] = action;
        if (action instanceof Timer timer) {
            timer.queueIndex = index;
        }
    }

    private static void detach(Object action) {
        if (action instanceof Timer timer) {
            timer.queueIndex = -1;
        }
    }

    private void grow() {
        int capacity = times.length * 2;
        times = Arrays.copyOf(times, capacity);
        sequences = Arrays.copyOf(sequences, capacity);
        actions = Arrays.copyOf(actions, capacity);
    }
}
