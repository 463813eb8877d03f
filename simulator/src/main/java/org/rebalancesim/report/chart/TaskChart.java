package org.rebalancesim.report.chart;

import java.awt.Color;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYIntervalSeries;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.metrics.registry.DowntimeCause;

/**
 * The tasks of one Kafka Streams variant: a row per task ("0_3"), coloured by its phase as taskDowntimeMs
 * counts it (docs/metrics.md): running, restoring its state (or starting: waiting for the stream thread to take it
 * from the state updater), or down because the instance holding it was down, paused or cut off; blank while no
 * instance held it (a rebalance, or no instance running). Within the measure window the restoring and holder bars
 * add up to their taskDowntimeByCause, and the blanks to its rebalance and noMembers together.
 */
public final class TaskChart {

    /** As many rows as the partition chart. */
    static final int MAX_ROWS = PartitionChart.MAX_ROWS;
    static final String RUNNING = "running";
    /** Restoring its state, or waiting for the stream thread to take it from the state updater (a stateless one too). */
    static final String RESTORING = "restoring / starting";
    static final String HOLDER_DOWN = "holder's process down";
    static final String HOLDER_PAUSED = "holder paused";
    static final String HOLDER_CUT_OFF = "holder cut off";

    /** A drawn phase: its legend entry and the member state whose colour it takes. */
    private record Shown(String legend, MemberState colourOf) {
    }

    private static final Shown RUNNING_BAR = new Shown(RUNNING, MemberState.CONSUMING);
    private static final Shown RESTORING_BAR = new Shown(RESTORING, MemberState.RESTORING);
    private static final Shown HOLDER_DOWN_BAR = new Shown(HOLDER_DOWN, MemberState.DOWN);
    private static final Shown HOLDER_PAUSED_BAR = new Shown(HOLDER_PAUSED, MemberState.PAUSED);
    private static final Shown HOLDER_CUT_OFF_BAR = new Shown(HOLDER_CUT_OFF, MemberState.UNREACHABLE);
    private static final List<Shown> LEGEND_ORDER = List.of(RUNNING_BAR, RESTORING_BAR, HOLDER_DOWN_BAR,
            HOLDER_PAUSED_BAR, HOLDER_CUT_OFF_BAR);

    private TaskChart() {
    }

    public static Chart of(VariantResult variant) {
        Series series = variant.series();
        long endMs = TimeAxis.endMs(List.of(variant));
        Rows rows = Rows.of(series.tasks().stream().map(Series.TaskInterval::task).toList(), RowOrder.TASKS, MAX_ROWS);
        Map<String, Integer> rowOf = rows.indexByName();
        List<List<RowSpans.Span<Shown>>> spans = new ArrayList<>();
        rows.shown().forEach(task -> spans.add(new ArrayList<>()));
        Map<Shown, XYIntervalSeries> drawn = new LinkedHashMap<>();
        drawn.put(RUNNING_BAR, RowPlot.series(RUNNING));
        for (Series.TaskInterval interval : series.tasks()) {
            Integer row = rowOf.get(interval.task());
            Shown shown = shown(interval.phase());
            if (row != null && shown != null) {
                spans.get(row).add(new RowSpans.Span<>(shown, interval.fromMs(), interval.toMs()));
            }
        }
        for (int row = 0; row < spans.size(); row++) {
            for (RowSpans.Span<Shown> span : RowSpans.bounded(spans.get(row), endMs)) {
                RowPlot.addBar(drawn.computeIfAbsent(span.key(), key -> RowPlot.series(key.legend())), row,
                        span.fromMs(), span.toMs());
            }
        }
        List<XYIntervalSeries> inLegendOrder = new ArrayList<>();
        List<Color> colours = new ArrayList<>();
        for (Shown shown : LEGEND_ORDER) {
            XYIntervalSeries bars = drawn.get(shown);
            if (bars != null) {
                inLegendOrder.add(bars);
                colours.add(Palette.of(shown.colourOf()));
            }
        }
        XYPlot plot = RowPlot.plot(inLegendOrder, colours, TimeAxis.create(endMs), "task", rows.shown(), false,
                !series.rebalances().isEmpty());
        RebalanceMarkers.addTo(plot, series.rebalances(), RowPlot.bottomLaneY(rows.shown().size()), endMs);
        JFreeChart chart = ChartStyle.chart("Kafka Streams tasks over time: " + variant.name(), plot, true);
        ChartStyle.addSubtitle(chart, variant.protocol() + " · blank: no instance held it · shaded: rebalances"
                + rows.capNote("tasks").map(note -> " · " + note).orElse(""));
        return new Chart("tasks-" + FileStems.safe(variant.name()),
                "What each Kafka Streams task of " + variant.name() + " was doing, and why it did not run",
                ChartStyle.WIDTH_PX, ChartStyle.heightForRows(rows.shown().size()), chart);
    }

    /** How a phase is drawn, or null where it is a blank (nobody held the task). */
    private static Shown shown(Series.TaskPhase phase) {
        DowntimeCause down = phase.down();
        if (down == null) {
            return phase.restoring() ? RESTORING_BAR : RUNNING_BAR;
        }
        return switch (down) {
            case DEAD_OWNER -> HOLDER_DOWN_BAR;
            case PAUSED_OWNER -> HOLDER_PAUSED_BAR;
            case UNREACHABLE_OWNER -> HOLDER_CUT_OFF_BAR;
            case REBALANCE, NO_MEMBERS -> null;
        };
    }
}
