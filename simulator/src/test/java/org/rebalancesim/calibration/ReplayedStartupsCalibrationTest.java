package org.rebalancesim.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rebalancesim.assignor.Assignors;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.run.SimRuns;
import org.rebalancesim.scenario.Scenario;

/**
 * calibrate --replay-startups over two measured runs: simulated seed i launches its pods as run (i mod 2) + 1
 * did, so seeds 0 and 2 start as run 1 and seed 1 as run 2, whatever the file's jvmStart (1 s) says.
 */
class ReplayedStartupsCalibrationTest {

    @TempDir
    Path dir;

    private static final String SCENARIO = """
            name: replayed
            seed: 5
            duration: 20s
            group: {id: replayed}
            topics: [{name: t, partitions: 4, rate: 20/s}]
            consumers:
              count: 2
              config: {partition.assignment.strategy: range}
              startup: {jvmStart: 1s}
            """;

    /** Run 1 brings c1 up at 700 ms, run 2 at 1900 ms; c2 at 1200 ms in both. */
    private static List<MeasuredEvent> run(int repetition) {
        long c1Up = repetition == 1 ? 700 : 1_900;
        return new SyntheticEvents()
                .at(0, "c1", "podStart").at(0, "c2", "podStart")
                .started(c1Up, "c1").started(1_200, "c2")
                .list();
    }

    @Test
    void seedIStartsAsRunIModNDid() throws Exception {
        Scenario scenario = SimRuns.load(SCENARIO, "replayed");
        MeasurementSource source = (variant, options) -> run(options.repetition());
        Calibration.Settings settings = new Calibration.Settings(null, TimeScale.REAL_TIME, 2, 10, dir, 3, false,
                Calibration.Startups.REPLAYED);

        Calibration.Outcome outcome = Calibration.run(scenario, null, source, settings, Assignors.builtIn(),
                line -> { });

        List<RunResult> seeds = outcome.simulatedSeeds().runs();
        assertEquals(List.of(5L, 6L, 7L), seeds.stream().map(RunResult::seed).toList());
        assertEquals(List.of(700L, 1_900L, 700L), seeds.stream().map(seed -> firstStart(seed, "c1")).toList());
        assertEquals(List.of(1_200L, 1_200L, 1_200L), seeds.stream().map(seed -> firstStart(seed, "c2")).toList());
        assertTrue(outcome.startups().get(0).startsWith("replayed from the runs (--replay-startups): seed i launches"
                + " its pods as run (i mod 2) + 1 did; "), outcome.startups().get(0));
    }

    private static long firstStart(RunResult seed, String pod) {
        return SimRuns.startedAt(seed.variants().get(0), pod).get(0);
    }
}
