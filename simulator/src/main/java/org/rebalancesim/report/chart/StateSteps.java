package org.rebalancesim.report.chart;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.rebalancesim.metrics.Series;

/**
 * How many things (pods, partitions) were in each band (a state) at each instant, as a step function
 * read from their recorded intervals: the counts of the members-by-state and partitions-by-state charts.
 *
 * <p>A run with at most {@link #MAX_STEPS} instants of change is kept exactly: one step per instant.
 * A longer run is cut into {@link #MAX_STEPS} equal bins (one per pixel column of the chart, at most),
 * and each bin shows its worst instant: the counts at the instant of the bin with the fewest things
 * in the healthy band (consuming, owner processing), the earliest of equal ones. So a 1-second dip of
 * an hour-long run keeps its full depth instead of being averaged away, and every bin is a real
 * instant of the run whose bands add up to the total (taking each band's own maximum instead would
 * stack instants that never coexisted: a group starting up would show twice its size).
 */
final class StateSteps {

    /** One thing in {@code band} over [fromMs, toMs). A thing's spans do not overlap. */
    record Span(int band, long fromMs, long toMs) {
    }

    /** The counts per band from {@code fromMs} until the next step's start (or the axis end). */
    record Step(long fromMs, int[] counts) {

        Step {
            counts = counts.clone();
        }

        @Override
        public int[] counts() {
            return counts.clone();
        }

        int count(int band) {
            return counts[band];
        }
    }

    /** The steps of a run, and whether they are bins (the run changed too often to draw exactly). */
    record Counts(List<Step> steps, boolean binned) {

        Counts {
            steps = List.copyOf(steps);
        }
    }

    static final int MAX_STEPS = RowSpans.BINS;
    /** An event packs, from the lowest bit: start (1) or end (0), its band (4 bits), its time: sorting is by time. */
    private static final int BAND_BITS = 4;
    private static final int MAX_BANDS = 1 << BAND_BITS;
    private static final int TIME_SHIFT = 1 + BAND_BITS;

    private final int healthy;
    private final int remainder;
    private final int total;
    /** Every span's start and end as (time, band, +1 or -1), packed so that sorting is by time. */
    private final long[] events;
    private final int[] covered;
    private int next;

    /**
     * @param healthy   the band whose lowest count picks a bin's instant (consuming, owner processing)
     * @param remainder the band that holds whatever no span covers (not started, no owner), or -1
     * @param total     how many things there are
     */
    private StateSteps(List<Span> spans, int bands, int healthy, int remainder, int total) {
        if (bands > MAX_BANDS) {
            throw new IllegalArgumentException(bands + " bands, at most " + MAX_BANDS);
        }
        this.healthy = healthy;
        this.remainder = remainder;
        this.total = total;
        this.covered = new int[bands];
        long[] packed = new long[2 * spans.size()];
        int n = 0;
        for (Span span : spans) {
            if (span.toMs() > span.fromMs()) {
                packed[n++] = (span.fromMs() << TIME_SHIFT) | ((long) span.band() << 1) | 1;
                packed[n++] = (span.toMs() << TIME_SHIFT) | ((long) span.band() << 1);
            }
        }
        this.events = Arrays.copyOf(packed, n);
        Arrays.sort(events);
    }

    /** The steps of [0, endMs): exact, or binned when there are more than MAX_STEPS instants of change. */
    static Counts of(List<Span> spans, int bands, int healthy, int remainder, int total, long endMs) {
        StateSteps steps = new StateSteps(spans, bands, healthy, remainder, total);
        boolean binned = steps.changes() > MAX_STEPS;
        return new Counts(binned ? steps.binned(endMs) : steps.exact(endMs), binned);
    }

    /**
     * The steps of [0, endMs) from counts the recorder kept as things changed ({@link Series#memberCounts()},
     * {@link Series#partitionCounts()}): each recorded band summed into its chart band ({@code bandOf}), the
     * rest of the total in the remainder band; binned as above past MAX_STEPS steps.
     */
    static Counts ofRecorded(List<Series.CountStep> recorded, int[] bandOf, int bands, int healthy, int remainder,
                             int total, long endMs) {
        List<Step> all = new ArrayList<>(recorded.size());
        for (Series.CountStep step : recorded) {
            if (step.fromMs() < endMs) {
                int[] counts = new int[bands];
                for (int band = 0; band < bandOf.length; band++) {
                    counts[bandOf[band]] += step.count(band);
                }
                if (remainder >= 0) {
                    counts[remainder] += total - Arrays.stream(counts).sum();
                }
                add(all, new Step(step.fromMs(), counts));
            }
        }
        if (all.size() <= MAX_STEPS) {
            return new Counts(all, false);
        }
        List<Step> binned = new ArrayList<>();
        double binMs = (double) endMs / MAX_STEPS;
        int next = 0;
        Step current = all.get(0);
        for (int bin = 0; bin < MAX_STEPS; bin++) {
            long fromMs = Math.round(bin * binMs);
            long toMs = Math.round((bin + 1) * binMs);
            while (next < all.size() && all.get(next).fromMs() <= fromMs) {
                current = all.get(next++);
            }
            Step worst = current;
            while (next < all.size() && all.get(next).fromMs() < toMs) {
                current = all.get(next++);
                if (current.count(healthy) < worst.count(healthy)) {
                    worst = current;
                }
            }
            add(binned, new Step(fromMs, worst.counts()));
        }
        return new Counts(binned, true);
    }

    private static long timeOf(long event) {
        return event >> TIME_SHIFT;
    }

    private int changes() {
        int count = 0;
        for (int i = 0; i < events.length; i++) {
            if (i == 0 || timeOf(events[i]) != timeOf(events[i - 1])) {
                count++;
            }
        }
        return count;
    }

    /** Applies every event at the next instant of change; returns that instant. */
    private long applyNextInstant() {
        long atMs = timeOf(events[next]);
        while (next < events.length && timeOf(events[next]) == atMs) {
            long event = events[next++];
            covered[(int) ((event >> 1) & (MAX_BANDS - 1))] += (event & 1) == 1 ? 1 : -1;
        }
        return atMs;
    }

    /** The counts now: what the spans cover, and the rest of the total in the remainder band. */
    private int[] now() {
        int[] counts = covered.clone();
        if (remainder >= 0) {
            counts[remainder] += total - Arrays.stream(covered).sum();
        }
        return counts;
    }

    private List<Step> exact(long endMs) {
        List<Step> steps = new ArrayList<>();
        add(steps, new Step(0, now()));
        while (next < events.length && timeOf(events[next]) < endMs) {
            long atMs = applyNextInstant();
            add(steps, new Step(atMs, now()));
        }
        return steps;
    }

    private List<Step> binned(long endMs) {
        List<Step> steps = new ArrayList<>();
        double binMs = (double) endMs / MAX_STEPS;
        for (int bin = 0; bin < MAX_STEPS; bin++) {
            long fromMs = Math.round(bin * binMs);
            long toMs = Math.round((bin + 1) * binMs);
            while (next < events.length && timeOf(events[next]) <= fromMs) {
                applyNextInstant();
            }
            int[] worst = now();
            while (next < events.length && timeOf(events[next]) < toMs) {
                applyNextInstant();
                int[] counts = now();
                if (counts[healthy] < worst[healthy]) {
                    worst = counts;
                }
            }
            add(steps, new Step(fromMs, worst));
        }
        return steps;
    }

    /** Adds a step unless it shows the same counts as the one before (it would only extend it). */
    private static void add(List<Step> steps, Step step) {
        if (!steps.isEmpty() && Arrays.equals(steps.get(steps.size() - 1).counts, step.counts)) {
            return;
        }
        if (!steps.isEmpty() && steps.get(steps.size() - 1).fromMs() == step.fromMs()) {
            steps.set(steps.size() - 1, step);
            return;
        }
        steps.add(step);
    }
}
