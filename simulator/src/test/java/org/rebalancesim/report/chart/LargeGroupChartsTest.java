package org.rebalancesim.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * A 1-hour run of 1,000 consumers on 10,000 partitions (built directly: tens of thousands of
 * intervals, one very busy pod, thousands of faults) still gives bounded, quickly rendered charts:
 * members and partitions by state, and a timeline of only the pods with faults.
 */
class LargeGroupChartsTest {

    private static final int PODS = 1_000;
    private static final int PARTITIONS = 10_000;
    private static final long HOUR_MS = 3_600_000L;
    /** Far above the few hundred ms these charts take; the bound is there to catch a blow-up. */
    private static final long MAX_RENDER_MS = 5_000;

    @Test
    void chartsOfAHugeGroupAreCappedAndRenderQuickly() throws Exception {
        RunResult result = new RunResult("huge", "huge.yaml", 1, "test", "0", List.of(huge()));
        List<Chart> charts = RunCharts.of(result);
        assertEquals(List.of("members-huge", "timeline-huge", "partition-states-huge", "partitions-huge", "downtime",
                "lag"), charts.stream().map(Chart::name).toList());
        XYPlot timeline = charts.get(1).chart().getXYPlot();
        assertEquals(TimelinePlot.MAX_ROWS, ChartProbe.rows(timeline).size());
        assertTrue(ChartProbe.subtitles(charts.get(1).chart()).stream()
                .anyMatch(s -> s.contains(TimelinePlot.MAX_ROWS + " of 1,000 members: the " + TimelinePlot.MAX_ROWS
                        + " longest not consuming of the 100 that")), "only the 100 pods with GC pauses mattered");
        assertTrue(ChartProbe.bars(timeline).size() <= TimelinePlot.MAX_ROWS * RowSpans.BINS);
        for (Chart aggregate : List.of(charts.get(0), charts.get(2))) {
            assertTrue(aggregate.chart().getXYPlot().getDataset().getItemCount(0) <= 2 * StateSteps.MAX_STEPS,
                    aggregate.name() + " is binned to the chart's columns");
        }
        XYPlot partitions = charts.get(3).chart().getXYPlot();
        assertEquals(PartitionChart.MAX_ROWS, ChartProbe.rows(partitions).size());
        assertTrue(ChartProbe.subtitles(charts.get(3).chart()).stream()
                .anyMatch(s -> s.contains("first " + PartitionChart.MAX_ROWS + " of " + PARTITIONS + " partitions")));
        for (Chart chart : charts) {
            long start = System.nanoTime();
            ChartProbe.assertValidPng(chart);
            ChartFiles.svg(chart);
            long tookMs = (System.nanoTime() - start) / 1_000_000;
            assertTrue(tookMs < MAX_RENDER_MS, chart.name() + " took " + tookMs + " ms");
        }
    }

    private static VariantResult huge() {
        List<Series.StateInterval> states = new ArrayList<>();
        // Story lines without data (kind OTHER, no pod), as a measured run has: faults are told by their words.
        List<Series.StoryEvent> events = new ArrayList<>();
        MemberState[] cycle = {MemberState.CONSUMING, MemberState.REBALANCING, MemberState.CONSUMING, MemberState.PAUSED};
        for (int pod = 1; pod <= PODS; pod++) {
            String name = "c" + pod;
            long step = pod == 1 ? 360 : HOUR_MS / 30;
            int i = 0;
            for (long t = 0; t < HOUR_MS; t += step, i++) {
                states.add(new Series.StateInterval(name, cycle[i % cycle.length], t, Math.min(HOUR_MS, t + step)));
                if (i % 4 == 3 && pod <= 100) {
                    events.add(new Series.StoryEvent(t, name, "GC pause of " + step + " ms"));
                }
            }
        }
        events.sort((a, b) -> Long.compare(a.atMs(), b.atMs()));
        List<Series.OwnershipInterval> ownership = new ArrayList<>();
        for (int p = 0; p < PARTITIONS; p++) {
            String owner = "c" + (p % PODS + 1);
            ownership.add(new Series.OwnershipInterval("orders-" + p, owner, 10_000, 1_200_000));
            ownership.add(new Series.OwnershipInterval("orders-" + p, owner, 1_230_000, 2_400_000));
            ownership.add(new Series.OwnershipInterval("orders-" + p, owner, 2_430_000, HOUR_MS));
        }
        List<Series.RebalanceSpan> rebalances = new ArrayList<>();
        for (int g = 1; g <= 60; g++) {
            rebalances.add(new Series.RebalanceSpan(g, g * 60_000L - 20_000, g * 60_000L, "test", 0));
        }
        List<Series.LagSample> lag = new ArrayList<>();
        for (int i = 0; i <= 2000; i++) {
            lag.add(new Series.LagSample(i * HOUR_MS / 2000, (i * 7919L) % 100_000));
        }
        // Counts that change far more often than the charts have columns: c1's flicker, a partition's owner.
        List<Series.CountStep> members = new ArrayList<>();
        List<Series.CountStep> partitions = new ArrayList<>();
        for (long t = 0, i = 0; t < HOUR_MS; t += 360, i++) {
            int[] pods = new int[MemberState.values().length];
            pods[MemberState.CONSUMING.ordinal()] = PODS - (int) (i % 2);
            pods[MemberState.REBALANCING.ordinal()] = (int) (i % 2);
            members.add(new Series.CountStep(t, pods));
            int[] owned = new int[Series.PARTITION_BANDS];
            owned[Series.PROCESSED] = PARTITIONS - (int) (i % 2);
            owned[Series.NO_OWNER] = (int) (i % 2);
            partitions.add(new Series.CountStep(t, owned));
        }
        Series series = new Series(states, ownership, lag, rebalances, events, List.of(), List.of(), List.of(), members,
                partitions);
        return new VariantResult("huge", "classic/eager (range)",
                Map.of("stopTheWorldMs", 3_000_000L, "partitionDowntimeMs", 90_000_000L), Map.of(), List.of(), series, 0);
    }
}
