package org.rebalancesim.report.chart;

import java.awt.BasicStroke;
import java.util.Locale;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/** Total lag over time, one line per variant: where records piled up while partitions stood still. */
public final class LagChart {

    private static final float LINE_WIDTH = 2f;

    private LagChart() {
    }

    public static Chart of(RunResult result) {
        XYSeriesCollection dataset = new XYSeriesCollection();
        for (VariantResult variant : result.variants()) {
            XYSeries line = new XYSeries(variant.name(), false, true);
            for (Series.LagSample sample : variant.series().lag()) {
                line.add(sample.atMs(), sample.lag(), false);
            }
            dataset.addSeries(line);
        }
        NumberAxis lagAxis = new NumberAxis("lag (records)");
        lagAxis.setStandardTickUnits(NumberAxis.createIntegerTickUnits(Locale.ROOT));
        XYPlot plot = new XYPlot(dataset, TimeAxis.create(TimeAxis.endMs(result.variants())), lagAxis, renderer(
                result.variants().size()));
        plot.setOrientation(PlotOrientation.VERTICAL);
        JFreeChart chart = ChartStyle.chart("Lag over time: " + result.scenario(), plot, true);
        ChartStyle.addSubtitle(chart, "records produced but not yet processed, all partitions together");
        return new Chart("lag", "Total lag over time, one line per variant", ChartStyle.WIDTH_PX,
                ChartStyle.PLAIN_HEIGHT_PX, chart);
    }

    private static XYLineAndShapeRenderer renderer(int lines) {
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
