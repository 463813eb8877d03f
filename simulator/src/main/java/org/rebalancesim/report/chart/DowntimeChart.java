package org.rebalancesim.report.chart;

import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.labels.ItemLabelAnchor;
import org.jfree.chart.labels.ItemLabelPosition;
import org.jfree.chart.labels.StandardCategoryItemLabelGenerator;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.DefaultCategoryDataset;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.metrics.registry.Metric;

/**
 * Stop-the-world and partition downtime of every variant side by side (grouped bars), the two
 * costs of a rebalance that users compare first. Seconds, or minutes when a value passes 5 min.
 */
public final class DowntimeChart {

    static final String STOP_THE_WORLD = "stop-the-world (member-time blocked)";
    static final String PARTITION_DOWNTIME = "partition downtime (partition-time unprocessed)";
    private static final long MINUTES_FROM_MS = 300_000L;

    private DowntimeChart() {
    }

    public static Chart of(RunResult result) {
        long maxMs = 0;
        for (VariantResult variant : result.variants()) {
            maxMs = Math.max(maxMs,
                    Math.max(ms(variant, Metric.STOP_THE_WORLD_MS), ms(variant, Metric.PARTITION_DOWNTIME_MS)));
        }
        boolean minutes = maxMs >= MINUTES_FROM_MS;
        double unitMs = minutes ? 60_000.0 : 1_000.0;
        DefaultCategoryDataset dataset = new DefaultCategoryDataset();
        for (VariantResult variant : result.variants()) {
            dataset.addValue(ms(variant, Metric.STOP_THE_WORLD_MS) / unitMs, STOP_THE_WORLD, variant.name());
            dataset.addValue(ms(variant, Metric.PARTITION_DOWNTIME_MS) / unitMs, PARTITION_DOWNTIME, variant.name());
        }
        NumberAxis valueAxis = new NumberAxis(minutes ? "time (min)" : "time (s)");
        valueAxis.setStandardTickUnits(NumberAxis.createStandardTickUnits(Locale.ROOT));
        valueAxis.setUpperMargin(0.15);
        CategoryPlot plot = new CategoryPlot(dataset, new CategoryAxis("variant"), valueAxis, renderer());
        plot.setOrientation(PlotOrientation.VERTICAL);
        JFreeChart chart = ChartStyle.chart("Stop-the-world and partition downtime: " + result.scenario(), plot, true);
        ChartStyle.addSubtitle(chart, "summed over existing members (" + Metric.STOP_THE_WORLD_MS.metricName()
                + ") and over partitions (" + Metric.PARTITION_DOWNTIME_MS.metricName() + "), within the measure window");
        return new Chart("downtime", "Stop-the-world and partition downtime per variant", ChartStyle.WIDTH_PX,
                ChartStyle.PLAIN_HEIGHT_PX, chart);
    }

    private static BarRenderer renderer() {
        BarRenderer renderer = new BarRenderer();
        // Otherwise the chart theme replaces the palette's colours with its own.
        renderer.setAutoPopulateSeriesPaint(false);
        renderer.setSeriesPaint(0, Palette.STOP_THE_WORLD);
        renderer.setSeriesPaint(1, Palette.PARTITION_DOWNTIME);
        renderer.setItemMargin(0.05);
        renderer.setMaximumBarWidth(0.12);
        renderer.setShadowVisible(false);
        DecimalFormat oneDecimal = new DecimalFormat("#,##0.#", DecimalFormatSymbols.getInstance(Locale.ROOT));
        renderer.setDefaultItemLabelGenerator(new StandardCategoryItemLabelGenerator("{2}", oneDecimal));
        renderer.setDefaultItemLabelsVisible(true);
        renderer.setDefaultPositiveItemLabelPosition(
                new ItemLabelPosition(ItemLabelAnchor.OUTSIDE12, TextAnchor.BOTTOM_CENTER));
        return renderer;
    }

    /** A metric in ms; 0 when the result has no such metric (nothing was measured, nothing to draw). */
    private static long ms(VariantResult variant, Metric metric) {
        Number value = variant.metrics().get(metric.metricName());
        return value == null ? 0 : value.longValue();
    }
}
