package org.rebalancesim.sweep;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.IntervalXYDataset;
import org.junit.jupiter.api.Test;
import org.rebalancesim.report.chart.Chart;
import org.rebalancesim.report.chart.SweepChart;
import org.rebalancesim.run.SimRuns;
import org.rebalancesim.scenario.ScenarioException;

/**
 * Every metric is a count, a time or a number of records: never below 0. A mean's 95% interval over three seeds
 * of a count that is 0 in some runs reaches below 0, and the charts stop it there.
 */
class SweepChartBandsTest {

    @Test
    void confidenceBandsAndErrorBarsStopAtZero() throws ScenarioException {
        for (List<String> sets : List.of(List.<String>of(), List.of("session.timeout.ms=10000,20000"))) {
            SweepPlan plan = SweepScenarios.plan(sets, null, 3);
            SweepResult result = SweepResult.of(plan, SweepRunner.run(plan, 2, SimRuns.MAX_EVENTS,
                    SweepRunner.Progress.NONE));
            List<String> belowZero = result.cells().stream().flatMap(c -> c.variants().stream())
                    .flatMap(v -> v.metrics().entrySet().stream())
                    .filter(e -> e.getValue().ci95Low() != null && e.getValue().ci95Low() < 0)
                    .map(e -> e.getKey()).distinct().toList();
            assertTrue(!belowZero.isEmpty(), "the case this test is about: an interval reaching below 0");
            for (Chart chart : SweepChart.of(result, belowZero)) {
                if (chart.chart().getPlot() instanceof XYPlot plot) {
                    IntervalXYDataset bands = (IntervalXYDataset) plot.getDataset();
                    for (int s = 0; s < bands.getSeriesCount(); s++) {
                        for (int i = 0; i < bands.getItemCount(s); i++) {
                            assertTrue(bands.getStartYValue(s, i) >= 0, chart.name());
                        }
                    }
                    assertTrue(plot.getRangeAxis().getLowerBound() >= 0, chart.name());
                } else {
                    assertTrue(((CategoryPlot) chart.chart().getPlot()).getRangeAxis().getLowerBound() >= 0,
                            chart.name());
                }
            }
        }
    }
}
