package org.rebalancesim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.rebalancesim.metrics.ExpectationResult;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.report.JsonReport;
import org.rebalancesim.scenario.Scenario;

/**
 * Every file of the scenario library (scenarios/*.yaml):
 * - its expect: rules pass (the files' comments derive them from docs/kafka-semantics.md);
 * - same file + same seed = byte-identical result.json (docs/scenario-format.md "Rules that hold everywhere");
 * - the record accounting of docs/metrics.md holds, also with the measure window widened to the whole run.
 */
class LibraryScenariosTest {

    static List<Path> library() {
        return SimRuns.libraryScenarios();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("library")
    void expectationsPass(Path file) {
        RunResult result = SimRuns.runScenario(SimRuns.loadFile(file));
        String failed = result.variants().stream()
                .flatMap(v -> v.expectations().stream().filter(e -> !e.passed()).map(e -> describe(v.name(), e)))
                .collect(Collectors.joining("; "));
        assertTrue(result.allExpectationsPassed(), file.getFileName() + ": " + failed);
    }

    /**
     * No partition is ever owned by two members of the same generation, under either protocol
     * (docs/kafka-semantics.md §9: the cooperative client validates that nothing it still owns is handed to
     * someone else; eager revokes everything first). Zombies, members of an older generation still
     * processing, are allowed and measured separately as zombieOverlapMs.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("library")
    void noPartitionHasTwoOwnersOfTheSameGeneration(Path file) {
        RunResult result = SimRuns.runScenario(SimRuns.loadFile(file));
        result.variants().forEach(v -> assertEquals(0L, v.metrics().get("ownershipViolations").longValue(),
                file.getFileName() + " " + v.name()));
    }

    private static String describe(String variant, ExpectationResult e) {
        return variant + ": " + e.metric() + " " + e.rule() + " (actual " + e.actual() + ")";
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("library")
    void sameFileAndSeedGiveByteIdenticalResults(Path file) {
        Scenario scenario = SimRuns.loadFile(file);
        String first = JsonReport.render(ScenarioRunner.run(scenario, null, SimRuns.MAX_EVENTS));
        String second = JsonReport.render(ScenarioRunner.run(SimRuns.loadFile(file), null, SimRuns.MAX_EVENTS));
        assertEquals(first, second, file.getFileName() + " is not deterministic");
    }

    /**
     * docs/metrics.md: recordsProduced = recordsProcessedUnique + finalLag, and recordsProcessed =
     * recordsProcessedUnique + duplicates once the window covers the whole run: the file is run with its
     * measure: line removed (SimRuns checks both identities on every variant).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("library")
    void recordAccountingHoldsOverTheWholeRun(Path file) {
        String yaml = SimRuns.read(file).replaceAll("(?m)^measure:.*$", "");
        Scenario whole = SimRuns.load(yaml, file.getFileName().toString().replaceFirst("\\.ya?ml$", ""));
        whole.variants().forEach(v -> assertEquals(0, v.measure().fromMs(), v.name() + " still has a window"));
        SimRuns.runScenario(whole);
    }
}
