package org.rebalancesim.report.chart;

import java.awt.Color;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYIntervalSeries;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * One variant's consumers over time, as a plot: a row per pod, bars coloured by MemberState,
 * rebalances shaded, faults marked. Shared by the run's timeline chart and the calibration chart
 * (simulated above measured), so both read the same way.
 */
final class TimelinePlot {

    /** Rows beyond this would be thinner than a line of text; the subtitle says how many are left out. */
    static final int MAX_ROWS = 40;

    /** The plot and the rows it shows. */
    record Built(XYPlot plot, Rows rows) {
    }

    private TimelinePlot() {
    }

    /**
     * @param endMs where the time axis ends (bars are resampled beyond RowSpans.EXACT_LIMIT per row)
     */
    static Built build(VariantResult variant, NumberAxis timeAxis, long endMs, String rowLabel) {
        Series series = variant.series();
        Set<String> pods = new LinkedHashSet<>();
        series.memberStates().forEach(s -> pods.add(s.member()));
        Rows rows = Rows.of(pods, RowOrder.PODS, MAX_ROWS);
        Map<MemberState, XYIntervalSeries> byState = new EnumMap<>(MemberState.class);
        List<Color> colours = new ArrayList<>();
        Set<MemberState> present = EnumSet.noneOf(MemberState.class);
        series.memberStates().forEach(interval -> present.add(interval.state()));
        for (MemberState state : MemberState.values()) {
            if (state.alwaysInLegend() || present.contains(state)) {
                byState.put(state, RowPlot.series(Palette.label(state)));
                colours.add(Palette.of(state));
            }
        }
        Map<String, List<RowSpans.Span<MemberState>>> spansByPod = spansByPod(series.memberStates(), rows);
        for (int row = 0; row < rows.shown().size(); row++) {
            for (RowSpans.Span<MemberState> span : RowSpans.bounded(spansByPod.get(rows.shown().get(row)), endMs)) {
                RowPlot.addBar(byState.get(span.key()), row, span.fromMs(), span.toMs());
            }
        }
        List<FaultMarks.Mark> faults = FaultMarks.select(series.events(), rows.indexByName(), pods);
        boolean topLane = faults.stream().anyMatch(FaultMarks.Mark::across);
        boolean bottomLane = !series.rebalances().isEmpty();
        XYPlot plot = RowPlot.plot(List.copyOf(byState.values()), colours, timeAxis, rowLabel, rows.shown(), topLane, bottomLane);
        RebalanceMarkers.addTo(plot, series.rebalances(), RowPlot.bottomLaneY(rows.shown().size()), endMs);
        FaultMarks.addTo(plot, faults, RowPlot.topLaneY(), endMs);
        return new Built(plot, rows);
    }

    private static Map<String, List<RowSpans.Span<MemberState>>> spansByPod(List<Series.StateInterval> intervals,
                                                                            Rows rows) {
        Map<String, List<RowSpans.Span<MemberState>>> byPod = new LinkedHashMap<>();
        rows.shown().forEach(pod -> byPod.put(pod, new ArrayList<>()));
        for (Series.StateInterval interval : intervals) {
            List<RowSpans.Span<MemberState>> spans = byPod.get(interval.member());
            if (spans != null) {
                spans.add(new RowSpans.Span<>(interval.state(), interval.fromMs(), interval.toMs()));
            }
        }
        return byPod;
    }
}
