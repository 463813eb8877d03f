package org.rebalancesim.explain;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.ProtocolMetricsTest;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.run.SimRuns;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.scenario.Variant;

/**
 * The summary line says a new member's wait apart from stop-the-world (docs/metrics.md): c3 joins a
 * stable KIP-848 group of c1 and c2, which keep a partition each, so nobody stops and only c3 waits
 * ({@link ProtocolMetricsTest}).
 */
class SummaryTest {

    @Test
    void aNewMembersWaitIsNotCalledStopTheWorld() {
        Scenario scenario = SimRuns.load(ProtocolMetricsTest.SCENARIO, "join");
        RunResult run = SimRuns.runScenario(scenario);
        Variant variant = scenario.variants().stream().filter(v -> v.name().equals("consumer")).findFirst()
                .orElseThrow();
        String line = Summary.of(SimRuns.variant(run, variant.name()), variant).get(0);
        assertTrue(line.contains(", no stop-the-world, new members waited "), line);
    }
}
