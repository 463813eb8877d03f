package org.rebalancesim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tolerance: block of a scenario, for check against a baseline. */
class ToleranceBlockTest {

    @TempDir
    Path directory;
    private ScenarioFiles files;

    @BeforeEach
    void setUp() {
        files = new ScenarioFiles(directory);
    }

    @Test
    void readsPercentagesAmountsAndDurations() throws Exception {
        Scenario scenario = files.load(ScenarioFiles.MINIMAL + """
                tolerance:
                  default: 5%
                  stopTheWorldMs: 2s
                  maxLag: 1000
                  rebalances: 0
                """);
        Tolerances tolerances = scenario.tolerances();
        assertEquals(new Tolerance(true, 5, "5%"), tolerances.fallback());
        assertEquals(Map.of("stopTheWorldMs", new Tolerance(false, 2000, "2s"),
                "maxLag", new Tolerance(false, 1000, "1000"),
                "rebalances", new Tolerance(false, 0, "0")), tolerances.byMetric());
    }

    @Test
    void aFileWithoutTheBlockHasNoTolerances() throws Exception {
        assertEquals(Tolerances.NONE, files.load(ScenarioFiles.MINIMAL).tolerances());
    }

    @Test
    void reportsBadTolerancesWithPathAndFix() {
        assertEquals(List.of(
                "tolerance.stopTheWorld: unknown metric 'stopTheWorld'; did you mean 'stopTheWorldMs'?",
                "tolerance.default: the default must be a percentage of the baseline, like 5%, got '2s'; give amounts per metric instead",
                "tolerance.rebalances: expected a tolerance like 5% (of the baseline), 100 (in the metric's unit) or 2s (time metrics), got '1s'",
                "tolerance.maxLag: expected a tolerance like 5% (of the baseline), 100 (in the metric's unit) or 2s (time metrics), got -5"),
                files.problems(ScenarioFiles.MINIMAL + """
                        tolerance:
                          stopTheWorld: 5%
                          default: 2s
                          rebalances: 1s
                          maxLag: -5
                        """));
    }
}
