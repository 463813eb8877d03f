package org.rebalancesim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.assignor.Assignors;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.invariant.Checks;
import org.rebalancesim.metrics.SeedRuns;
import org.rebalancesim.report.SeedsJson;
import org.rebalancesim.scenario.Scenario;

/**
 * A command's progress line hears which run starts (scenario, variant, seed, its number among variants × seeds)
 * and how far each one's clock is; following the runs changes nothing in their results.
 */
class RunProgressTest {

    private static final String YAML = """
            duration: 2m
            seed: 7
            group: {id: progress}
            topics: [{name: t, partitions: 12, rate: 2000/s}]
            consumers:
              count: 4
              processing: {constant: 1ms}
            timeline:
              - at: 60s
                crash: {consumer: c2, restartAfter: 5s}
            variants:
              - name: eager
              - name: coop
                consumers: {config: {partition.assignment.strategy: cooperative-sticky}}
            """;

    /** What a progress line would be told: each run, and the clock readings of each. */
    private static final class Recording implements RunProgress {
        final List<Run> runs = new ArrayList<>();
        final List<List<Long>> times = new ArrayList<>();

        @Override
        public Simulation.Progress started(Run run) {
            runs.add(run);
            List<Long> heard = new ArrayList<>();
            times.add(heard);
            return (nowMs, eventsRun) -> heard.add(nowMs);
        }
    }

    private static SeedRuns runSeeds(Scenario scenario, RunProgress progress) {
        return ScenarioRunner.runSeeds(scenario, null, 3, SimRuns.MAX_EVENTS, Assignors.builtIn(), Checks.ALL,
                RecorderView.AS_MODELLED, progress);
    }

    @Test
    void everyRunIsNamedAndCountedAmongVariantsTimesSeeds() {
        Recording recording = new Recording();
        runSeeds(SimRuns.load(YAML, "progress"), recording);
        // seeds 7, 8, 9 as --seeds numbers them, each with both variants in file order
        List<String> labels = List.of("progress/eager seed 7", "progress/coop seed 7", "progress/eager seed 8",
                "progress/coop seed 8", "progress/eager seed 9", "progress/coop seed 9");
        List<RunProgress.Run> expected = new ArrayList<>();
        for (int i = 0; i < labels.size(); i++) {
            expected.add(new RunProgress.Run(labels.get(i), i + 1, 6, 120_000));
        }
        assertEquals(expected, recording.runs);
        for (List<Long> heard : recording.times) {
            assertFalse(heard.isEmpty(), "two minutes of 4 consumers are more than a few thousand events");
            for (int i = 1; i < heard.size(); i++) {
                assertTrue(heard.get(i - 1) <= heard.get(i), "the clock went back: " + heard);
            }
            assertTrue(heard.get(heard.size() - 1) <= 120_000, "past the end: " + heard);
        }
    }

    @Test
    void oneSeedNamesNoSeed() {
        Recording recording = new Recording();
        ScenarioRunner.run(SimRuns.load(YAML, "progress"), "coop", SimRuns.MAX_EVENTS, Assignors.builtIn(),
                Checks.ALL, RecorderView.AS_MODELLED, recording);
        assertEquals(List.of(new RunProgress.Run("progress/coop", 1, 1, 120_000)), recording.runs);
    }

    @Test
    void followedRunsGiveTheSameBytes() {
        Scenario scenario = SimRuns.load(YAML, "progress");
        assertEquals(SeedsJson.render(runSeeds(scenario, RunProgress.NONE)),
                SeedsJson.render(runSeeds(scenario, new Recording())));
    }
}
