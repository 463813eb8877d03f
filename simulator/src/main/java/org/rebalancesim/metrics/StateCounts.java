package org.rebalancesim.metrics;

import java.util.ArrayList;
import java.util.List;

/**
 * How many things (pods, partitions) are in each band (a state) over time, counted as the changes
 * happen: the members-by-state and partitions-by-state charts. The chart series of intervals cannot
 * give these counts for a large group: a row with more changes than its share of the interval budget is
 * resampled to what covered most of each bin (BoundedIntervals), so in a 1,000-pod hour of rebalances
 * every few seconds each pod's rebalances vanish from its row, though they stopped it a fifth of the time.
 *
 * <p>Every instant of change is kept, exactly, until there are more than {@link #MAX_BINS}; then the
 * time is cut into bins of a power-of-two number of ms, doubled whenever there would be more, and a bin
 * keeps its worst instant: the counts at the instant with the fewest things in the healthy band
 * (consuming, processed), the earliest of equal ones. A dip of one instant keeps its depth, and every
 * bin shows a real instant whose bands add up (a band's own maximum over a bin would stack instants that
 * never coexisted). Changes at the same ms are one instant: only the counts after all of them count.
 */
final class StateCounts {

    /** Not in any band: a thing not counted yet (a pod not started, a partition not yet created). */
    static final int NONE = -1;
    static final int MAX_BINS = 2_400;

    /** A bin: from {@code startMs}, its worst counts, and its last ones (what carries into the next bin). */
    private record Bin(long startMs, int[] worst, int[] last) {
    }

    private final int healthy;
    private final int[] counts;
    private final List<Bin> bins = new ArrayList<>();
    private long binMs = 1;
    private long pendingMs = -1;

    StateCounts(int bands, int healthy) {
        this.counts = new int[bands];
        this.healthy = healthy;
    }

    /** One thing moves from band {@code from} to band {@code to} (either may be {@link #NONE}) at {@code atMs}. */
    void move(long atMs, int from, int to) {
        if (from == to) {
            return;
        }
        if (atMs != pendingMs) {
            settle();
            pendingMs = atMs;
        }
        if (from != NONE) {
            counts[from]--;
        }
        if (to != NONE) {
            counts[to]++;
        }
    }

    /** The steps from 0 on, each the counts from its {@code fromMs} until the next step. */
    List<Series.CountStep> steps() {
        settle();
        pendingMs = -1;
        List<Series.CountStep> steps = new ArrayList<>(bins.size() + 1);
        if (bins.isEmpty() || bins.get(0).startMs() > 0) {
            steps.add(new Series.CountStep(0, new int[counts.length]));
        }
        bins.forEach(bin -> steps.add(new Series.CountStep(bin.startMs(), bin.worst())));
        return steps;
    }

    /** Records the instant {@code pendingMs} with the counts after all its changes. */
    private void settle() {
        if (pendingMs < 0) {
            return;
        }
        int[] now = counts.clone();
        long start = pendingMs / binMs * binMs;
        Bin last = bins.isEmpty() ? null : bins.get(bins.size() - 1);
        if (last != null && last.startMs() == start) {
            bins.set(bins.size() - 1, new Bin(start, worse(last.worst(), now), now));
        } else {
            // A bin that began before this instant shows, until it, what the previous instant left.
            int[] carried = last == null ? new int[counts.length] : last.last();
            bins.add(new Bin(start, start < pendingMs ? worse(carried, now) : now, now));
            if (bins.size() > MAX_BINS) {
                coarsen();
            }
        }
    }

    /** Doubles the bins' length, merging each pair into the worse of the two. */
    private void coarsen() {
        binMs *= 2;
        List<Bin> merged = new ArrayList<>(bins.size() / 2 + 1);
        int[] carried = new int[counts.length];
        for (Bin bin : bins) {
            long start = bin.startMs() / binMs * binMs;
            Bin previous = merged.isEmpty() ? null : merged.get(merged.size() - 1);
            if (previous != null && previous.startMs() == start) {
                merged.set(merged.size() - 1, new Bin(start, worse(previous.worst(), bin.worst()), bin.last()));
            } else {
                merged.add(new Bin(start, start < bin.startMs() ? worse(carried, bin.worst()) : bin.worst(), bin.last()));
            }
            carried = bin.last();
        }
        bins.clear();
        bins.addAll(merged);
    }

    /** The counts with fewer in the healthy band; {@code earlier} on a tie. */
    private int[] worse(int[] earlier, int[] later) {
        return later[healthy] < earlier[healthy] ? later : earlier;
    }
}
