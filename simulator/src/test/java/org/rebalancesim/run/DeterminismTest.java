package org.rebalancesim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.report.JsonReport;
import org.rebalancesim.scenario.Scenario;

/**
 * Determinism (docs/scenario-format.md: "Same file + same seed = byte-identical results"; docs/ARCHITECTURE.md, habit 4:
 * one child random stream per entity derived from (seed, entity name), "so adding a consumer does not
 * change the others' draws").
 */
class DeterminismTest {

    /** Random processing times, random latency and random GC pauses: every stream gets used. */
    static String scenario(String extraTimeline) {
        return """
                duration: 3m
                group: {id: determinism}
                topics: [{name: t, partitions: 6, rate: 100/s}]
                consumers:
                  count: 3
                  config: {session.timeout.ms: 10000, heartbeat.interval.ms: 3000}
                  processing: {lognormal: {median: 2ms, p99: 40ms}}
                  startup: {jvmStart: 2s}
                faults:
                  - gcPause: {consumer: all, every: {exponential: {mean: 60s}}, duration: {uniform: {min: 1s, max: 12s}}}
                timeline:
                  - at: 60s
                    crash: {consumer: c2, restartAfter: 5s}
                %s
                """.formatted(extraTimeline.indent(2));
    }

    static String render(Scenario scenario) {
        return JsonReport.render(SimRuns.runScenario(scenario));
    }

    /** Everything in result.json but the seed itself. */
    static String withoutSeedLine(String json) {
        return json.replaceFirst("\"seed\" : -?\\d+", "");
    }

    @Test
    void sameSeedGivesTheSameBytesAndAnotherSeedAnotherRun() {
        Scenario seed1 = SimRuns.load(scenario(""), "determinism");
        String first = render(seed1);
        assertEquals(first, render(SimRuns.load(scenario(""), "determinism")), "same seed, different bytes");

        String other = render(seed1.withSeed(2));
        assertNotEquals(withoutSeedLine(first), withoutSeedLine(other),
                "seed 2 should draw other processing times, latencies and pauses than seed 1");
    }

    /**
     * A fourth pod that exists in the scenario but starts only at 150 s must not change anything that
     * happens to c1..c3 before it starts: same rebalances, member states, story and lag, draw for draw.
     * The recurring GC pauses target `all` pods, so c4 gets a fault stream of its own too (its pauses
     * before 150 s hit a pod that is not running); the others' pause times and lengths must not move.
     */
    @Test
    void anExtraPodDoesNotChangeTheOthersDrawsBeforeItJoins() {
        long c4StartMs = 150_000;
        VariantResult three = SimRuns.run(scenario(""), "three-pods");
        VariantResult four = SimRuns.run(scenario("""
                - at: 150s
                  start: {consumers: [c4]}
                """), "four-pods");

        assertEquals(before(three.series().rebalances(), c4StartMs), before(four.series().rebalances(), c4StartMs));
        assertEquals(statesBefore(three, c4StartMs), statesBefore(four, c4StartMs));
        assertEquals(storyBefore(three, c4StartMs), storyBefore(four, c4StartMs));
        assertEquals(three.series().lag().stream().filter(l -> l.atMs() < c4StartMs).toList(),
                four.series().lag().stream().filter(l -> l.atMs() < c4StartMs).toList());
        assertTrue(three.series().rebalances().size() >= 2, "the crash made the run interesting");
        assertTrue(four.series().events().stream().anyMatch(e -> e.subject().equals("c4")), "c4 did start");
    }

    private static List<Series.RebalanceSpan> before(List<Series.RebalanceSpan> spans, long ms) {
        return spans.stream().filter(s -> s.stableMs() < ms).toList();
    }

    private static List<Series.StateInterval> statesBefore(VariantResult result, long ms) {
        return result.series().memberStates().stream()
                .filter(s -> !s.member().equals("c4") && s.toMs() < ms).toList();
    }

    private static List<Series.StoryEvent> storyBefore(VariantResult result, long ms) {
        return result.series().events().stream().filter(e -> e.atMs() < ms).toList();
    }
}
