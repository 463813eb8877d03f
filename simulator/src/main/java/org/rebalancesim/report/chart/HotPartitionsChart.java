package org.rebalancesim.report.chart;

import java.util.List;
import java.util.Locale;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * The lag of one variant's hot partitions, a line per partition: the few whose lag peaked highest, so that a stuck
 * or overloaded partition the group's total hides can be seen. Drawn only where the variant has them
 * ({@link Series#hotPartitions()}: the group consumes more partitions than the chart shows, and one lagged).
 */
public final class HotPartitionsChart {

    private HotPartitionsChart() {
    }

    /** Whether the variant has hot partitions to draw. */
    public static boolean applies(VariantResult variant) {
        return !variant.series().hotPartitions().isEmpty();
    }

    public static Chart of(VariantResult variant) {
        XYSeriesCollection dataset = new XYSeriesCollection();
        for (Series.PartitionLag partition : variant.series().hotPartitions()) {
            XYSeries line = new XYSeries(partition.partition(), false, true);
            partition.lag().forEach(sample -> line.add(sample.atMs(), sample.lag(), false));
            dataset.addSeries(line);
        }
        NumberAxis lagAxis = new NumberAxis("lag (records)");
        lagAxis.setStandardTickUnits(NumberAxis.createIntegerTickUnits(Locale.ROOT));
        XYPlot plot = new XYPlot(LineThinning.thinned(dataset, ChartStyle.WIDTH_PX, ChartStyle.PLAIN_HEIGHT_PX),
                TimeAxis.create(TimeAxis.endMs(List.of(variant))), lagAxis,
                LagChart.renderer(dataset.getSeriesCount()));
        plot.setOrientation(PlotOrientation.VERTICAL);
        JFreeChart chart = ChartStyle.chart("Hot partitions: " + variant.name(), plot, true);
        ChartStyle.addSubtitle(chart, "the " + dataset.getSeriesCount() + " partitions whose lag peaked highest,"
                + " of all the group consumes");
        return new Chart("hot-partitions-" + FileStems.safe(variant.name()),
                "Lag of the partitions whose lag peaked highest, " + variant.name(), ChartStyle.WIDTH_PX,
                ChartStyle.PLAIN_HEIGHT_PX, chart);
    }
}
