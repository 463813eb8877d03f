package org.rebalancesim.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Paint;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.run.SimRuns;

/**
 * The calibration chart: simulated above measured on one time axis, drawn like the run's timeline.
 * Two variants of one run stand in for a simulated and a measured result (same record type).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CalibrationTimelineChartTest {

    private final RunResult result = ChartProbe.run(ChartProbe.scenario("slow-record-and-crash.yaml"));
    private final VariantResult dynamic = SimRuns.variant(result, "dynamic");
    private final VariantResult staticVariant = SimRuns.variant(result, "static");
    private final Chart chart = CalibrationTimelineChart.of("dynamic", dynamic, staticVariant);

    @Test
    void twoSubplotsShareOneTimeAxis() {
        CombinedDomainXYPlot plot = (CombinedDomainXYPlot) chart.chart().getXYPlot();
        List<XYPlot> subplots = plot.getSubplots();
        assertEquals(2, subplots.size());
        subplots.forEach(sub -> assertSame(plot.getDomainAxis(), sub.getDomainAxis()));
        assertEquals("timeline-dynamic-sim-vs-real", chart.name());
    }

    @Test
    void topIsTheSimulatedRunAndBottomTheMeasuredOne() {
        List<XYPlot> subplots = ((CombinedDomainXYPlot) chart.chart().getXYPlot()).getSubplots();
        XYPlot alone = TimelineChart.of(dynamic).chart().getXYPlot();
        assertEquals(ChartProbe.bars(alone), ChartProbe.bars(subplots.get(0)));
        assertEquals(ChartProbe.bars(TimelineChart.of(staticVariant).chart().getXYPlot()),
                ChartProbe.bars(subplots.get(1)));
        assertEquals(dynamic.series().rebalances().size(), ChartProbe.shading(subplots.get(0)).size());
        assertEquals(staticVariant.series().rebalances().size(), ChartProbe.shading(subplots.get(1)).size());
    }

    @Test
    void aStateHasTheSameColourHereAndInTheTimeline() {
        XYPlot timeline = TimelineChart.of(dynamic).chart().getXYPlot();
        List<XYPlot> subplots = ((CombinedDomainXYPlot) chart.chart().getXYPlot()).getSubplots();
        for (MemberState state : MemberState.values()) {
            if (!state.alwaysInLegend()) {
                continue; // a Kafka Streams state: only in the legend of a run that has it
            }
            Paint expected = Palette.of(state);
            assertEquals(expected, paintOf(timeline, state), state.name());
            subplots.forEach(sub -> assertEquals(expected, paintOf(sub, state), state.name()));
        }
    }

    @Test
    void oneLegendForBothHalvesAndValidFiles() throws Exception {
        LegendItemCollection items = chart.chart().getXYPlot().getLegendItems();
        List<String> legend = new ArrayList<>();
        for (int i = 0; i < items.getItemCount(); i++) {
            legend.add(items.get(i).getLabel());
        }
        assertEquals(legend.stream().distinct().toList(), legend, "each entry once");
        Arrays.stream(MemberState.values()).filter(MemberState::alwaysInLegend)
                .forEach(state -> assertTrue(legend.contains(Palette.label(state)), state.name()));
        assertTrue(legend.contains(Palette.NOT_STARTED_LABEL), "the pods' JVM start, before their first start");
        assertTrue(chart.heightPx() <= ChartStyle.MAX_HEIGHT_PX);
        ChartProbe.assertValidPng(chart);
        ChartProbe.assertValidSvg(chart);
    }

    /** The paint the renderer uses for the series of {@code state}, found by its legend label. */
    private static Paint paintOf(XYPlot plot, MemberState state) {
        for (int s = 0; s < plot.getDataset().getSeriesCount(); s++) {
            if (plot.getDataset().getSeriesKey(s).equals(Palette.label(state))) {
                return plot.getRenderer().getSeriesPaint(s);
            }
        }
        throw new AssertionError("no series for " + state);
    }
}
