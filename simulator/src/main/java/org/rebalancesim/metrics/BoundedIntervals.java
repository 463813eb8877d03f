package org.rebalancesim.metrics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.IntSupplier;
import java.util.function.ToLongFunction;

/**
 * A chart series of intervals (a pod's states, a partition's owners), a row per pod or partition,
 * kept within a budget so that its size does not grow with the simulated time. Only the charts and
 * the story read these intervals; every metric is computed exactly elsewhere, as things happen.
 *
 * <p>A row keeps its intervals exactly, in the order they were closed, up to its share of the
 * budget: {@link #BUDGET} intervals over all rows, at least {@link #MIN_PER_ROW} and at most
 * {@link #MAX_PER_ROW} per row (a chart is 1,200 bins wide and cannot draw more). From the interval
 * that would take a row over its share on, the row is resampled to bins of a power-of-two number
 * of ms, each showing what covered most of it (nothing when its uncovered part is the largest:
 * the charts' own rule for a busy row); the bins double in length whenever the row would have more
 * than its share of them, and neighbouring bins showing the same become one interval. Resampled
 * rows follow the exact intervals, in the order the rows first appeared, each in time order.
 *
 * <p>So a series holds at most max(BUDGET, MIN_PER_ROW x rows) intervals whatever the run's
 * length, and a row with few changes (every row of the scenario library) stays exact.
 *
 * @param <K> what a row shows (a state, an owner)
 * @param <I> the interval record
 */
final class BoundedIntervals<K, I> {

    static final int BUDGET = 200_000;
    static final int MIN_PER_ROW = 16;
    static final int MAX_PER_ROW = 1_200;

    /** Makes a row's interval record. */
    interface Maker<K, I> {
        I make(String row, K key, long fromMs, long toMs);
    }

    private final Maker<K, I> maker;
    private final Function<I, K> keyOf;
    private final ToLongFunction<I> fromOf;
    private final ToLongFunction<I> toOf;
    private final IntSupplier rowCount;
    /** Intervals of exact rows in the order they were closed; null where a row was resampled since. */
    private final List<I> exact = new ArrayList<>();
    private final Map<String, Row<K>> rows = new LinkedHashMap<>();

    /** @param rowCount how many rows the series has (pods, partitions): it sets each row's share */
    BoundedIntervals(Maker<K, I> maker, Function<I, K> keyOf, ToLongFunction<I> fromOf, ToLongFunction<I> toOf,
                     IntSupplier rowCount) {
        this.maker = maker;
        this.keyOf = keyOf;
        this.fromOf = fromOf;
        this.toOf = toOf;
        this.rowCount = rowCount;
    }

    /**
     * A row: exact (its intervals are in {@code exact}, at {@code positions}) or resampled. A
     * resampled row buffers its intervals and bins them a buffer at a time, so that adding to one
     * of thousands of rows touches little memory.
     */
    static final class Row<K> {
        private final String name;
        private int[] positions = new int[4];
        private int count;
        private IntervalBins.Bins<K> bins;
        private Object[] pendingKeys;
        private long[] pendingSpans;
        private int pending;

        private Row(String name) {
            this.name = name;
        }
    }

    private static final int PENDING = 64;

    /** The row called {@code name}, to add to without looking it up each time. */
    Row<K> row(String name) {
        return rows.computeIfAbsent(name, Row::new);
    }

    /** {@code row} showed {@code key} over [fromMs, toMs); a row's intervals come in time order. */
    void add(String row, K key, long fromMs, long toMs) {
        add(row(row), key, fromMs, toMs);
    }

    void add(Row<K> row, K key, long fromMs, long toMs) {
        if (row.bins != null) {
            if (row.pending == PENDING) {
                flush(row);
            }
            row.pendingKeys[row.pending] = key;
            row.pendingSpans[2 * row.pending] = fromMs;
            row.pendingSpans[2 * row.pending + 1] = toMs;
            row.pending++;
        } else if (row.count < share()) {
            if (row.count == row.positions.length) {
                row.positions = Arrays.copyOf(row.positions, 2 * row.count);
            }
            row.positions[row.count++] = exact.size();
            exact.add(maker.make(row.name, key, fromMs, toMs));
        } else {
            // Over its share: the row is resampled from now on, its exact intervals first.
            row.bins = new IntervalBins.Bins<>(share());
            for (int i = 0; i < row.count; i++) {
                I interval = exact.set(row.positions[i], null);
                row.bins.add(keyOf.apply(interval), fromOf.applyAsLong(interval), toOf.applyAsLong(interval));
            }
            row.positions = null;
            row.pendingKeys = new Object[PENDING];
            row.pendingSpans = new long[2 * PENDING];
            row.bins.add(key, fromMs, toMs);
        }
    }

    @SuppressWarnings("unchecked")
    private static <K> void flush(Row<K> row) {
        for (int i = 0; i < row.pending; i++) {
            row.bins.add((K) row.pendingKeys[i], row.pendingSpans[2 * i], row.pendingSpans[2 * i + 1]);
            row.pendingKeys[i] = null;
        }
        row.pending = 0;
    }

    private int share() {
        int count = Math.max(1, rowCount.getAsInt());
        return Math.max(MIN_PER_ROW, Math.min(MAX_PER_ROW, BUDGET / count));
    }

    /** The series: the exact intervals in the order they were closed, then the resampled rows. */
    List<I> intervals() {
        List<I> all = new ArrayList<>(exact.size());
        for (I interval : exact) {
            if (interval != null) {
                all.add(interval);
            }
        }
        rows.forEach((row, r) -> {
            if (r.bins != null) {
                flush(r);
                r.bins.spans((key, fromMs, toMs) -> all.add(maker.make(row, key, fromMs, toMs)));
            }
        });
        return all;
    }
}
