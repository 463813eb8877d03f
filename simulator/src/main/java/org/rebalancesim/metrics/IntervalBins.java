package org.rebalancesim.metrics;

import java.util.Arrays;

/**
 * The resampled form of a row of {@link BoundedIntervals}: bins of a power-of-two number of ms,
 * each with how long each key covered it, turned into intervals at the end.
 */
final class IntervalBins {

    private IntervalBins() {
    }

    interface SpanSink<K> {
        void span(K key, long fromMs, long toMs);
    }

    /**
     * A resampled row: its covered bins [index x 2^shift, (index + 1) x 2^shift) ms in time order, each with
     * how many ms each key covered of it. Flat arrays: a long run adds to these millions of times.
     */
    static final class Bins<K> {
        private final int maxBins;
        /** Bins are 2^shift ms long (times are never negative). */
        private int shift;
        private long[] indexes = new long[8];
        private Coverage[] coverage = new Coverage[8];
        private int count;
        private long firstMs = Long.MAX_VALUE;
        private long lastMs = Long.MIN_VALUE;

        Bins(int maxBins) {
            this.maxBins = maxBins;
        }

        void add(K key, long fromMs, long toMs) {
            if (toMs <= fromMs) {
                return;
            }
            firstMs = Math.min(firstMs, fromMs);
            lastMs = Math.max(lastMs, toMs);
            while (((lastMs - 1) >> shift) - (firstMs >> shift) + 1 > maxBins) {
                coarsen();
            }
            for (long bin = fromMs >> shift; bin << shift < toMs; bin++) {
                long covered = Math.min(toMs, (bin + 1) << shift) - Math.max(fromMs, bin << shift);
                binAt(bin).add(key, covered);
            }
        }

        /** The bin's coverage: a row's intervals come in time order, so it is the last bin or a new one. */
        private Coverage binAt(long bin) {
            if (count > 0 && indexes[count - 1] == bin) {
                return coverage[count - 1];
            }
            if (count > 0 && indexes[count - 1] > bin) {
                throw new IllegalStateException("an interval came out of time order (bin " + bin + ")");
            }
            if (count == indexes.length) {
                indexes = Arrays.copyOf(indexes, 2 * count);
                coverage = Arrays.copyOf(coverage, 2 * count);
            }
            indexes[count] = bin;
            coverage[count] = new Coverage();
            return coverage[count++];
        }

        /** Bins twice as long: neighbours merge and their coverage adds up (in place). */
        private void coarsen() {
            shift++;
            int merged = 0;
            for (int i = 0; i < count; i++) {
                long bin = indexes[i] / 2;
                if (merged > 0 && indexes[merged - 1] == bin) {
                    coverage[merged - 1].addAll(coverage[i]);
                } else {
                    indexes[merged] = bin;
                    coverage[merged] = coverage[i];
                    merged++;
                }
            }
            Arrays.fill(coverage, merged, count, null);
            count = merged;
        }

        /** Each run of neighbouring bins with the same dominant key, clipped to the row's first and last ms. */
        @SuppressWarnings("unchecked")
        void spans(SpanSink<K> out) {
            K current = null;
            long runFrom = 0;
            long runTo = 0;
            for (int i = 0; i < count; i++) {
                long from = Math.max(indexes[i] << shift, firstMs);
                long to = Math.min((indexes[i] + 1) << shift, lastMs);
                K key = (K) coverage[i].dominant(to - from);
                if (current != null && (!current.equals(key) || from != runTo)) {
                    out.span(current, runFrom, runTo);
                    current = null;
                }
                if (key != null && current == null) {
                    current = key;
                    runFrom = from;
                }
                runTo = to;
            }
            if (current != null) {
                out.span(current, runFrom, runTo);
            }
        }
    }

    /** How many ms each key covered of a bin, keys in the order they first covered it (a bin has few). */
    static final class Coverage {
        private Object[] keys = new Object[2];
        private long[] ms = new long[2];
        private int size;

        void add(Object key, long covered) {
            for (int i = 0; i < size; i++) {
                if (keys[i].equals(key)) {
                    ms[i] += covered;
                    return;
                }
            }
            if (size == keys.length) {
                keys = Arrays.copyOf(keys, 2 * size);
                ms = Arrays.copyOf(ms, 2 * size);
            }
            keys[size] = key;
            ms[size++] = covered;
        }

        void addAll(Coverage other) {
            for (int i = 0; i < other.size; i++) {
                add(other.keys[i], other.ms[i]);
            }
        }

        /** The key that covered most of the bin (the first on a tie); null when the uncovered part is larger. */
        Object dominant(long binLengthMs) {
            long covered = 0;
            for (int i = 0; i < size; i++) {
                covered += ms[i];
            }
            Object best = null;
            long bestMs = binLengthMs - covered;
            for (int i = 0; i < size; i++) {
                if (ms[i] > bestMs) {
                    best = keys[i];
                    bestMs = ms[i];
                }
            }
            return best;
        }
    }
}
