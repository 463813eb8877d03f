package org.rebalancesim.engine;

import java.util.Arrays;

/**
 * Plain events due within {@link #WINDOW_MS} of the clock (a message's network latency, "at once"),
 * most of a run's events: a ring with one first-in-first-out slot per millisecond instead of a trip
 * through the heap. All the events of a slot share its time and were scheduled in sequence order,
 * so the slot's head is its earliest (time, sequence); the loop takes whichever of this head and
 * the heap's comes first, so the order is exactly the heap's order.
 */
final class NearEvents {

    static final int WINDOW_MS = 64;
    private static final int MASK = WINDOW_MS - 1;

    private final long[] slotTimeMs = new long[WINDOW_MS];
    private final long[][] sequences = new long[WINDOW_MS][];
    private final Runnable[][] actions = new Runnable[WINDOW_MS][];
    private final int[] heads = new int[WINDOW_MS];
    private final int[] tails = new int[WINDOW_MS];
    private int size;
    /** No event is due before this time (it only moves back when an earlier event is added). */
    private long cursorMs;

    NearEvents() {
        for (int slot = 0; slot < WINDOW_MS; slot++) {
            sequences[slot] = new long[4];
            actions[slot] = new Runnable[4];
        }
    }

    /** Whether an event at {@code atMs} belongs here: within the window of the clock {@code nowMs}. */
    static boolean accepts(long atMs, long nowMs) {
        return atMs - nowMs < WINDOW_MS;
    }

    boolean isEmpty() {
        return size == 0;
    }

    void add(long atMs, long sequence, Runnable action) {
        int slot = (int) (atMs & MASK);
        int tail = tails[slot];
        if (tail == heads[slot]) {
            heads[slot] = 0;
            tail = 0;
            slotTimeMs[slot] = atMs;
        }
        if (tail == sequences[slot].length) {
            sequences[slot] = Arrays.copyOf(sequences[slot], 2 * tail);
            actions[slot] = Arrays.copyOf(actions[slot], 2 * tail);
        }
        sequences[slot][tail] = sequence;
        actions[slot][tail] = action;
        tails[slot] = tail + 1;
        size++;
        cursorMs = Math.min(cursorMs, atMs);
    }

    /** The slot of the earliest event; the ring must not be empty. */
    private int first() {
        while (true) {
            int slot = (int) (cursorMs & MASK);
            if (heads[slot] != tails[slot] && slotTimeMs[slot] == cursorMs) {
                return slot;
            }
            cursorMs++;
        }
    }

    long firstTimeMs() {
        return slotTimeMs[first()];
    }

    long firstSequence() {
        int slot = first();
        return sequences[slot][heads[slot]];
    }

    /** Removes and returns the earliest event. */
    Runnable removeFirst() {
        int slot = first();
        int head = heads[slot];
        Runnable action = actions[slot][head];
        actions[slot][head] = null;
        heads[slot] = head + 1;
        size--;
        return action;
    }
}
