package org.rebalancesim.report.chart;

import java.awt.Color;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYIntervalSeries;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * Partition availability of one variant: a row per partition, bars coloured by the owning pod,
 * blank where nobody owned it and grey where the owner could not process it (down, paused or cut
 * off), which together are the partition downtime of docs/metrics.md. When owners outnumber the
 * owner colours, each bar also names its owner where it fits (OwnerLabels).
 */
public final class PartitionChart {

    /** 64 rows at the maximum height are still 19 px each, enough for a 13 px label. */
    static final int MAX_ROWS = 64;
    /** With more owners than this the legend would outgrow the chart; colours then only tell owners apart. */
    static final int MAX_OWNERS_IN_LEGEND = 16;
    static final String NOT_RUNNING = "owner down, paused or cut off";

    private PartitionChart() {
    }

    public static Chart of(VariantResult variant) {
        Series series = variant.series();
        long endMs = TimeAxis.endMs(List.of(variant));
        Rows rows = Rows.of(series.ownership().stream().map(Series.OwnershipInterval::partition).toList(),
                RowOrder.PARTITIONS, MAX_ROWS);
        Map<String, List<RowSpans.Span<PartitionSpans.Holder>>> spans = PartitionSpans.of(series, rows.shown());
        List<String> owners = ownersShown(spans);
        List<String> allPods = allPods(series);
        List<XYIntervalSeries> byOwner = new ArrayList<>();
        List<Color> colours = new ArrayList<>();
        for (String owner : owners) {
            byOwner.add(RowPlot.series(owner));
            colours.add(Palette.owner(allPods.indexOf(owner)));
        }
        byOwner.add(RowPlot.series(NOT_RUNNING));
        colours.add(Palette.OWNER_NOT_RUNNING);
        XYPlot plot = RowPlot.plot(byOwner, colours, TimeAxis.create(endMs), "partition", rows.shown(), false,
                !series.rebalances().isEmpty());
        boolean named = coloursRepeat(owners, allPods);
        OwnerLabels labels = new OwnerLabels(endMs);
        for (int row = 0; row < rows.shown().size(); row++) {
            for (RowSpans.Span<PartitionSpans.Holder> span : RowSpans.bounded(spans.get(rows.shown().get(row)), endMs)) {
                int index = span.key().running() ? owners.indexOf(span.key().pod()) : owners.size();
                RowPlot.addBar(byOwner.get(index), row, span.fromMs(), span.toMs());
                if (named && span.key().running()) {
                    labels.label(span.key().pod(), colours.get(index), row, span.fromMs(), span.toMs());
                }
            }
        }
        RebalanceMarkers.addTo(plot, series.rebalances(), RowPlot.bottomLaneY(rows.shown().size()), endMs);
        boolean fullLegend = owners.size() <= MAX_OWNERS_IN_LEGEND;
        if (!fullLegend) {
            LegendItemCollection onlyNotRunning = new LegendItemCollection();
            onlyNotRunning.add(plot.getRenderer().getLegendItem(0, owners.size()));
            plot.setFixedLegendItems(onlyNotRunning);
        }
        JFreeChart chart = ChartStyle.chart("Partition owners over time: " + variant.name(), plot, true);
        labels.addTo(plot);
        ChartStyle.addSubtitle(chart, subtitle(variant, rows, named, owners.size()));
        return new Chart("partitions-" + FileStems.safe(variant.name()),
                "Who owned each partition of " + variant.name() + ", and when nobody could process it",
                ChartStyle.WIDTH_PX, ChartStyle.heightForRows(rows.shown().size()), chart);
    }

    private static String subtitle(VariantResult variant, Rows rows, boolean named, int owners) {
        String colours = named ? "colour: owner, named in its bars (" + owners + " owners, colours repeat)"
                : "colour: owner";
        return variant.protocol() + " · " + colours + " · blank: no owner · shaded: rebalances"
                + rows.capNote("partitions").map(note -> " · " + note).orElse("");
    }

    /** Whether two of the shown owners have the same colour (a colour is fixed by the pod's place among all pods). */
    private static boolean coloursRepeat(List<String> owners, List<String> allPods) {
        return owners.stream().map(owner -> Palette.owner(allPods.indexOf(owner))).distinct().count() < owners.size();
    }

    /** Owners that appear on the shown rows, in natural pod order. */
    private static List<String> ownersShown(Map<String, List<RowSpans.Span<PartitionSpans.Holder>>> spans) {
        Set<String> owners = new LinkedHashSet<>();
        spans.values().forEach(list -> list.forEach(span -> owners.add(span.key().pod())));
        return owners.stream().sorted(RowOrder.PODS).toList();
    }

    /** Every pod of the run in natural order: a pod's colour is fixed by its place here, not by which rows show. */
    private static List<String> allPods(Series series) {
        Set<String> pods = new LinkedHashSet<>();
        series.memberStates().forEach(s -> pods.add(s.member()));
        series.ownership().forEach(o -> pods.add(o.member()));
        return pods.stream().sorted(RowOrder.PODS).toList();
    }
}
