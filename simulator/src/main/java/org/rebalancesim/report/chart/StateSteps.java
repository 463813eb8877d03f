package org.rebalancesim.report.chart;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.rebalancesim.metrics.Series;

/**
 * How many things (pods, partitions) were in each band (a state) at each instant: the counts of the
 * members-by-state and partitions-by-state charts, from the counts the recorder kept as things changed
 * ({@link Series#memberCounts()}, {@link Series#partitionCounts()}).
 *
 * <p>At most {@link #MAX_STEPS} steps are drawn exactly. More are cut into {@link #MAX_STEPS} equal bins
 * (one per pixel column of the chart, at most), and each bin shows its worst instant: the counts at the
 * instant of the bin with the fewest things in the healthy band (consuming, processed), the earliest of
 * equal ones. So a 1-second dip of an hour-long run keeps its full depth instead of being averaged away,
 * and every bin is a real instant of the run whose bands add up to the total (taking each band's own
 * maximum instead would stack instants that never coexisted: a group starting up would show twice its
 * size). The recorder keeps its own bins by the same rule once a run has more instants than it holds.
 */
final class StateSteps {

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

    private StateSteps() {
    }

    /**
     * The steps of [0, endMs): each recorded band summed into its chart band ({@code bandOf}), the rest of
     * {@code total} in the remainder band (not started, or -1 for none); binned past MAX_STEPS steps.
     */
    static Counts of(List<Series.CountStep> recorded, int[] bandOf, int bands, int healthy, int remainder, int total,
                     long endMs) {
        List<Step> all = new ArrayList<>(recorded.size() + 1);
        add(all, new Step(0, inBands(new int[bandOf.length], bandOf, bands, remainder, total)));
        for (Series.CountStep step : recorded) {
            if (step.fromMs() < endMs) {
                add(all, new Step(step.fromMs(), inBands(step.counts(), bandOf, bands, remainder, total)));
            }
        }
        return all.size() <= MAX_STEPS ? new Counts(all, false) : new Counts(binned(all, healthy, endMs), true);
    }

    private static int[] inBands(int[] recorded, int[] bandOf, int bands, int remainder, int total) {
        int[] counts = new int[bands];
        for (int band = 0; band < recorded.length; band++) {
            counts[bandOf[band]] += recorded[band];
        }
        if (remainder >= 0) {
            counts[remainder] += total - Arrays.stream(counts).sum();
        }
        return counts;
    }

    private static List<Step> binned(List<Step> all, int healthy, long endMs) {
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
        return binned;
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
