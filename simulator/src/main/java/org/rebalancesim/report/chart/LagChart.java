package org.rebalancesim.report.chart;

import java.awt.BasicStroke;
import java.util.Locale;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * Lag over time, one line per variant, in two panels: above, the total lag in records (where records piled up while
 * partitions stood still); below, the time behind in seconds (the age of the oldest record not yet processed, what
 * an operator's lag-in-time dashboard shows). A variant whose time behind is not known draws no line below.
 */
public final class LagChart {

    private static final float LINE_WIDTH = 2f;
    private static final double MS_PER_SECOND = 1000.0;

    private LagChart() {
    }

    public static Chart of(RunResult result) {
        XYSeriesCollection records = new XYSeriesCollection();
        XYSeriesCollection behind = new XYSeriesCollection();
        for (VariantResult variant : result.variants()) {
            XYSeries recordLine = new XYSeries(variant.name(), false, true);
            XYSeries behindLine = new XYSeries(variant.name(), false, true);
            for (Series.LagSample sample : variant.series().lag()) {
                recordLine.add(sample.atMs(), sample.lag(), false);
                if (sample.timeBehindMs() != Series.LagSample.TIME_BEHIND_NOT_KNOWN) {
                    behindLine.add(sample.atMs(), sample.timeBehindMs() / MS_PER_SECOND, false);
                }
            }
            records.addSeries(recordLine);
            behind.addSeries(behindLine);
        }
        NumberAxis lagAxis = new NumberAxis("lag (records)");
        lagAxis.setStandardTickUnits(NumberAxis.createIntegerTickUnits(Locale.ROOT));
        int heightPx = ChartStyle.PLAIN_HEIGHT_PX * 3 / 2;
        XYPlot recordsPlot = new XYPlot(LineThinning.thinned(records, ChartStyle.WIDTH_PX, heightPx / 2), null, lagAxis,
                renderer(result.variants().size()));
        XYLineAndShapeRenderer behindRenderer = renderer(result.variants().size());
        for (int i = 0; i < result.variants().size(); i++) {
            // The legend names each variant once, under the panel above.
            behindRenderer.setSeriesVisibleInLegend(i, false);
        }
        XYPlot behindPlot = new XYPlot(LineThinning.thinned(behind, ChartStyle.WIDTH_PX, heightPx / 2), null,
                new NumberAxis("time behind (s)"), behindRenderer);
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(TimeAxis.create(TimeAxis.endMs(result.variants())));
        plot.setGap(12);
        plot.add(recordsPlot, 1);
        plot.add(behindPlot, 1);
        plot.setOrientation(PlotOrientation.VERTICAL);
        JFreeChart chart = ChartStyle.chart("Lag over time: " + result.scenario(), plot, true);
        ChartStyle.addSubtitle(chart, "above: records produced but not yet processed, all partitions together;"
                + " below: the age of the oldest record not yet processed");
        return new Chart("lag", "Total lag over time in records and in time behind, one line per variant",
                ChartStyle.WIDTH_PX, heightPx, chart);
    }

    /** One line per series, each in its palette colour and dash pattern. */
    static XYLineAndShapeRenderer renderer(int lines) {
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
        // Otherwise the chart theme replaces the palette's colours and dashes with its own.
        renderer.setAutoPopulateSeriesPaint(false);
        renderer.setAutoPopulateSeriesStroke(false);
        // One path per line, so a dash pattern runs along the line instead of restarting at every sample.
        renderer.setDrawSeriesLineAsPath(true);
        for (int i = 0; i < lines; i++) {
            renderer.setSeriesPaint(i, Palette.line(i));
            renderer.setSeriesStroke(i, stroke(i));
        }
        return renderer;
    }

    /** Solid, dashed, dotted, dash-dot, repeating: lines stay apart in greyscale print too. */
    private static BasicStroke stroke(int line) {
        float[] dash = switch (line % 4) {
            case 0 -> null;
            case 1 -> new float[] {10f, 6f};
            case 2 -> new float[] {3f, 4f};
            default -> new float[] {12f, 4f, 3f, 4f};
        };
        return dash == null ? new BasicStroke(LINE_WIDTH)
                : new BasicStroke(LINE_WIDTH, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, dash, 0f);
    }
}
