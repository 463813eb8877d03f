package org.rebalancesim.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.IntStream;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.metrics.registry.DowntimeCause;
import org.rebalancesim.metrics.registry.Metric;
import org.rebalancesim.run.SimRuns;
import org.rebalancesim.scenario.MeasureWindow;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.scenario.Variant;

/**
 * The tasks chart of a Kafka Streams run, on streams-on-kubernetes: 3 instances, 12 stateful tasks, c2 killed
 * at 2 min and its pod started again 50 s later with a 5 s JVM start (back at 175 s), a 45 s session timeout
 * (120 s in static-long-session) and a 3 s heartbeat.
 */
class TaskChartTest {

    private static final long KILL_MS = 120_000;
    private static final long BACK_MS = KILL_MS + 50_000 + 5_000;
    private static final long SESSION_MS = 45_000;
    private static final long HEARTBEAT_MS = 3_000;

    private static final Scenario SCENARIO = ChartProbe.scenario("streams-on-kubernetes.yaml");
    private static final RunResult RUN = ChartProbe.run(SCENARIO);

    /**
     * Dynamic: Kafka Streams' close sends no LeaveGroup and a SIGKILL sends nothing, so c2's tasks stay with
     * its member, whose process is gone, until the coordinator removes it a session after its last heartbeat
     * (between session - heartbeat and session after the kill); then nobody holds them (a blank) until the
     * rebalance gives them out again.
     */
    @Test
    void aKilledDynamicInstancesTasksShowItsProcessDownUntilItsSessionExpires() {
        XYPlot plot = TaskChart.of(SimRuns.variant(RUN, "dynamic")).chart().getXYPlot();
        List<Integer> c2Rows = rowsHeldAtTheKill(SimRuns.variant(RUN, "dynamic"), plot);
        assertEquals(4, c2Rows.size(), "c2 ran a third of the 12 tasks");
        for (int row : c2Rows) {
            List<ChartProbe.Bar> down = ChartProbe.bars(plot, TaskChart.HOLDER_DOWN, row);
            assertEquals(1, down.size(), "row " + row + ": " + down);
            assertEquals(KILL_MS, down.get(0).fromMs());
            long evictedMs = down.get(0).toMs();
            assertTrue(evictedMs > KILL_MS + SESSION_MS - HEARTBEAT_MS && evictedMs <= KILL_MS + SESSION_MS,
                    "evicted at " + evictedMs);
            long nextBarMs = ChartProbe.bars(plot).stream().filter(b -> b.row() == row && b.fromMs() >= evictedMs)
                    .mapToLong(ChartProbe.Bar::fromMs).min().orElseThrow();
            assertTrue(nextBarMs > evictedMs, "blank between the eviction and the next assignment");
        }
    }

    /**
     * Static with a session longer than the pod is away (KIP-345): the member keeps its tasks across the
     * restart, so they are never unassigned after the first assignment: down exactly while the pod is, then,
     * once the new process has rejoined with its instance id (a JoinGroup and a SyncGroup, no rebalance),
     * restoring what the kill lost (RocksDB has no WAL in 4.4.0), then running.
     */
    @Test
    void aStaticInstanceBackWithinItsSessionKeepsItsTasksDownOnlyWhileItsPodIs() {
        VariantResult variant = SimRuns.variant(RUN, "static-long-session");
        XYPlot plot = TaskChart.of(variant).chart().getXYPlot();
        List<Integer> c2Rows = rowsHeldAtTheKill(variant, plot);
        assertEquals(4, c2Rows.size());
        for (int row : c2Rows) {
            assertEquals(List.of(new ChartProbe.Bar(TaskChart.HOLDER_DOWN, row, KILL_MS, BACK_MS)),
                    ChartProbe.bars(plot, TaskChart.HOLDER_DOWN, row));
            List<ChartProbe.Bar> restoring = ChartProbe.bars(plot, TaskChart.RESTORING, row).stream()
                    .filter(b -> b.fromMs() >= BACK_MS).toList();
            assertEquals(1, restoring.size(), "row " + row + ": " + restoring);
            long rejoinMs = restoring.get(0).fromMs() - BACK_MS;
            assertTrue(rejoinMs >= 0 && rejoinMs < 1_000, "restores once its new process has rejoined: " + rejoinMs);
            assertEquals(0, blankMs(plot, row, firstBarMs(plot, row), TimeAxis.endMs(List.of(variant))),
                    "never unassigned after the first assignment");
        }
    }

    /** What the chart draws is what the metrics count: per cause, in the measure window, over every variant. */
    @Test
    void theDrawnPhasesAddUpToTaskDowntimeByCause() {
        for (VariantResult variant : RUN.variants()) {
            MeasureWindow window = variantOf(variant.name()).measure();
            XYPlot plot = TaskChart.of(variant).chart().getXYPlot();
            assertEquals(metric(variant, DowntimeCause.DEAD_OWNER.key()), drawnMs(plot, TaskChart.HOLDER_DOWN, window),
                    variant.name());
            assertEquals(metric(variant, Metric.RESTORING_CAUSE), drawnMs(plot, TaskChart.RESTORING, window),
                    variant.name());
            long blank = seriesMs(variant, window, DowntimeCause.REBALANCE) + seriesMs(variant, window,
                    DowntimeCause.NO_MEMBERS);
            assertEquals(metric(variant, DowntimeCause.REBALANCE.key()) + metric(variant,
                    DowntimeCause.NO_MEMBERS.key()), blank, variant.name());
        }
    }

    @Test
    void aPlainConsumerGroupHasNoTasksChart() {
        RunResult plain = ChartProbe.run(ChartProbe.scenario("slow-record-and-crash.yaml"));
        for (VariantResult variant : plain.variants()) {
            assertTrue(variant.series().tasks().isEmpty(), variant.name());
        }
        assertFalse(RunCharts.of(plain).stream().anyMatch(chart -> chart.name().startsWith("tasks-")));
        assertTrue(RunCharts.of(RUN).stream().anyMatch(chart -> chart.name().equals("tasks-dynamic")));
    }

    @Test
    void rowsAreTasksInSubtopologyThenPartitionOrder() {
        XYPlot plot = TaskChart.of(SimRuns.variant(RUN, "dynamic")).chart().getXYPlot();
        assertEquals(IntStream.range(0, 12).mapToObj(p -> "0_" + p).toList(), ChartProbe.rows(plot));
    }

    /** The rows of the tasks c2 ran when it was killed: those running on its partitions' owner c2. */
    private static List<Integer> rowsHeldAtTheKill(VariantResult variant, XYPlot plot) {
        List<String> rows = ChartProbe.rows(plot);
        return variant.series().ownership().stream()
                .filter(o -> o.member().equals("c2") && o.fromMs() < KILL_MS && o.toMs() >= KILL_MS)
                .map(o -> rows.indexOf("0_" + o.partition().substring(o.partition().lastIndexOf('-') + 1)))
                .sorted().toList();
    }

    private static long firstBarMs(XYPlot plot, int row) {
        return ChartProbe.bars(plot).stream().filter(b -> b.row() == row).mapToLong(ChartProbe.Bar::fromMs).min()
                .orElseThrow();
    }

    /** Time in [fromMs, toMs) on {@code row} with no bar. */
    private static long blankMs(XYPlot plot, int row, long fromMs, long toMs) {
        long covered = ChartProbe.bars(plot).stream().filter(b -> b.row() == row)
                .mapToLong(b -> Math.max(0, Math.min(toMs, b.toMs()) - Math.max(fromMs, b.fromMs()))).sum();
        return toMs - fromMs - covered;
    }

    private static long drawnMs(XYPlot plot, String legend, MeasureWindow window) {
        return ChartProbe.bars(plot).stream().filter(b -> b.series().equals(legend))
                .mapToLong(b -> window.overlapMs(b.fromMs(), b.toMs())).sum();
    }

    private static long seriesMs(VariantResult variant, MeasureWindow window, DowntimeCause cause) {
        return variant.series().tasks().stream().filter(t -> t.phase().equals(Series.TaskPhase.down(cause)))
                .mapToLong(t -> window.overlapMs(t.fromMs(), t.toMs())).sum();
    }

    private static long metric(VariantResult variant, String cause) {
        return SimRuns.metric(variant, Metric.TASK_DOWNTIME_BY_CAUSE.memberName(cause));
    }

    private static Variant variantOf(String name) {
        return ChartProbe.variant(SCENARIO, name);
    }
}
