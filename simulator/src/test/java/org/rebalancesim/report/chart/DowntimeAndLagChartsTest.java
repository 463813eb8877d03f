package org.rebalancesim.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.category.CategoryDataset;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.scenario.Variant;

/** The two comparison charts: downtime per variant (grouped bars) and lag over time (a line per variant). */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DowntimeAndLagChartsTest {

    private final Scenario scenario = ChartProbe.scenario("slow-record-and-crash.yaml");
    private final RunResult result = ChartProbe.run(scenario);

    /**
     * The scenario expects dynamic's longest stop-the-world to pass 800 s (c3 idle from about 2m10s
     * to 16m), far beyond 5 minutes: the chart switches to minutes and shows the metrics' values.
     */
    @Test
    void downtimeBarsAreTheRunsMetricsInMinutesForLongStalls() {
        Chart chart = DowntimeChart.of(result);
        CategoryPlot plot = chart.chart().getCategoryPlot();
        CategoryDataset data = plot.getDataset();
        assertEquals(List.of(DowntimeChart.STOP_THE_WORLD, DowntimeChart.PARTITION_DOWNTIME), data.getRowKeys());
        assertEquals(scenario.variants().stream().map(Variant::name).toList(), data.getColumnKeys());
        assertEquals("time (min)", plot.getRangeAxis().getLabel());
        for (VariantResult variant : result.variants()) {
            assertEquals(variant.metrics().get("stopTheWorldMs").doubleValue() / 60_000,
                    data.getValue(DowntimeChart.STOP_THE_WORLD, variant.name()).doubleValue(), 1e-9);
            assertEquals(variant.metrics().get("partitionDowntimeMs").doubleValue() / 60_000,
                    data.getValue(DowntimeChart.PARTITION_DOWNTIME, variant.name()).doubleValue(), 1e-9);
        }
        assertTrue(plot.getRenderer().getDefaultItemLabelsVisible(), "values are written on the bars");
    }

    /** Above, the lag in records; below, the time behind in seconds: one line per variant, each. */
    @Test
    void lagHasOneLinePerVariantWithEverySampleInRecordsAndTimeBehind() {
        CombinedDomainXYPlot combined = (CombinedDomainXYPlot) LagChart.of(result).chart().getXYPlot();
        List<XYPlot> panels = combined.getSubplots();
        assertEquals(2, panels.size());
        assertEquals("lag (records)", panels.get(0).getRangeAxis().getLabel());
        assertEquals("time behind (s)", panels.get(1).getRangeAxis().getLabel());
        for (int panel = 0; panel < 2; panel++) {
            XYPlot plot = panels.get(panel);
            XYDataset data = plot.getDataset();
            assertEquals(result.variants().size(), data.getSeriesCount());
            for (int s = 0; s < data.getSeriesCount(); s++) {
                VariantResult variant = result.variants().get(s);
                assertEquals(variant.name(), data.getSeriesKey(s));
                Map<Double, Double> sampled = new HashMap<>();
                for (Series.LagSample sample : variant.series().lag()) {
                    sampled.put((double) sample.atMs(), panel == 0 ? sample.lag() : sample.timeBehindMs() / 1000.0);
                }
                // Thinned to what the pixels show (LineThinning), but every point drawn is a sample as taken,
                // and the peak is among them.
                assertTrue(data.getItemCount(s) < sampled.size(), "straight stretches are drawn as one segment");
                double peak = 0;
                for (int i = 0; i < data.getItemCount(s); i++) {
                    assertEquals(sampled.get(data.getXValue(s, i)), data.getYValue(s, i), 0.0);
                    peak = Math.max(peak, data.getYValue(s, i));
                }
                assertEquals(sampled.values().stream().mapToDouble(Double::doubleValue).max().orElseThrow(), peak, 0.0);
                assertEquals(Palette.line(s), plot.getRenderer().getSeriesPaint(s));
            }
        }
        assertEquals("time (min)", combined.getDomainAxis().getLabel());
        // The slow record of 15 minutes leaves records waiting for minutes: the panel below shows it.
        assertTrue(result.variants().stream().anyMatch(v -> v.metrics().get("maxTimeBehindMs").longValue() > 60_000));
    }
}
