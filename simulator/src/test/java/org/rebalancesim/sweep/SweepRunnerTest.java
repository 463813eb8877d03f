package org.rebalancesim.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.rebalancesim.engine.SimulationLimitException;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.report.SweepCsv;
import org.rebalancesim.report.SweepJson;
import org.rebalancesim.run.ScenarioRunner;
import org.rebalancesim.run.SimRuns;
import org.rebalancesim.scenario.ScenarioException;
import org.rebalancesim.scenario.ScenarioTemplate;

/** Running the grid: the same numbers whatever the thread count, each run reproducible alone. */
class SweepRunnerTest {

    private static SweepResult sweep(SweepPlan plan, int threads) {
        return SweepResult.of(plan, SweepRunner.run(plan, threads, SimRuns.MAX_EVENTS, SweepRunner.Progress.NONE));
    }

    @Test
    void theThreadCountDoesNotChangeOneByte() throws ScenarioException {
        SweepPlan plan = SweepScenarios.plan(List.of("session.timeout.ms=10000,20000"), null, 3);
        SweepResult one = sweep(plan, 1);
        SweepResult two = sweep(plan, 2);
        SweepResult five = sweep(plan, 5);
        assertEquals(SweepJson.render(one), SweepJson.render(two));
        assertEquals(SweepJson.render(one), SweepJson.render(five));
        assertEquals(SweepCsv.runs(one), SweepCsv.runs(two));
        assertEquals(SweepCsv.statistics(one), SweepCsv.statistics(five));
    }

    /** A run of the sweep is `run --seed S` of the file with the cell's values written into it. */
    @Test
    void eachRunIsTheRunOfTheEditedFileWithItsSeed() throws ScenarioException {
        SweepPlan plan = SweepScenarios.plan(List.of("session.timeout.ms=20000"), null, 3);
        SweepResult result = sweep(plan, 2);
        int index = plan.firstRun(0, 1) + 2;
        SweepPlan.RunId id = plan.run(index);
        assertEquals("long", id.variant());
        assertEquals(42, id.seed());
        String edited = SweepScenarios.SMALL.replace("session.timeout.ms: 10000", "session.timeout.ms: 20000")
                .replace("session.timeout.ms: 45000", "session.timeout.ms: 20000");
        VariantResult alone = ScenarioRunner.run(SimRuns.load(edited, "small-sweep").withSeed(42), "long",
                SimRuns.MAX_EVENTS).variants().get(0);
        Map<String, Number> metrics = alone.metrics();
        assertEquals(List.copyOf(metrics.keySet()), result.metricNames());
        double[] values = result.runs().get(index).values();
        for (int m = 0; m < values.length; m++) {
            assertEquals(metrics.get(result.metricNames().get(m)).doubleValue(), values[m], result.metricNames().get(m));
        }
    }

    /**
     * The library's random-faults scenario is meant for Monte Carlo: stop-the-world differs between
     * seeds for dynamic members, and the file's rules (bounds for any seed) hold in every run.
     */
    @Test
    void randomFaultsSpreadOverSeedsAndKeepTheirBounds() throws ScenarioException {
        ScenarioTemplate file = ScenarioTemplate.read(SimRuns.scenariosDir().resolve("random-faults.yaml"));
        SweepPlan plan = SweepPlanner.plan(file, List.of(), null, 3);
        SweepResult result = sweep(plan, 2);
        for (SweepResult.VariantStatistics variant : result.cells().get(0).variants()) {
            Summary stopTheWorld = variant.metrics().get("stopTheWorldMs");
            if (variant.variant().startsWith("dynamic")) {
                assertTrue(stopTheWorld.min() < stopTheWorld.max(), variant.variant() + ": " + stopTheWorld);
                assertTrue(stopTheWorld.ci95HalfWidth() > 0, variant.variant() + ": " + stopTheWorld);
            } else {
                assertEquals(0, stopTheWorld.max(), variant.variant());
            }
            assertEquals(3, variant.runsMeetingAll(), variant.variant() + " broke an expect: rule");
        }
    }

    @Test
    void aFailingRunIsNamedByCellVariantAndSeedTheLowestFirst() throws ScenarioException {
        SweepPlan plan = SweepScenarios.plan(List.of("session.timeout.ms=10000,20000"), null, 2);
        AtomicInteger finished = new AtomicInteger();
        SweepRunner.Progress progress = new SweepRunner.Progress() {
            @Override
            public void update(int done, int total) {
                assertEquals(plan.runCount(), total);
            }

            @Override
            public void finish() {
                finished.incrementAndGet();
            }
        };
        SweepRunException e = assertThrows(SweepRunException.class, () -> SweepRunner.run(plan, 2, 1_000, progress));
        assertInstanceOf(SimulationLimitException.class, e.getCause());
        assertTrue(e.getMessage().startsWith("the run of session.timeout.ms=10000, variant short, seed 40 failed"),
                e.getMessage());
        assertEquals(1, finished.get());
    }
}
