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

/**
 * A Kafka Streams instance whose tasks all restore is drawn in its own colour: streams-scale-out starts two
 * instances with 6 tasks each of 300,000 changelog records, restored at 10,000 records/s shared, so each
 * instance restores for 6 x 300,000 / 10,000 = 180 s after its first assignment before anything runs.
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
            assertTrue(Math.abs(restoringMs - 180_000) <= 1_000, pod + " restoring for " + restoringMs + " ms");
        }
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
