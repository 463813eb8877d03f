package org.rebalancesim.report.chart;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jfree.chart.JFreeChart;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * A large group's members by state over time: how many pods were consuming, blocked in a rebalance,
 * paused, down... at each instant, stacked, in the timeline's colours. It replaces the timeline's
 * row per pod once a group has more pods than the timeline has rows ({@link TimelinePlot#MAX_ROWS}),
 * the point where rows would be too thin to read; the timeline then keeps only the pods that mattered.
 */
public final class MemberStatesChart {

    private MemberStatesChart() {
    }

    /** Whether the variant's group is too large for a row per pod: it gets this chart. */
    public static boolean applies(VariantResult variant) {
        return TimelinePlot.pods(variant.series()).size() > TimelinePlot.MAX_ROWS;
    }

    public static Chart of(VariantResult variant) {
        Series series = variant.series();
        long endMs = TimeAxis.endMs(List.of(variant));
        int pods = TimelinePlot.pods(series).size();
        List<ShownState> bands = bands(series.memberCounts(), pods);
        Map<ShownState, Integer> bandOf = new HashMap<>();
        bands.forEach(band -> bandOf.put(band, bandOf.size()));
        StateSteps.Counts counts = StateSteps.of(series.memberCounts(), recordedBands(bandOf), bandOf.size(),
                bandOf.get(ShownState.CONSUMING), bandOf.getOrDefault(ShownState.NOT_STARTED, -1), pods, endMs);
        List<StateAreaPlot.Band> legend = bands.stream().map(b -> new StateAreaPlot.Band(b.label(), b.colour())).toList();
        JFreeChart chart = ChartStyle.chart("Members by state over time: " + variant.name(),
                StateAreaPlot.plot(legend, counts.steps(), endMs, "members"), true);
        ChartStyle.addSubtitle(chart, variant.protocol() + " · " + String.format(Locale.ROOT, "%,d members", pods)
                + (bands.contains(ShownState.NOT_STARTED) ? " · blank: not started yet" : "")
                + (counts.binned() ? " · " + binnedNote(endMs, "members consuming") : ""));
        return new Chart("members-" + FileStems.safe(variant.name()),
                "How many members of " + variant.name() + " were in each state", ChartStyle.WIDTH_PX,
                ChartStyle.PLAIN_HEIGHT_PX, chart);
    }

    /** The chart band of each recorded MemberState (started pods: the recorder counts no pod not started yet). */
    private static int[] recordedBands(Map<ShownState, Integer> bandOf) {
        int[] bands = new int[MemberState.values().length];
        for (MemberState state : MemberState.values()) {
            // A state never counted has no band: its zero counts go to any band.
            bands[state.ordinal()] = bandOf.getOrDefault(new ShownState(state, true), 0);
        }
        return bands;
    }

    /**
     * The timeline's legend for the states the recorded counts hold, "not started yet" (pods in no count) moved
     * to the top of the stack: blank, it reads as room left.
     */
    private static List<ShownState> bands(List<Series.CountStep> counts, int pods) {
        Set<ShownState> present = new HashSet<>();
        boolean notStarted = counts.isEmpty();
        for (Series.CountStep step : counts) {
            int counted = 0;
            for (MemberState state : MemberState.values()) {
                counted += step.count(state.ordinal());
                if (step.count(state.ordinal()) > 0) {
                    present.add(new ShownState(state, true));
                }
            }
            notStarted |= counted < pods;
        }
        List<ShownState> bands = new ArrayList<>(ShownState.legend(present));
        if (notStarted) {
            bands.add(ShownState.NOT_STARTED);
        }
        return bands;
    }

    /** What the subtitle says of a binned chart: each slice's length and the rule (StateSteps). */
    static String binnedNote(long endMs, String healthy) {
        return "each " + Durations.human(Math.max(1, Math.round((double) endMs / StateSteps.MAX_STEPS)))
                + " slice shows its instant with the fewest " + healthy;
    }
}
