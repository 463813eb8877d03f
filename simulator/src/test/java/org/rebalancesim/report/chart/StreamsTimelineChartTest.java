package org.rebalancesim.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.IntStream;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.run.SimRuns;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.scenario.TopologySpec;

/**
 * A Kafka Streams instance whose tasks all restore is drawn in its own colour: streams-scale-out starts two
 * instances with 6 tasks each of 300,000 changelog records, restored at 10,000 records/s chunk by chunk in
 * turn (10,485 records a fetched chunk: 28 full chunks and 6,420 records a task), so each instance runs
 * nothing until its first task is done, (6 x 28 x 10,485 + 6,420) / 10,000 = 176.79 s after its first
 * assignment.
 */
class StreamsTimelineChartTest {

    private static final String RESTORING = Palette.label(MemberState.RESTORING);

    @Test
    void anInstanceRestoringEverythingShowsAsRestoringForItsRestoreTime() {
        Scenario scenario = ChartProbe.scenario("streams-scale-out.yaml");
        XYPlot plot = TimelineChart.of(SimRuns.variant(ChartProbe.run(scenario), "warmups")).chart().getXYPlot();
        assertTrue(legend(plot).contains(RESTORING), legend(plot).toString());
        for (String pod : List.of("c1", "c2")) {
            int row = ChartProbe.rows(plot).indexOf(pod);
            List<ChartProbe.Bar> bars = ChartProbe.bars(plot, RESTORING, row);
            assertEquals(1, bars.size(), pod + ": " + bars);
            long restoringMs = bars.get(0).toMs() - bars.get(0).fromMs();
            assertTrue(Math.abs(restoringMs - firstTaskDoneMs()) <= 1_000, pod + " restoring for " + restoringMs + " ms");
        }
    }

    /**
     * When an instance's first task is done restoring: every task's full chunks, then one last chunk,
     * at 10,000 records/s (6 tasks of 300,000 records, 1 MiB chunks of 100-byte records).
     */
    private static long firstTaskDoneMs() {
        long chunk = TopologySpec.FETCH_CHUNK_BYTES / TopologySpec.DEFAULT_CHANGELOG_RECORD_BYTES;
        long records = 300_000;
        long fullChunks = (records - 1) / chunk;
        return (6 * fullChunks * chunk + (records - fullChunks * chunk)) * 1000 / 10_000;
    }

    @Test
    void aPlainConsumerGroupsLegendHasNoRestoringState() {
        Scenario scenario = ChartProbe.scenario("slow-record-and-crash.yaml");
        XYPlot plot = TimelineChart.of(SimRuns.variant(ChartProbe.run(scenario), "dynamic")).chart().getXYPlot();
        assertFalse(legend(plot).contains(RESTORING), legend(plot).toString());
    }

    private static List<String> legend(XYPlot plot) {
        return IntStream.range(0, plot.getLegendItems().getItemCount())
                .mapToObj(i -> plot.getLegendItems().get(i).getLabel()).toList();
    }
}
