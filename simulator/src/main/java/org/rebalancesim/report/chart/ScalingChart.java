package org.rebalancesim.report.chart;

import java.awt.BasicStroke;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.renderer.xy.XYStepRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * A Kubernetes workload's size beside its lag and rebalances, one colour per variant: above, the replicas (solid,
 * spec.replicas as a rollout or an autoscaler sets it) and the ready pods (dashed) as steps; below, the total lag;
 * a dot on the lag line where each rebalance completed. Drawn when a variant runs in a workload.
 */
public final class ScalingChart {

    private static final float LINE_WIDTH = 2f;
    private static final int PODS_WEIGHT = 2;
    private static final int LAG_WEIGHT = 3;

    private ScalingChart() {
    }

    /** Whether the run has a workload to draw. */
    public static boolean applies(RunResult result) {
        return result.variants().stream().anyMatch(variant -> !variant.series().replicas().isEmpty());
    }

    public static Chart of(RunResult result) {
        long endMs = TimeAxis.endMs(result.variants());
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(TimeAxis.create(endMs));
        plot.setGap(12);
        plot.add(podsPlot(result.variants(), endMs), PODS_WEIGHT);
        plot.add(lagPlot(result.variants()), LAG_WEIGHT);
        plot.setOrientation(PlotOrientation.VERTICAL);
        JFreeChart chart = ChartStyle.chart("Pods, lag and rebalances: " + result.scenario(), plot, true);
        ChartStyle.addSubtitle(chart, "above: replicas (solid) and ready pods (dashed); below: total lag, a dot at each"
                + " completed rebalance");
        return new Chart("scaling", "Replicas, ready pods, lag and rebalances over time, one colour per variant",
                ChartStyle.WIDTH_PX, ChartStyle.PLAIN_HEIGHT_PX * 3 / 2, chart);
    }

    private static XYPlot podsPlot(List<VariantResult> variants, long endMs) {
        XYSeriesCollection dataset = new XYSeriesCollection();
        XYStepRenderer renderer = new XYStepRenderer();
        renderer.setAutoPopulateSeriesPaint(false);
        renderer.setAutoPopulateSeriesStroke(false);
        int index = 0;
        for (int v = 0; v < variants.size(); v++) {
            List<Series.ReplicaSample> samples = variants.get(v).series().replicas();
            if (samples.isEmpty()) {
                continue;
            }
            XYSeries replicas = new XYSeries(variants.get(v).name(), false, true);
            XYSeries ready = new XYSeries(variants.get(v).name() + " ready", false, true);
            for (Series.ReplicaSample sample : samples) {
                replicas.add(sample.atMs(), sample.replicas(), false);
                ready.add(sample.atMs(), sample.ready(), false);
            }
            Series.ReplicaSample last = samples.get(samples.size() - 1);
            replicas.add(endMs, last.replicas(), false);
            ready.add(endMs, last.ready(), false);
            dataset.addSeries(replicas);
            dataset.addSeries(ready);
            renderer.setSeriesPaint(index, Palette.line(v));
            renderer.setSeriesStroke(index++, new BasicStroke(LINE_WIDTH));
            renderer.setSeriesPaint(index, Palette.line(v));
            renderer.setSeriesVisibleInLegend(index, false);
            renderer.setSeriesStroke(index++, new BasicStroke(LINE_WIDTH, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND,
                    10f, new float[] {6f, 4f}, 0f));
        }
        NumberAxis axis = new NumberAxis("pods");
        axis.setStandardTickUnits(NumberAxis.createIntegerTickUnits(Locale.ROOT));
        return new XYPlot(dataset, null, axis, renderer);
    }

    private static XYPlot lagPlot(List<VariantResult> variants) {
        XYSeriesCollection dataset = new XYSeriesCollection();
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
        renderer.setAutoPopulateSeriesPaint(false);
        renderer.setAutoPopulateSeriesStroke(false);
        renderer.setDrawSeriesLineAsPath(true);
        int index = 0;
        for (int v = 0; v < variants.size(); v++) {
            XYSeries lag = new XYSeries(variants.get(v).name() + " lag", false, true);
            for (Series.LagSample sample : variants.get(v).series().lag()) {
                lag.add(sample.atMs(), sample.lag(), false);
            }
            dataset.addSeries(lag);
            renderer.setSeriesPaint(index, Palette.line(v));
            renderer.setSeriesStroke(index, new BasicStroke(LINE_WIDTH));
            renderer.setSeriesVisibleInLegend(index++, false);
            XYSeries rebalances = new XYSeries(variants.get(v).name() + " rebalances", false, true);
            for (Series.RebalanceSpan span : variants.get(v).series().rebalances()) {
                rebalances.add(span.stableMs(), Series.lagAt(variants.get(v).series().lag(), span.stableMs()), false);
            }
            dataset.addSeries(rebalances);
            renderer.setSeriesPaint(index, Palette.line(v));
            renderer.setSeriesLinesVisible(index, false);
            renderer.setSeriesShapesVisible(index, true);
            renderer.setSeriesVisibleInLegend(index++, false);
        }
        NumberAxis axis = new NumberAxis("lag (records)");
        axis.setStandardTickUnits(NumberAxis.createIntegerTickUnits(Locale.ROOT));
        return new XYPlot(dataset, null, axis, renderer);
    }
}
