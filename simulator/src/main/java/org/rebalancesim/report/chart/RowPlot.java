package org.rebalancesim.report.chart;

import java.awt.BasicStroke;
import java.awt.Paint;
import java.util.List;
import java.util.Set;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYIntervalDataItem;
import org.jfree.data.xy.XYIntervalSeries;
import org.jfree.data.xy.XYIntervalSeriesCollection;

/**
 * The Gantt-like plot under the timeline and partition charts: time across, one named row per
 * consumer or partition (first row on top), bars from an interval's start to its end. Each series
 * of the dataset is one colour (a state or an owner) and one legend entry.
 */
final class RowPlot {

    /** Bars fill 80% of their row, so neighbouring rows stay apart. */
    private static final double HALF_BAR = 0.4;

    private RowPlot() {
    }

    /** An empty series kept in insertion order (rows are added in order; sorting would cost n log n per add). */
    static XYIntervalSeries series(String legend) {
        return new XYIntervalSeries(legend, false, true);
    }

    static void addBar(XYIntervalSeries series, int row, long fromMs, long toMs) {
        series.add(new XYIntervalDataItem(fromMs, fromMs, toMs, row, row - HALF_BAR, row + HALF_BAR), false);
    }

    /** Height of the label strips above and below the rows, in rows. */
    static final double LANE = 0.7;

    /** Where labels of the strip above the first row go (cluster-wide faults). */
    static double topLaneY() {
        return -0.5 - LANE / 2;
    }

    /** Where labels of the strip below the last row go (rebalance generations, near the time axis). */
    static double bottomLaneY(int rows) {
        return rows - 0.5 + LANE / 2;
    }

    /**
     * @param colours  one per series, in the same order
     * @param topLane  whether to keep a strip above the rows for labels
     */
    static XYPlot plot(List<XYIntervalSeries> series, List<? extends Paint> colours, NumberAxis timeAxis,
                       String rowLabel, List<String> rows, boolean topLane, boolean bottomLane) {
        return plot(series, colours, Set.of(), timeAxis, rowLabel, rows, topLane, bottomLane);
    }

    /** @param outlined the indices of the series drawn with a thin outline (Palette.OUTLINE) */
    static XYPlot plot(List<XYIntervalSeries> series, List<? extends Paint> colours, Set<Integer> outlined,
                       NumberAxis timeAxis, String rowLabel, List<String> rows, boolean topLane, boolean bottomLane) {
        XYIntervalSeriesCollection dataset = new XYIntervalSeriesCollection();
        series.forEach(dataset::addSeries);
        RowBarRenderer renderer = new RowBarRenderer(outlined);
        renderer.setUseYInterval(true);
        renderer.setDefaultOutlinePaint(Palette.OUTLINE);
        renderer.setDefaultOutlineStroke(new BasicStroke(1f));
        renderer.setShadowVisible(false);
        // Otherwise the chart theme replaces the palette's colours with its own.
        renderer.setAutoPopulateSeriesPaint(false);
        for (int i = 0; i < colours.size(); i++) {
            renderer.setSeriesPaint(i, colours.get(i));
        }
        XYPlot plot = new XYPlot(dataset, timeAxis, rowAxis(rowLabel, rows, topLane, bottomLane), renderer);
        plot.setOrientation(PlotOrientation.VERTICAL);
        plot.setRangeGridlinesVisible(false);
        plot.setDomainGridlinesVisible(true);
        return plot;
    }

    private static RowAxis rowAxis(String label, List<String> rows, boolean topLane, boolean bottomLane) {
        RowAxis axis = new RowAxis(label, rows);
        axis.setRange(-0.5 - (topLane ? LANE : 0), Math.max(0.5, rows.size() - 0.5) + (bottomLane ? LANE : 0));
        return axis;
    }
}
