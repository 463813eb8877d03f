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
        NotStarted notStarted = new NotStarted(series.memberStates());
        List<ShownState> bands = bands(series, notStarted);
        Map<ShownState, Integer> bandOf = new HashMap<>();
        bands.forEach(band -> bandOf.put(band, bandOf.size()));
        StateSteps.Counts counts = series.memberCounts().isEmpty()
                ? fromIntervals(series, notStarted, bandOf, pods, endMs)
                : StateSteps.ofRecorded(series.memberCounts(), recordedBands(bandOf), bandOf.size(),
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

    /**
     * Counts from the intervals, for a series that has no recorded counts (one built by hand): exact while no
     * pod's row was resampled (BoundedIntervals), which a recorded run's counts never depend on.
     */
    private static StateSteps.Counts fromIntervals(Series series, NotStarted notStarted, Map<ShownState, Integer> bandOf,
                                                   int pods, long endMs) {
        List<StateSteps.Span> spans = new ArrayList<>(series.memberStates().size());
        for (Series.StateInterval interval : series.memberStates()) {
            spans.add(new StateSteps.Span(bandOf.get(ShownState.of(interval, notStarted)), interval.fromMs(),
                    interval.toMs()));
        }
        return StateSteps.of(spans, bandOf.size(), bandOf.get(ShownState.CONSUMING),
                bandOf.getOrDefault(ShownState.NOT_STARTED, -1), pods, endMs);
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

    /** The timeline's legend, with "not started yet" moved to the top of the stack: blank, it reads as room left. */
    private static List<ShownState> bands(Series series, NotStarted notStarted) {
        Set<ShownState> present = new HashSet<>();
        series.memberStates().forEach(interval -> present.add(ShownState.of(interval, notStarted)));
        // A state that only resampled rows lost (a short one in a busy row) is still in the recorded counts.
        for (Series.CountStep step : series.memberCounts()) {
            for (MemberState state : MemberState.values()) {
                if (step.count(state.ordinal()) > 0) {
                    present.add(new ShownState(state, true));
                }
            }
        }
        List<ShownState> bands = new ArrayList<>(ShownState.legend(present));
        if (bands.remove(ShownState.NOT_STARTED)) {
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
