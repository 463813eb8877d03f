package org.rebalancesim.invariant;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.AfterFailureMode;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.AfterContainer;
import org.rebalancesim.assignor.Assignors;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.report.JsonReport;
import org.rebalancesim.run.ScenarioRunner;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.scenario.ScenarioException;
import org.rebalancesim.scenario.ScenarioLoader;

/**
 * Randomized runs: every generated scenario (see {@link ScenarioArbitraries}) must load, finish within
 * its event bound, keep every invariant with all checks on, and (one try in four, chosen by its seed)
 * give byte-identical result.json when run again. The number of tries is jqwik's default from
 * junit-platform.properties (a short run in the default build); {@code mvn -B -Pfuzz verify} runs the long
 * one. A failure shrinks to a minimal scenario, which {@link SaveShrunkScenario} writes under
 * src/test/resources/regressions/, where {@link RegressionScenariosTest} runs it from then on.
 */
class GeneratedScenariosTest {

    /** A 4-minute scenario of 6 pods needs well under a million events; a loop is stopped here. */
    static final long MAX_EVENTS = 5_000_000;

    private static final AtomicLong TRIES = new AtomicLong();
    private static final AtomicLong EVENTS = new AtomicLong();
    private static final AtomicLong STARTED_MS = new AtomicLong(System.currentTimeMillis());

    @Provide
    Arbitrary<GeneratedScenario> scenarios() {
        return ScenarioArbitraries.scenarios();
    }

    @Property(afterFailure = AfterFailureMode.SAMPLE_FIRST)
    @AddLifecycleHook(SaveShrunkScenario.class)
    void everyGeneratedScenarioKeepsItsInvariantsAndItsBytes(@ForAll("scenarios") GeneratedScenario generated)
            throws ScenarioException {
        Scenario scenario = ScenarioLoader.fromText(generated.yaml(), SaveShrunkScenario.displayName(generated));
        RunResult result = ScenarioRunner.run(scenario, null, MAX_EVENTS, Assignors.builtIn(), Checks.ALL);
        TRIES.incrementAndGet();
        for (VariantResult variant : result.variants()) {
            EVENTS.addAndGet(variant.eventsSimulated());
        }
        if (generated.seed() % 4 == 0) {
            RunResult again = ScenarioRunner.run(scenario, null, MAX_EVENTS, Assignors.builtIn(), Checks.ALL);
            assertEquals(JsonReport.render(result), JsonReport.render(again), "same file and seed, other bytes");
        }
    }

    /** The figures of the run, for the record (the long run's are in the README). */
    @AfterContainer
    static void printTally() {
        long seconds = (System.currentTimeMillis() - STARTED_MS.get()) / 1000;
        System.out.printf("generated scenarios: %d run clean, %d events simulated, %d s%n", TRIES.get(), EVENTS.get(),
                seconds);
    }
}
