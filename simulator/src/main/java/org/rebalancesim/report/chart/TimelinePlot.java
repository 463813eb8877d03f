package org.rebalancesim.report.chart;

import java.awt.Color;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYIntervalSeries;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * One variant's consumers over time, as a plot: a row per pod, bars coloured by MemberState (a pod
 * not started yet left blank and outlined, see NotStarted),
 * rebalances shaded, faults marked. Shared by the run's timeline chart and the calibration chart
 * (simulated above measured), so both read the same way.
 */
final class TimelinePlot {

    /** Rows beyond this would be thinner than a line of text; the subtitle says how many are left out. */
    static final int MAX_ROWS = 40;

    /** The plot, the rows it shows, and how many of its faults are marked without a label (no room). */
    record Built(XYPlot plot, Rows rows, int unlabelledFaults) {
    }

    /** What the subtitle says of faults marked without a label, when there are any. */
    static Optional<String> unlabelledNote(int unlabelledFaults) {
        return unlabelledFaults == 0 ? Optional.empty()
                : Optional.of(unlabelledFaults + " more fault" + (unlabelledFaults == 1 ? "" : "s") + " unlabelled");
    }

    private TimelinePlot() {
    }

    /**
     * Every pod of the variant, in natural order, up to MAX_ROWS.
     *
     * @param endMs where the time axis ends (bars are resampled beyond RowSpans.EXACT_LIMIT per row)
     */
    static Built build(VariantResult variant, NumberAxis timeAxis, long endMs, String rowLabel) {
        return build(variant, timeAxis, endMs, rowLabel, Rows.of(pods(variant.series()), RowOrder.PODS, MAX_ROWS));
    }

    /** The same with the rows chosen by the caller (a large group's members that mattered). */
    static Built build(VariantResult variant, NumberAxis timeAxis, long endMs, String rowLabel, Rows rows) {
        Series series = variant.series();
        NotStarted notStarted = new NotStarted(series.memberStates());
        Set<ShownState> present = new HashSet<>();
        series.memberStates().forEach(interval -> present.add(ShownState.of(interval, notStarted)));
        Map<ShownState, XYIntervalSeries> byShown = new LinkedHashMap<>();
        List<Color> colours = new ArrayList<>();
        for (ShownState shown : ShownState.legend(present)) {
            byShown.put(shown, RowPlot.series(shown.label()));
            colours.add(shown.colour());
        }
        Map<String, List<RowSpans.Span<ShownState>>> spansByPod = spansByPod(series.memberStates(), rows, notStarted);
        for (int row = 0; row < rows.shown().size(); row++) {
            for (RowSpans.Span<ShownState> span : RowSpans.bounded(spansByPod.get(rows.shown().get(row)), endMs)) {
                RowPlot.addBar(byShown.get(span.key()), row, span.fromMs(), span.toMs());
            }
        }
        List<FaultMarks.Mark> faults = FaultMarks.select(series.events(), rows.indexByName(), pods(series));
        boolean topLane = faults.stream().anyMatch(FaultMarks.Mark::across);
        boolean bottomLane = !series.rebalances().isEmpty();
        List<ShownState> legend = List.copyOf(byShown.keySet());
        Set<Integer> outlined = legend.contains(ShownState.NOT_STARTED) ? Set.of(legend.indexOf(ShownState.NOT_STARTED)) : Set.of();
        XYPlot plot = RowPlot.plot(List.copyOf(byShown.values()), colours, outlined, timeAxis, rowLabel, rows.shown(),
                topLane, bottomLane);
        RebalanceMarkers.addTo(plot, series.rebalances(), RowPlot.bottomLaneY(rows.shown().size()), endMs);
        int unlabelled = FaultMarks.addTo(plot, faults, RowPlot.topLaneY(), endMs);
        return new Built(plot, rows, unlabelled);
    }

    /** Every pod of the run, in the order the series first mentions it. */
    static Set<String> pods(Series series) {
        Set<String> pods = new LinkedHashSet<>();
        series.memberStates().forEach(s -> pods.add(s.member()));
        return pods;
    }

    private static Map<String, List<RowSpans.Span<ShownState>>> spansByPod(List<Series.StateInterval> intervals,
                                                                      Rows rows, NotStarted notStarted) {
        Map<String, List<RowSpans.Span<ShownState>>> byPod = new LinkedHashMap<>();
        rows.shown().forEach(pod -> byPod.put(pod, new ArrayList<>()));
        for (Series.StateInterval interval : intervals) {
            List<RowSpans.Span<ShownState>> spans = byPod.get(interval.member());
            if (spans != null) {
                spans.add(new RowSpans.Span<>(ShownState.of(interval, notStarted), interval.fromMs(), interval.toMs()));
            }
        }
        return byPod;
    }
}
