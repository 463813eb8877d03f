package org.rebalancesim.invariant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.rebalancesim.scenario.ScenarioException;
import org.rebalancesim.scenario.ScenarioLoader;

/** The shrinker, with predicates that stand in for a failing simulation. */
class ScenarioShrinkerTest {

    private static final int ENOUGH_RUNS = 100_000;

    private static List<GeneratedScenario> cases(int count) {
        return IntStream.range(0, count)
                .mapToObj(index -> ScenarioGenerator.generate(ScenarioGenerator.caseSeed(7, index)))
                .toList();
    }

    private static boolean hasCrash(GeneratedScenario scenario) {
        return scenario.operations().stream().anyMatch(entry -> entry.kind() == TimelineKind.CRASH);
    }

    @Test
    void aFailureThatNeedsACrashShrinksToThatCrashAlone() {
        GeneratedScenario busy = cases(400).stream()
                .filter(scenario -> hasCrash(scenario) && scenario.operations().size() >= 4 && !scenario.faults().isEmpty())
                .findFirst().orElseThrow();

        GeneratedScenario shrunk = ScenarioShrinker.shrink(busy, ScenarioShrinkerTest::hasCrash, ENOUGH_RUNS).scenario();

        assertEquals(1, shrunk.operations().size(), shrunk.yaml());
        TimelineEntry crash = shrunk.operations().get(0);
        assertEquals(TimelineKind.CRASH, crash.kind());
        assertEquals(List.of(), shrunk.faults());
        // Nothing else is needed for the failure, so every number went to its minimum.
        for (Knob knob : Knob.values()) {
            assertEquals(knob.min(), shrunk.knob(knob), knob.name());
        }
        assertEquals(1, crash.atSeconds());
        assertEquals(TimelineKind.CRASH.minAmount(), crash.amount(), "no restart");
        assertEquals(1, crash.target(), "c1, the only pod left");
    }

    @Test
    void everyCandidateIsSmallerAndLoads() throws ScenarioException {
        List<GeneratedScenario> scenarios = cases(30);
        for (GeneratedScenario scenario : scenarios) {
            for (GeneratedScenario candidate : ScenarioShrinker.candidates(scenario)) {
                assertTrue(candidate.complexity() < scenario.complexity(), candidate.yaml());
                assertTrue(candidate.operations().size() <= scenario.operations().size());
                assertTrue(candidate.faults().size() <= scenario.faults().size());
            }
        }
        // Loading costs a few milliseconds a candidate: a few scenarios' worth cover every kind of step.
        for (GeneratedScenario scenario : scenarios.subList(0, 3)) {
            for (GeneratedScenario candidate : ScenarioShrinker.candidates(scenario)) {
                ScenarioLoader.fromText(candidate.yaml(), "candidate");
            }
        }
    }

    @Test
    void shrinkingNeverGrows() {
        // An arbitrary but fixed failure: about two scenarios in three fail.
        Predicate<GeneratedScenario> fails = scenario -> Math.floorMod(scenario.yaml().hashCode(), 3) != 0;
        for (GeneratedScenario scenario : cases(40)) {
            if (!fails.test(scenario)) {
                continue;
            }
            ScenarioShrinker.Shrunk shrunk = ScenarioShrinker.shrink(scenario, fails, ENOUGH_RUNS);
            assertTrue(fails.test(shrunk.scenario()), "the shrunk scenario still fails");
            assertTrue(shrunk.scenario().complexity() <= scenario.complexity());
            assertTrue(shrunk.scenario().operations().size() <= scenario.operations().size());
            assertTrue(shrunk.scenario().faults().size() <= scenario.faults().size());
        }
    }

    @Test
    void theRunsAreBounded() {
        GeneratedScenario scenario = cases(1).get(0);
        AtomicInteger calls = new AtomicInteger();
        ScenarioShrinker.Shrunk shrunk = ScenarioShrinker.shrink(scenario, candidate -> calls.incrementAndGet() > 0, 7);
        assertEquals(7, calls.get());
        assertEquals(7, shrunk.runs());
    }

    @Test
    void aFailureThatAlwaysHoldsEndsAtTheSimplestScenario() {
        GeneratedScenario scenario = cases(1).get(0);
        ScenarioShrinker.Shrunk shrunk = ScenarioShrinker.shrink(scenario, candidate -> true, ENOUGH_RUNS);
        assertEquals(List.of(), shrunk.scenario().operations());
        assertEquals(List.of(), shrunk.scenario().faults());
        assertEquals(0, shrunk.scenario().complexity(), shrunk.scenario().yaml());
        assertEquals(shrunk.steps(), shrunk.runs(), "each run took a step, as each candidate failed");
    }

    @Test
    void aScenarioThatPassesEveryCandidateStaysAsItIs() {
        GeneratedScenario scenario = cases(1).get(0);
        ScenarioShrinker.Shrunk shrunk = ScenarioShrinker.shrink(scenario, candidate -> false, ENOUGH_RUNS);
        assertSame(scenario, shrunk.scenario());
        assertEquals(0, shrunk.steps());
        assertEquals(ScenarioShrinker.candidates(scenario).size(), shrunk.runs());
    }
}
