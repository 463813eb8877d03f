package org.rebalancesim.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.run.SimRuns;
import org.rebalancesim.scenario.Operation;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.scenario.TimelineEvent;
import org.rebalancesim.scenario.TopicSpec;
import org.rebalancesim.scenario.Variant;

/** Partition availability: rows in topic/partition order, capped for big topics, owners and gaps. */
class PartitionChartTest {

    @Test
    void bigTopicIsCappedToTheFirstPartitionsAndTheSubtitleSaysSo() {
        Scenario scenario = ChartProbe.scenario("crash-in-large-group.yaml");
        Variant eager = ChartProbe.variant(scenario, "eager");
        TopicSpec topic = eager.topics().get(0);
        assertTrue(topic.partitions() > PartitionChart.MAX_ROWS, "the scenario has more partitions than the cap");
        Chart chart = PartitionChart.of(SimRuns.variant(ChartProbe.run(scenario), "eager"));
        List<String> rows = ChartProbe.rows(chart.chart().getXYPlot());
        assertEquals(IntStream.range(0, PartitionChart.MAX_ROWS).mapToObj(p -> topic.name() + "-" + p).toList(), rows);
        String note = String.format(Locale.ROOT, "first %d of %d partitions", PartitionChart.MAX_ROWS,
                topic.partitions());
        assertTrue(ChartProbe.subtitles(chart.chart()).stream().anyMatch(s -> s.contains(note)),
                "subtitles: " + ChartProbe.subtitles(chart.chart()));
        assertEquals(ChartStyle.MAX_HEIGHT_PX, chart.heightPx());
    }

    /**
     * slow-record-and-crash, static: c2 keeps its partitions across its crash (KIP-345), so they
     * have an owner that cannot process them from the crash until the pod is back; the rest of the
     * time c2 colours them.
     */
    @Test
    void ownerThatIsDownShowsAsNotRunningNotAsAGap() {
        Scenario scenario = ChartProbe.scenario("slow-record-and-crash.yaml");
        Variant staticVariant = ChartProbe.variant(scenario, "static");
        TimelineEvent crash = staticVariant.timeline().stream()
                .filter(e -> e.operation() instanceof Operation.Crash).findFirst().orElseThrow();
        long backMs = crash.atMs() + ((Operation.Crash) crash.operation()).restartAfterMs()
                + Math.round(staticVariant.consumers().startup().jvmStart().mean());
        RunResult result = ChartProbe.run(scenario);
        VariantResult simulated = SimRuns.variant(result, "static");
        XYPlot plot = PartitionChart.of(simulated).chart().getXYPlot();
        List<String> c2Partitions = simulated.series().ownership().stream()
                .filter(o -> o.member().equals("c2")).map(o -> o.partition()).distinct().toList();
        assertTrue(!c2Partitions.isEmpty(), "c2 owns partitions");
        for (String partition : c2Partitions) {
            int row = ChartProbe.rows(plot).indexOf(partition);
            assertEquals(List.of(new ChartProbe.Bar(PartitionChart.NOT_RUNNING, row, crash.atMs(), backMs)),
                    ChartProbe.bars(plot, PartitionChart.NOT_RUNNING, row), partition);
            assertTrue(ChartProbe.bars(plot, "c2", row).stream().anyMatch(b -> b.toMs() == crash.atMs()), partition);
        }
    }

    /** Without an owner there is no bar: the partition chart's blank time equals the ownership gaps. */
    @Test
    void partitionsWithoutOwnerAreBlank() {
        RunResult result = ChartProbe.run(ChartProbe.scenario("slow-record-and-crash.yaml"));
        VariantResult dynamic = SimRuns.variant(result, "dynamic");
        XYPlot plot = PartitionChart.of(dynamic).chart().getXYPlot();
        for (String partition : ChartProbe.rows(plot)) {
            int row = ChartProbe.rows(plot).indexOf(partition);
            long owned = dynamic.series().ownership().stream().filter(o -> o.partition().equals(partition))
                    .mapToLong(o -> o.toMs() - o.fromMs()).sum();
            long drawn = ChartProbe.bars(plot).stream().filter(b -> b.row() == row)
                    .mapToLong(b -> b.toMs() - b.fromMs()).sum();
            assertEquals(owned, drawn, partition);
        }
    }
}
