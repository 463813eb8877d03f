package org.rebalancesim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** cluster.coordinatorWarmup: a warm coordinator unless the scenario says, a distribution when it does. */
class CoordinatorWarmupSettingTest {

    @TempDir
    Path directory;
    private ScenarioFiles files;

    @BeforeEach
    void setUp() {
        files = new ScenarioFiles(directory);
    }

    @Test
    void aBrokerThatHasRunForAWhileUnlessTheScenarioSays() throws Exception {
        assertSame(ClusterSpec.WARM_COORDINATOR,
                files.load(ScenarioFiles.MINIMAL).variants().get(0).cluster().coordinatorWarmup());
    }

    @Test
    void readsADurationOrADistribution() throws Exception {
        assertEquals(new Distributions.Constant(40), files.load(ScenarioFiles.MINIMAL
                + "cluster: {coordinatorWarmup: 40ms}\n").variants().get(0).cluster().coordinatorWarmup());
        assertEquals(new Distributions.LogNormal(40, 90), files.load(ScenarioFiles.MINIMAL
                + "cluster: {coordinatorWarmup: {lognormal: {median: 40ms, p99: 90ms}}}\n").variants().get(0)
                .cluster().coordinatorWarmup());
    }

    @Test
    void refusesWhatIsNoDurationWithItsPath() {
        assertEquals(List.of("cluster.coordinatorWarmup: expected a duration like 250ms, 10s, 15m or 2h (a plain"
                        + " number means ms), got 'soon'"),
                files.problems(ScenarioFiles.MINIMAL + "cluster: {coordinatorWarmup: soon}\n"));
        assertEquals(List.of("cluster.coordinatorWarmup: must not be negative, got '-5ms'"),
                files.problems(ScenarioFiles.MINIMAL + "cluster: {coordinatorWarmup: -5ms}\n"));
    }
}
