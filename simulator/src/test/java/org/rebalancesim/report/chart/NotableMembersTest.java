package org.rebalancesim.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * A large group's timeline keeps exactly the pods that had a fault or an operation, were evicted or
 * left, worst first (most time not consuming after their start), and says how many of the group it shows.
 */
class NotableMembersTest {

    private static final int PODS = 60;
    private static final long END_MS = 100_000;

    @Test
    void keepsExactlyThePodsWithAFaultAnEvictionOrADepartureWorstFirst() {
        List<Series.StateInterval> states = consumingPods();
        List<Series.StoryEvent> events = new ArrayList<>();
        // c7 crashed and was down 30 s; c12 paused 2 s; c30 was evicted and down 10 s; c45 left (stopped) and
        // stayed down 40 s. c2 only started (routine) and c3 is only named by a group event (the protocol's own).
        down(states, "c7", MemberState.DOWN, 10_000, 40_000);
        down(states, "c12", MemberState.PAUSED, 50_000, 52_000);
        down(states, "c30", MemberState.DOWN, 60_000, 70_000);
        down(states, "c45", MemberState.DOWN, 60_000, END_MS);
        events.add(event(10_000, "c7", StoryKind.CRASHED, "crashed"));
        events.add(event(50_000, "c12", StoryKind.GC_PAUSE, "GC pause of 2000 ms"));
        events.add(event(60_000, "c30", StoryKind.MEMBER_REMOVED, "removed from the group: session timeout"));
        events.add(event(60_000, "c45", StoryKind.STOPPING, "stopping (close())"));
        events.add(event(1_000, "c2", StoryKind.STARTED, "started"));
        events.add(new Series.StoryEvent(2_000, "group", "Stable → PreparingRebalance", StoryKind.GROUP_STATE, "c3", -1,
                2, "JOIN"));
        VariantResult variant = variant(states, events);

        Chart timeline = TimelineChart.ofNotable(variant).orElseThrow();
        assertEquals(List.of("c45", "c7", "c30", "c12"), ChartProbe.rows(timeline.chart().getXYPlot()));
        assertTrue(subtitles(timeline.chart()).contains("4 of 60 members"), subtitles(timeline.chart()));
        assertTrue(subtitles(timeline.chart()).contains("the rest are in the members-by-state chart"));
    }

    @Test
    void moreNotablePodsThanRowsKeepsTheWorstThenByName() {
        List<Series.StateInterval> states = new ArrayList<>();
        List<Series.StoryEvent> events = new ArrayList<>();
        // Every pod pauses; c1..c10 pause 5 s, the others 1 s: the 10 long ones first, then the rest by name.
        for (int pod = 1; pod <= PODS; pod++) {
            String name = "c" + pod;
            long pauseMs = pod <= 10 ? 5_000 : 1_000;
            states.add(new Series.StateInterval(name, MemberState.CONSUMING, 0, 50_000));
            states.add(new Series.StateInterval(name, MemberState.PAUSED, 50_000, 50_000 + pauseMs));
            states.add(new Series.StateInterval(name, MemberState.CONSUMING, 50_000 + pauseMs, END_MS));
            events.add(event(50_000, name, StoryKind.GC_PAUSE, "GC pause of " + pauseMs + " ms"));
        }
        Chart timeline = TimelineChart.ofNotable(variant(states, events)).orElseThrow();
        List<String> rows = ChartProbe.rows(timeline.chart().getXYPlot());
        assertEquals(TimelinePlot.MAX_ROWS, rows.size());
        List<String> expected = new ArrayList<>();
        for (int pod = 1; pod <= TimelinePlot.MAX_ROWS; pod++) {
            expected.add("c" + pod);
        }
        assertEquals(expected, rows);
        assertTrue(subtitles(timeline.chart()).contains("40 of 60 members: the 40 longest not consuming of the 60"),
                subtitles(timeline.chart()));
    }

    @Test
    void noTimelineWhenNoPodMattered() {
        assertTrue(TimelineChart.ofNotable(variant(consumingPods(), List.of())).isEmpty());
    }

    private static List<Series.StateInterval> consumingPods() {
        List<Series.StateInterval> states = new ArrayList<>();
        for (int pod = 1; pod <= PODS; pod++) {
            states.add(new Series.StateInterval("c" + pod, MemberState.CONSUMING, 0, END_MS));
        }
        return states;
    }

    /** Replaces {@code pod}'s whole-run interval by consuming, {@code state} over [from, to), consuming. */
    private static void down(List<Series.StateInterval> states, String pod, MemberState state, long fromMs, long toMs) {
        states.removeIf(s -> s.member().equals(pod));
        states.add(new Series.StateInterval(pod, MemberState.CONSUMING, 0, fromMs));
        states.add(new Series.StateInterval(pod, state, fromMs, toMs));
        if (toMs < END_MS) {
            states.add(new Series.StateInterval(pod, MemberState.CONSUMING, toMs, END_MS));
        }
    }

    private static Series.StoryEvent event(long atMs, String pod, StoryKind kind, String what) {
        return new Series.StoryEvent(atMs, pod, what, kind, pod, -1, -1, null);
    }

    private static VariantResult variant(List<Series.StateInterval> states, List<Series.StoryEvent> events) {
        Series series = new Series(states, List.of(), List.of(), List.of(), events);
        return new VariantResult("v", "classic/eager (range)", Map.of(), Map.of(), List.of(), series, 0);
    }

    private static String subtitles(JFreeChart chart) {
        return String.join(" | ", ChartProbe.subtitles(chart));
    }
}
