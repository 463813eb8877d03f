package org.rebalancesim.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.IntStream;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.Layer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.run.SimRuns;
import org.rebalancesim.scenario.Operation;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.scenario.TimelineEvent;
import org.rebalancesim.scenario.Variant;

/**
 * The timeline of slow-record-and-crash (dynamic): c1 starts a 15-minute record at 1m, c2 crashes
 * at 2m and its pod comes back after restartAfter plus the JVM start. Expected times are read from
 * the scenario file.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TimelineChartTest {

    private final Scenario scenario = ChartProbe.scenario("slow-record-and-crash.yaml");
    private final Variant dynamic = ChartProbe.variant(scenario, "dynamic");
    private final RunResult result = ChartProbe.run(scenario);
    private final VariantResult simulated = SimRuns.variant(result, "dynamic");
    private final XYPlot plot = TimelineChart.of(simulated).chart().getXYPlot();

    @Test
    void oneRowPerConsumerInPodOrder() {
        assertEquals(dynamic.consumers().initial(), ChartProbe.rows(plot));
        assertEquals(List.of("c1", "c2", "c3"), ChartProbe.rows(plot));
    }

    @Test
    void crashedPodIsDownFromItsCrashUntilItsJvmIsBack() {
        TimelineEvent crash = event(Operation.Crash.class);
        long restartAfterMs = ((Operation.Crash) crash.operation()).restartAfterMs();
        long backMs = crash.atMs() + restartAfterMs + Math.round(dynamic.consumers().startup().jvmStart().mean());
        int c2 = ChartProbe.rows(plot).indexOf("c2");
        List<ChartProbe.Bar> down = ChartProbe.bars(plot, Palette.label(MemberState.DOWN), c2);
        assertTrue(down.contains(new ChartProbe.Bar(Palette.label(MemberState.DOWN), c2, crash.atMs(), backMs)),
                "c2 down bars: " + down);
    }

    @Test
    void slowRecordShowsFromItsStartForItsDuration() {
        TimelineEvent slow = event(Operation.SlowRecord.class);
        long durationMs = ((Operation.SlowRecord) slow.operation()).durationMs();
        int c1 = ChartProbe.rows(plot).indexOf("c1");
        List<ChartProbe.Bar> bars = ChartProbe.bars(plot, Palette.label(MemberState.SLOW_RECORD), c1);
        assertEquals(1, bars.size(), "c1 slow-record bars: " + bars);
        assertEquals(slow.atMs(), bars.get(0).fromMs());
        assertTrue(bars.get(0).toMs() >= slow.atMs() + durationMs, "ends " + bars.get(0).toMs());
    }

    @Test
    void rebalanceShadingEqualsTheRunsRebalanceSpans() {
        List<long[]> shaded = ChartProbe.shading(plot).stream()
                .map(m -> new long[] {(long) m.getStartValue(), (long) m.getEndValue()}).toList();
        List<Series.RebalanceSpan> spans = simulated.series().rebalances();
        assertEquals(spans.size(), shaded.size());
        IntStream.range(0, spans.size()).forEach(i -> {
            assertEquals(spans.get(i).startMs(), shaded.get(i)[0]);
            assertEquals(spans.get(i).stableMs(), shaded.get(i)[1]);
        });
        for (Series.RebalanceSpan span : spans) {
            assertTrue(texts().stream().anyMatch(t -> t.getText().equals("g" + span.generation())
                    && t.getX() == span.startMs()), "no label g" + span.generation());
        }
    }

    @Test
    void faultsAreLabelledOnTheirPodsRowAtTheirTime() {
        TimelineEvent crash = event(Operation.Crash.class);
        TimelineEvent slow = event(Operation.SlowRecord.class);
        assertTrue(texts().stream().anyMatch(t -> t.getText().contains("crashed") && t.getX() == crash.atMs()
                && t.getY() == ChartProbe.rows(plot).indexOf("c2")));
        String minutes = Durations.human(((Operation.SlowRecord) slow.operation()).durationMs());
        assertTrue(texts().stream().anyMatch(t -> t.getText().contains(minutes) && t.getX() == slow.atMs()
                && t.getY() == ChartProbe.rows(plot).indexOf("c1")), "no label with " + minutes);
    }

    @Test
    void timeAxisIsInMinutesForAHalfHourRun() {
        assertTrue(dynamic.durationMs() > 3 * 60_000L, "the scenario is long enough for minutes");
        assertEquals("time (min)", plot.getDomainAxis().getLabel());
        assertEquals(dynamic.durationMs(), plot.getDomainAxis().getUpperBound(), 0.0);
    }

    @Test
    void podsWithTwoDigitNumbersFollowNumericOrder() {
        Scenario large = ChartProbe.scenario("crash-in-large-group.yaml");
        VariantResult eager = SimRuns.variant(ChartProbe.run(large), "eager");
        List<String> rows = ChartProbe.rows(TimelineChart.of(eager).chart().getXYPlot());
        int count = ChartProbe.variant(large, "eager").consumers().initial().size();
        assertEquals(IntStream.rangeClosed(1, count).mapToObj(i -> "c" + i).toList(), rows);
    }

    /** add-partitions grows a topic at some time: a line across all rows there, labelled above the rows. */
    @Test
    void clusterWideFaultsAreMarkedAcrossAllRowsAndLabelledOnTop() {
        Scenario growth = ChartProbe.scenario("add-partitions.yaml");
        Variant first = growth.variants().get(0);
        TimelineEvent add = first.timeline().stream().filter(e -> e.operation() instanceof Operation.AddPartitions)
                .findFirst().orElseThrow();
        String topic = ((Operation.AddPartitions) add.operation()).topic();
        XYPlot chart = TimelineChart.of(SimRuns.variant(ChartProbe.run(growth), first.name())).chart().getXYPlot();
        List<?> lines = List.copyOf(chart.getDomainMarkers(Layer.FOREGROUND));
        assertTrue(lines.stream().anyMatch(m -> m instanceof ValueMarker v && v.getValue() == add.atMs()),
                "no line at " + add.atMs());
        assertTrue(chart.getAnnotations().stream().anyMatch(a -> a instanceof XYTextAnnotation t
                && t.getText().contains(topic) && t.getX() == add.atMs() && t.getY() < -0.5),
                "no label above the rows naming " + topic);
    }

    private List<XYTextAnnotation> texts() {
        return plot.getAnnotations().stream().filter(a -> a instanceof XYTextAnnotation)
                .map(a -> (XYTextAnnotation) a).toList();
    }

    private TimelineEvent event(Class<? extends Operation> kind) {
        return dynamic.timeline().stream().filter(e -> kind.isInstance(e.operation())).findFirst().orElseThrow();
    }
}
