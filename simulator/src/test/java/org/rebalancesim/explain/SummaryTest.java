package org.rebalancesim.explain;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.run.SimRuns;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.scenario.Variant;

/**
 * The summary line says a new member's wait apart from stop-the-world (docs/metrics.md): c3 joins a
 * stable KIP-848 group of c1 and c2, which keep a partition each, so nobody stops and only c3 waits.
 */
class SummaryTest {

    @Test
    void aNewMembersWaitIsNotCalledStopTheWorld() {
        Scenario scenario = SimRuns.load("""
                name: join
                duration: 90s
                measure: {from: 30s}
                group: {id: g}
                topics: [{name: t, partitions: 4, rate: 40/s}]
                consumers:
                  count: 2
                  config: {group.protocol: consumer}
                  processing: {constant: 1ms}
                  startup: {stagger: 1700ms, jvmStart: 2s}
                timeline:
                  - {at: 60s, start: {consumers: [c3]}}
                """, "join");
        RunResult run = SimRuns.runScenario(scenario);
        Variant variant = scenario.variants().get(0);
        String line = Summary.of(SimRuns.variant(run, variant.name()), variant).get(0);
        assertTrue(line.contains(", no stop-the-world, new members waited "), line);
    }
}
