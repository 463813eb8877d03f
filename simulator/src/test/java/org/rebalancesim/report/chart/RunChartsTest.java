package org.rebalancesim.report.chart;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.scenario.Variant;

/** The charts of a run: which, in what order, under safe names, rendered to valid and stable files. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RunChartsTest {

    private final Scenario scenario = ChartProbe.scenario("slow-record-and-crash.yaml");
    private final RunResult result = ChartProbe.run(scenario);

    @Test
    void perVariantTimelineAndPartitionsThenDowntimeLagAndHotPartitions() {
        List<String> expected = new ArrayList<>();
        for (Variant variant : scenario.variants()) {
            expected.add("timeline-" + variant.name());
            expected.add("partitions-" + variant.name());
        }
        expected.add("downtime");
        expected.add("lag");
        // 6 partitions, more than the hot partitions chart shows, and the slow record makes lag in each variant.
        for (Variant variant : scenario.variants()) {
            expected.add("hot-partitions-" + variant.name());
        }
        assertEquals(expected, RunCharts.of(result).stream().map(Chart::name).toList());
    }

    @Test
    void everyChartRendersToPngAndSvgOfItsDeclaredSize() throws Exception {
        for (Chart chart : RunCharts.of(result)) {
            assertEquals(ChartStyle.WIDTH_PX, chart.widthPx(), chart.name());
            assertTrue(chart.heightPx() >= ChartStyle.MIN_HEIGHT_PX && chart.heightPx() <= ChartStyle.MAX_HEIGHT_PX,
                    chart.name() + " height " + chart.heightPx());
            ChartProbe.assertValidPng(chart);
            ChartProbe.assertValidSvg(chart);
        }
    }

    @Test
    void sameResultGivesByteIdenticalFiles() {
        List<Chart> first = RunCharts.of(result);
        List<Chart> second = RunCharts.of(result);
        for (int i = 0; i < first.size(); i++) {
            assertEquals(ChartFiles.svg(first.get(i)), ChartFiles.svg(second.get(i)), first.get(i).name());
            assertArrayEquals(ChartFiles.png(first.get(i)), ChartFiles.png(second.get(i)), first.get(i).name());
        }
    }

    @Test
    void svgCoordinatesKeepAHundredthOfAPixel() {
        assertEquals("964.01", ChartFiles.hundredths(964.014742014742));
        assertEquals("74", ChartFiles.hundredths(74.0));
        assertEquals("-675.5", ChartFiles.hundredths(-675.5));
        assertEquals("0.01", ChartFiles.hundredths(0.005));
        String svg = ChartFiles.svg(RunCharts.of(result).get(0));
        assertFalse(svg.matches("(?s).*[xy]='-?\\d+\\.\\d{3,}'.*"), "no coordinate with three decimals or more");
    }

    @Test
    void variantNamesBecomeSafeDistinctFileStems() throws Exception {
        RunResult odd = new RunResult("odd", "odd.yaml", 1, "test", "0",
                List.of(empty("a b"), empty("a/b"), empty("../Étrange")));
        List<String> names = RunCharts.of(odd).stream().map(Chart::name).toList();
        assertEquals(List.of("timeline-a_b", "partitions-a_b", "timeline-a_b-2", "partitions-a_b-2",
                "timeline-trange", "partitions-trange", "downtime", "lag"), names);
        names.forEach(name -> assertTrue(name.matches("[a-z0-9._-]+") && !name.startsWith("."), name));
        // A variant with nothing recorded still gives drawable charts.
        for (Chart chart : RunCharts.of(odd)) {
            ChartProbe.assertValidPng(chart);
        }
    }

    private static VariantResult empty(String name) {
        Series nothing = new Series(List.of(), List.of(), List.of(), List.of(), List.of());
        return new VariantResult(name, "classic/eager (range)", Map.of("stopTheWorldMs", 0L), Map.of(), List.of(),
                nothing, 0);
    }
}
