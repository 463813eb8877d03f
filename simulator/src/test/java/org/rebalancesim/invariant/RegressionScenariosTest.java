package org.rebalancesim.invariant;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.rebalancesim.assignor.Assignors;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.report.JsonReport;
import org.rebalancesim.run.ScenarioRunner;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.scenario.ScenarioLoader;

/**
 * Every scenario under src/test/resources/regressions/ (shrunk failures of {@link GeneratedScenariosTest},
 * and hand-written ones) runs with all checks on, within its event bound, and twice to the same bytes.
 */
class RegressionScenariosTest {

    @TestFactory
    Stream<DynamicTest> everyRegressionScenarioRunsClean() throws IOException {
        Path directory = SaveShrunkScenario.directory();
        List<Path> files;
        try (Stream<Path> listing = Files.list(directory)) {
            files = listing.filter(path -> path.toString().endsWith(".yaml")).sorted().toList();
        }
        return files.stream().map(file -> DynamicTest.dynamicTest(file.getFileName().toString(), () -> {
            Scenario scenario = ScenarioLoader.load(file);
            RunResult result = ScenarioRunner.run(scenario, null, GeneratedScenariosTest.MAX_EVENTS,
                    Assignors.builtIn(), Checks.ALL);
            // The recorder's metric sees ownership as the invariant does: a zombie is not a violation.
            result.variants().forEach(variant -> assertEquals(0L, variant.metrics().get("ownershipViolations").longValue(),
                    file + ", variant " + variant.name() + ": ownershipViolations"));
            String first = JsonReport.render(result);
            String second = JsonReport.render(ScenarioRunner.run(scenario, null, GeneratedScenariosTest.MAX_EVENTS,
                    Assignors.builtIn(), Checks.ALL));
            assertEquals(first, second, file + ": same file and seed, other bytes");
        }));
    }
}
