package org.rebalancesim.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.explain.Explainer;
import org.rebalancesim.explain.ExplanationText;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.run.ScenarioRunner;
import org.rebalancesim.run.SimRuns;
import org.rebalancesim.scenario.Scenario;

/**
 * Timeline anchors end to end (docs/scenario-format.md, "Timeline anchors"). A single member with a
 * constant 1 ms one-way latency makes the settle time exact: a classic group completes its first join
 * group.initial.rebalance.delay.ms after the member's JoinGroup, is Stable when the leader's SyncGroup
 * has stored the assignment (the span's end), and the member has settled when the SyncGroup answer
 * reaches it, 1 ms later. A consumer group settles when the member's acknowledging heartbeat reaches the
 * coordinator: the span's end itself.
 */
class TimelineAnchorRunTest {

    private static final long LATENCY_MS = 1;

    private static String scenario(String protocol, String timeline) {
        return """
                duration: 2m
                cluster: {network: {latency: {constant: 1ms}}, config: {group.initial.rebalance.delay.ms: 3000}}
                group: {id: anchors}
                topics: [{name: t, partitions: 4, rate: 40/s}]
                consumers:
                  count: 1
                  config: {group.protocol: %s, group.instance.id: app-$(POD_NAME)}
                  processing: {constant: 1ms}
                  startup: {jvmStart: 2s}
                timeline:
                """.formatted(protocol) + timeline.indent(2);
    }

    private static Series.StoryEvent only(VariantResult result, StoryKind kind) {
        List<Series.StoryEvent> lines = result.series().events().stream().filter(e -> e.kind() == kind).toList();
        assertEquals(1, lines.size(), kind + " lines: " + lines);
        return lines.get(0);
    }

    private static long firstStableMs(VariantResult result) {
        Series.RebalanceSpan first = SimRuns.spans(result).get(0);
        assertEquals(1, first.generation(), "the first rebalance: " + first);
        return first.stableMs();
    }

    private static long crashedAtMs(VariantResult result) {
        return SimRuns.story(result, "c1", "crashed").get(0).atMs();
    }

    @Test
    void classicStableFiresTenSecondsAfterTheMemberHasItsAssignment() {
        VariantResult result = SimRuns.run(scenario("classic", "- {at: {after: stable, plus: 10s}, crash: {consumer: c1}}"),
                "anchor-classic");
        long settledMs = firstStableMs(result) + LATENCY_MS;
        // The join waited the initial delay: the group cannot be Stable before jvmStart + delay.
        assertTrue(settledMs >= 2_000 + 3_000, "settled at " + settledMs);
        assertEquals(settledMs + 10_000, crashedAtMs(result));
        Series.StoryEvent ran = only(result, StoryKind.ANCHORED_OPERATION);
        assertEquals(settledMs + 10_000, ran.atMs());
        assertEquals("timeline[0]", ran.subject());
        assertTrue(ran.what().contains("10s after the group settled"), ran.what());
    }

    @Test
    void consumerProtocolStableFiresTenSecondsAfterTheTargetIsAcknowledged() {
        VariantResult result = SimRuns.run(scenario("consumer", "- {at: {after: stable, plus: 10s}, crash: {consumer: c1}}"),
                "anchor-consumer");
        assertEquals(firstStableMs(result) + 10_000, crashedAtMs(result));
    }

    @Test
    void previousRunsItsDelayAfterTheEntryBeforeIt() {
        VariantResult result = SimRuns.run(scenario("classic", """
                - {at: {after: stable, plus: 10s}, gcPause: {consumer: c1, duration: 1s}}
                - {at: {after: previous, plus: 5s}, crash: {consumer: c1}}
                """), "anchor-previous");
        long pausedMs = SimRuns.story(result, "c1", "").stream().filter(e -> e.kind() == StoryKind.GC_PAUSE)
                .findFirst().orElseThrow().atMs();
        assertEquals(firstStableMs(result) + LATENCY_MS + 10_000, pausedMs);
        assertEquals(pausedMs + 5_000, crashedAtMs(result));
    }

    /**
     * A third pod joins a cooperative group of two: the first round withholds the partitions that move to
     * it, their owners revoke them and rejoin at once, the second round hands them over. The group has
     * settled only when the last member has its part of the second round, not between the two rounds.
     */
    @Test
    void cooperativeStableAgainWaitsForTheFollowUpRound() {
        String yaml = scenario("classic", """
                - {at: 20s, start: {count: 1}}
                - {at: {after: stableAgain}, gcPause: {consumer: c1, duration: 1s}}
                """).replace("count: 1\n", "count: 2\n")
                .replace("group.instance.id: app-$(POD_NAME)", "partition.assignment.strategy: cooperative-sticky");
        VariantResult result = SimRuns.run(yaml, "anchor-cooperative");
        List<Series.RebalanceSpan> afterStart = SimRuns.spans(result).stream().filter(s -> s.startMs() >= 20_000)
                .toList();
        assertEquals(2, afterStart.size(), "a join into a cooperative group takes two rounds: " + afterStart);
        long pausedMs = SimRuns.story(result, "c1", "").stream().filter(e -> e.kind() == StoryKind.GC_PAUSE)
                .findFirst().orElseThrow().atMs();
        assertEquals(afterStart.get(1).stableMs() + LATENCY_MS, pausedMs);
    }

    /** A 1 s pause is far below the 45 s session timeout: no rebalance, so the group never settles again. */
    @Test
    void anAnchorThatNeverHappensIsToldNotSilent() {
        String yaml = scenario("classic", """
                - {at: 20s, gcPause: {consumer: c1, duration: 1s}}
                - {at: {after: stableAgain, plus: 5s}, crash: {consumer: c1}}
                """);
        Scenario scenario = SimRuns.load(yaml, "anchor-missed");
        RunResult run = ScenarioRunner.run(scenario, null, SimRuns.MAX_EVENTS);
        VariantResult result = run.variants().get(0);
        assertTrue(SimRuns.story(result, "c1", "crashed").isEmpty());
        Series.StoryEvent missed = only(result, StoryKind.ANCHOR_MISSED);
        assertEquals(120_000, missed.atMs());
        assertTrue(missed.what().contains("never ran: the group did not settle again after timeline[0] (gcPause"),
                missed.what());
        String explained = ExplanationText.render(scenario.name(), scenario.seed(), Explainer.explain(run, scenario));
        assertTrue(explained.contains("timeline[1] crash {consumer: c1} at {after: stableAgain, plus: 5s} never ran"),
                explained);
    }
}
