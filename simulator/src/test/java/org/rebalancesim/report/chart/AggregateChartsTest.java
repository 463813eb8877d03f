package org.rebalancesim.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * The members-by-state and partitions-by-state charts of a large group: counts read off the chart at
 * chosen instants equal the recorded counts given to it (what the recorder counts is RecordedCountsTest's),
 * pods in no count are "not started yet", and the bands add up to the group's size.
 */
class AggregateChartsTest {

    private static final int PODS = 50;
    private static final long END_MS = 60_000;
    private static final long DOWN_FROM_MS = 20_000;
    private static final long DOWN_TO_MS = 35_000;
    private static final int DOWN_PODS = 7;
    private static final long LATE_START_MS = 10_000;
    private static final int LATE_PODS = 3;

    @Test
    void aLargeGroupGetsTheAggregateChartsAndASmallOneKeepsTodays() {
        List<String> large = RunCharts.of(run(group())).stream().map(Chart::name).toList();
        assertEquals(List.of("members-v", "timeline-v", "partition-states-v", "partitions-v", "downtime", "lag"), large);
        VariantResult small = variant(pods(TimelinePlot.MAX_ROWS, 0, 0), List.of(), List.of());
        List<String> names = RunCharts.of(run(small)).stream().map(Chart::name).toList();
        assertEquals(List.of("timeline-v", "partitions-v", "downtime", "lag"), names);
        assertEquals(TimelinePlot.MAX_ROWS, ChartProbe.rows(RunCharts.of(run(small)).get(0).chart().getXYPlot()).size());
    }

    @Test
    void membersByStateCountTheDownPodsWhileTheyAreDown() {
        JFreeChart chart = MemberStatesChart.of(group()).chart();
        XYDataset data = chart.getXYPlot().getDataset();
        String down = Palette.label(MemberState.DOWN);
        String consuming = Palette.label(MemberState.CONSUMING);
        assertEquals(DOWN_PODS, count(data, down, 25_000));
        assertEquals(DOWN_PODS, count(data, down, DOWN_FROM_MS));
        assertEquals(0, count(data, down, DOWN_TO_MS));
        assertEquals(0, count(data, down, 15_000));
        assertEquals(PODS - DOWN_PODS, count(data, consuming, 25_000));
        assertEquals(LATE_PODS, count(data, Palette.NOT_STARTED_LABEL, 5_000));
        assertEquals(PODS - LATE_PODS, count(data, consuming, 5_000));
        assertEquals(PODS, count(data, consuming, 50_000));
        for (long atMs = 0; atMs < END_MS; atMs += 500) {
            assertEquals(PODS, total(data, atMs), "members at " + atMs + " ms");
        }
    }

    @Test
    void partitionsByStateSplitByWhetherTheirOwnerCouldProcessThem() {
        // Partition p of the group is owned by pod c(p+1) for the whole run, from 1 s on.
        XYDataset data = PartitionStatesChart.of(group()).chart().getXYPlot().getDataset();
        assertEquals(PODS, count(data, PartitionStatesChart.NO_OWNER, 500));
        assertEquals(DOWN_PODS, count(data, PartitionChart.NOT_RUNNING, 25_000));
        assertEquals(PODS - DOWN_PODS, count(data, PartitionStatesChart.PROCESSING, 25_000));
        // The late pods' partitions: owned but their owner not started (DOWN) until 10 s.
        assertEquals(LATE_PODS, count(data, PartitionChart.NOT_RUNNING, 5_000));
        assertEquals(PODS, count(data, PartitionStatesChart.PROCESSING, 40_000));
        for (long atMs = 0; atMs < END_MS; atMs += 500) {
            assertEquals(PODS, total(data, atMs), "partitions at " + atMs + " ms");
        }
    }

    @Test
    void aOneSecondPauseInALongBusyRunKeepsItsHeight() {
        long hourMs = 3_600_000;
        List<Series.CountStep> members = new ArrayList<>();
        // Pod c1 flickers between consuming and a rebalance every 500 ms for 20 minutes: far more changes than
        // the chart has columns, so it is binned.
        long t = 0;
        for (int i = 0; t < 1_200_000; i++, t += 500) {
            members.add(i % 2 == 0 ? step(t, PODS, 0, 0) : step(t, PODS - 1, 1, 0));
        }
        members.add(step(t, PODS, 0, 0));
        long pauseMs = 1_800_500;
        members.add(step(pauseMs, PODS - 4, 0, 4));
        members.add(step(pauseMs + 1_000, PODS, 0, 0));
        List<Series.StateInterval> states = pods(PODS, 0, 0).stream()
                .map(i -> new Series.StateInterval(i.member(), i.state(), i.fromMs(), hourMs)).toList();
        VariantResult busy = variant(states, List.of(), List.of(), members, List.of());
        JFreeChart chart = MemberStatesChart.of(busy).chart();
        XYDataset data = chart.getXYPlot().getDataset();
        assertTrue(ChartProbe.subtitles(chart).stream().anyMatch(s -> s.contains("3 s slice")),
                "binned: " + ChartProbe.subtitles(chart));
        assertTrue(data.getItemCount(0) <= 2 * StateSteps.MAX_STEPS);
        assertEquals(4, count(data, Palette.label(MemberState.PAUSED), pauseMs));
        assertEquals(1, count(data, Palette.label(MemberState.REBALANCING), 600_000), "c1's rebalances are kept");
        for (long atMs = 0; atMs < hourMs; atMs += 1_000) {
            assertEquals(PODS, total(data, atMs), "members at " + atMs + " ms");
        }
    }

    /** 50 pods: 3 start at 10 s (down, not started, until then), 7 are down from 20 s to 35 s; pod c(p+1) owns p. */
    private static VariantResult group() {
        List<Series.StateInterval> states = pods(PODS, LATE_PODS, DOWN_PODS);
        List<Series.OwnershipInterval> ownership = new ArrayList<>();
        for (int p = 0; p < PODS; p++) {
            ownership.add(new Series.OwnershipInterval("orders-" + p, "c" + (p + 1), 1_000, END_MS));
        }
        List<Series.StoryEvent> events = new ArrayList<>();
        for (int pod = PODS - DOWN_PODS + 1; pod <= PODS; pod++) {
            events.add(new Series.StoryEvent(DOWN_FROM_MS, "c" + pod, "crashed", StoryKind.CRASHED,
                    "c" + pod, -1, -1, null));
        }
        int notStarted = PODS - LATE_PODS;
        List<Series.CountStep> members = List.of(step(0, notStarted, 0, 0), step(LATE_START_MS, PODS, 0, 0),
                down(DOWN_FROM_MS, PODS - DOWN_PODS, DOWN_PODS), step(DOWN_TO_MS, PODS, 0, 0));
        List<Series.CountStep> partitions = List.of(partitions(0, 0, 0, PODS),
                partitions(1_000, PODS - LATE_PODS, LATE_PODS, 0), partitions(LATE_START_MS, PODS, 0, 0),
                partitions(DOWN_FROM_MS, PODS - DOWN_PODS, DOWN_PODS, 0), partitions(DOWN_TO_MS, PODS, 0, 0));
        return variant(states, ownership, events, members, partitions);
    }

    /** Pods counted per MemberState: consuming, in a rebalance, paused; the rest of the group not started. */
    private static Series.CountStep step(long atMs, int consuming, int rebalancing, int paused) {
        int[] counts = new int[MemberState.values().length];
        counts[MemberState.CONSUMING.ordinal()] = consuming;
        counts[MemberState.REBALANCING.ordinal()] = rebalancing;
        counts[MemberState.PAUSED.ordinal()] = paused;
        return new Series.CountStep(atMs, counts);
    }

    private static Series.CountStep down(long atMs, int consuming, int down) {
        int[] counts = step(atMs, consuming, 0, 0).counts();
        counts[MemberState.DOWN.ordinal()] = down;
        return new Series.CountStep(atMs, counts);
    }

    private static Series.CountStep partitions(long atMs, int processed, int ownerNotRunning, int noOwner) {
        int[] counts = new int[Series.PARTITION_BANDS];
        counts[Series.PROCESSED] = processed;
        counts[Series.OWNER_NOT_RUNNING] = ownerNotRunning;
        counts[Series.NO_OWNER] = noOwner;
        return new Series.CountStep(atMs, counts);
    }

    /** {@code count} pods consuming for the whole run, but the first {@code late} start late and the last {@code down} go down. */
    private static List<Series.StateInterval> pods(int count, int late, int down) {
        List<Series.StateInterval> states = new ArrayList<>();
        for (int pod = 1; pod <= count; pod++) {
            String name = "c" + pod;
            if (pod <= late) {
                states.add(new Series.StateInterval(name, MemberState.DOWN, 0, LATE_START_MS));
                states.add(new Series.StateInterval(name, MemberState.CONSUMING, LATE_START_MS, END_MS));
            } else if (pod > count - down) {
                states.add(new Series.StateInterval(name, MemberState.CONSUMING, 0, DOWN_FROM_MS));
                states.add(new Series.StateInterval(name, MemberState.DOWN, DOWN_FROM_MS, DOWN_TO_MS));
                states.add(new Series.StateInterval(name, MemberState.CONSUMING, DOWN_TO_MS, END_MS));
            } else {
                states.add(new Series.StateInterval(name, MemberState.CONSUMING, 0, END_MS));
            }
        }
        return states;
    }

    private static VariantResult variant(List<Series.StateInterval> states, List<Series.OwnershipInterval> ownership,
                                         List<Series.StoryEvent> events) {
        return variant(states, ownership, events, List.of(), List.of());
    }

    private static VariantResult variant(List<Series.StateInterval> states, List<Series.OwnershipInterval> ownership,
                                         List<Series.StoryEvent> events, List<Series.CountStep> members,
                                         List<Series.CountStep> partitions) {
        Series series = new Series(states, ownership, List.of(), List.of(), events, List.of(), List.of(), List.of(),
                members, partitions);
        return new VariantResult("v", "classic/eager (range)", Map.of(), Map.of(), List.of(), series, 0);
    }

    private static RunResult run(VariantResult variant) {
        return new RunResult("group", "group.yaml", 1, "test", "0", List.of(variant));
    }

    /** The height of {@code band} at {@code atMs}: the step whose [start, end) holds it. */
    static int count(XYDataset data, String band, long atMs) {
        int series = data.indexOf(band);
        assertTrue(series >= 0, "no band " + band);
        for (int item = 0; item + 1 < data.getItemCount(series); item += 2) {
            if (data.getXValue(series, item) <= atMs && atMs < data.getXValue(series, item + 1)) {
                return (int) data.getYValue(series, item);
            }
        }
        throw new AssertionError("no step holds " + atMs + " ms");
    }

    private static int total(XYDataset data, long atMs) {
        int sum = 0;
        for (int s = 0; s < data.getSeriesCount(); s++) {
            sum += count(data, data.getSeriesKey(s).toString(), atMs);
        }
        return sum;
    }
}
