package org.rebalancesim.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.run.SimRuns;

/**
 * Pods started later in the run (a timeline {@code start:}, a scale-out) are drawn as "not started
 * yet" before their first start, not in the grey of a crash; a crash later in the run stays DOWN.
 */
class NotStartedTimelineTest {

    private static final long START_MS = 60_000;
    private static final long CRASH_MS = 120_000;
    private static final String SCENARIO = """
            name: late-start
            seed: 1
            duration: 3m
            cluster: {brokers: 3}
            group: {id: late}
            topics:
              - {name: t, partitions: 12, rate: 100/s}
            consumers:
              count: 2
              processing: {lognormal: {median: 1ms, p99: 10ms}}
            timeline:
              - at: 1m
                start: {count: 2}
              - at: 2m
                crash: {consumer: c1, restartAfter: 20s}
            """;

    private final VariantResult run = SimRuns.run(SCENARIO, "late-start");
    private final XYPlot plot = TimelineChart.of(run).chart().getXYPlot();

    @Test
    void podsStartedLaterAreNotStartedBeforeTheirStartNotDown() {
        String down = Palette.label(MemberState.DOWN);
        for (String pod : List.of("c3", "c4")) {
            int row = ChartProbe.rows(plot).indexOf(pod);
            List<ChartProbe.Bar> notStarted = ChartProbe.bars(plot, Palette.NOT_STARTED_LABEL, row);
            assertEquals(1, notStarted.size(), pod + ": " + notStarted);
            assertEquals(0, notStarted.get(0).fromMs(), pod);
            assertTrue(notStarted.get(0).toMs() >= START_MS, pod + " starts at 1m: " + notStarted);
            assertTrue(ChartProbe.bars(plot, down, row).stream().allMatch(b -> b.fromMs() >= START_MS),
                    pod + " is never DOWN before its start");
        }
    }

    @Test
    void aCrashAfterTheFirstStartStaysDown() {
        int c1 = ChartProbe.rows(plot).indexOf("c1");
        assertTrue(ChartProbe.bars(plot, Palette.NOT_STARTED_LABEL, c1).isEmpty());
        assertTrue(ChartProbe.bars(plot, Palette.label(MemberState.DOWN), c1).stream()
                .anyMatch(b -> b.fromMs() == CRASH_MS), "c1 is DOWN from its crash");
    }

    @Test
    void notStartedIsBlankAndOutlinedWithItsOwnLegendEntry() {
        RowBarRenderer renderer = (RowBarRenderer) plot.getRenderer();
        int notStarted = seriesIndex(Palette.NOT_STARTED_LABEL);
        int down = seriesIndex(Palette.label(MemberState.DOWN));
        assertEquals(0, ((Color) renderer.getSeriesPaint(notStarted)).getAlpha(), "blank: shading shows");
        assertNotEquals(renderer.getSeriesPaint(down), renderer.getSeriesPaint(notStarted));
        assertTrue(renderer.isOutlined(notStarted));
        assertFalse(renderer.isOutlined(down));
        List<String> legend = legend();
        assertEquals(legend.indexOf(Palette.label(MemberState.DOWN)) + 1, legend.indexOf(Palette.NOT_STARTED_LABEL),
                "next to down in the legend");
    }

    @Test
    void noLegendEntryWhenEveryPodIsUpFromTheStart() {
        VariantResult allAtOnce = SimRuns.run(SCENARIO.replace("""
                  - at: 1m
                    start: {count: 2}
                """, "").replace("count: 2", "count: 2\n  startup: {jvmStart: 0s}"), "all-at-once");
        XYPlot allPlot = TimelineChart.of(allAtOnce).chart().getXYPlot();
        assertFalse(legend(allPlot).contains(Palette.NOT_STARTED_LABEL), legend(allPlot).toString());
        assertTrue(legend(allPlot).contains(Palette.label(MemberState.DOWN)), "down is always in the legend");
    }

    private int seriesIndex(String legend) {
        for (int s = 0; s < plot.getDataset().getSeriesCount(); s++) {
            if (plot.getDataset().getSeriesKey(s).equals(legend)) {
                return s;
            }
        }
        throw new AssertionError("no series " + legend);
    }

    private List<String> legend() {
        return legend(plot);
    }

    private static List<String> legend(XYPlot plot) {
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < plot.getLegendItems().getItemCount(); i++) {
            labels.add(plot.getLegendItems().get(i).getLabel());
        }
        return labels;
    }
}
