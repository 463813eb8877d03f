package org.rebalancesim.invariant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.rebalancesim.scenario.ScenarioException;
import org.rebalancesim.scenario.ScenarioLoader;

/** The generator: a function of its seed, valid scenarios only, and every protocol and fault kind in a short run. */
class ScenarioGeneratorTest {

    private static final int CASES = 400;

    private static List<GeneratedScenario> firstCases(long rootSeed) {
        return IntStream.range(0, CASES)
                .mapToObj(index -> ScenarioGenerator.generate(ScenarioGenerator.caseSeed(rootSeed, index)))
                .toList();
    }

    /**
     * A case's scenario depends on its seed alone: generated after every other case (in reverse order) it
     * is the same text, so nothing carries over from one generation to the next.
     */
    @Test
    void theSameSeedGivesTheSameScenarioTextInAnyOrder() {
        int cases = 50;
        String[] forward = new String[cases];
        for (int index = 0; index < cases; index++) {
            forward[index] = ScenarioGenerator.generate(ScenarioGenerator.caseSeed(FuzzRun.DEFAULT_ROOT_SEED, index)).yaml();
        }
        for (int index = cases - 1; index >= 0; index--) {
            String again = ScenarioGenerator.generate(ScenarioGenerator.caseSeed(FuzzRun.DEFAULT_ROOT_SEED, index)).yaml();
            assertEquals(forward[index], again, "case " + index);
        }
    }

    @Test
    void casesAndRootSeedsGiveOtherScenarios() {
        Set<String> texts = new HashSet<>();
        firstCases(1).forEach(scenario -> texts.add(scenario.yaml()));
        assertEquals(CASES, texts.size(), "distinct scenarios among the first cases of a root seed");
        assertNotEquals(ScenarioGenerator.caseSeed(1, 0), ScenarioGenerator.caseSeed(2, 0));
    }

    @Test
    void everyGeneratedScenarioLoads() {
        for (GeneratedScenario scenario : firstCases(FuzzRun.DEFAULT_ROOT_SEED)) {
            try {
                ScenarioLoader.fromText(scenario.yaml(), "generated");
            } catch (ScenarioException e) {
                throw new AssertionError(e.getMessage() + "\n" + scenario.yaml(), e);
            }
        }
    }

    @Test
    void aShortRunCoversEveryProtocolMembershipAndFaultKind() {
        Set<String> protocols = new HashSet<>();
        Set<Boolean> membership = new HashSet<>();
        Set<TimelineKind> operations = EnumSet.noneOf(TimelineKind.class);
        Set<RecurringFault.Kind> faults = EnumSet.noneOf(RecurringFault.Kind.class);
        Set<GeneratedScenario.Processing.Shape> processing = EnumSet.noneOf(GeneratedScenario.Processing.Shape.class);
        for (GeneratedScenario scenario : firstCases(FuzzRun.DEFAULT_ROOT_SEED)) {
            protocols.add(scenario.protocol());
            membership.add(scenario.isStatic());
            scenario.operations().forEach(entry -> operations.add(entry.kind()));
            scenario.faults().forEach(fault -> faults.add(fault.kind()));
            processing.add(scenario.processing().shape());
        }
        assertEquals(Set.copyOf(ScenarioGenerator.PROTOCOLS), protocols);
        assertEquals(Set.of(true, false), membership);
        assertEquals(EnumSet.allOf(TimelineKind.class), operations);
        assertEquals(EnumSet.allOf(RecurringFault.Kind.class), faults);
        assertEquals(EnumSet.allOf(GeneratedScenario.Processing.Shape.class), processing);
    }

    @Test
    void entriesStayInsideTheRunAndATopicGrowsOnce() {
        for (GeneratedScenario scenario : firstCases(FuzzRun.DEFAULT_ROOT_SEED)) {
            int duration = scenario.knob(Knob.DURATION_S);
            scenario.operations().forEach(entry -> assertTrue(entry.atSeconds() > 0 && entry.atSeconds() < duration,
                    entry + " inside " + duration + " s"));
            long grows = scenario.operations().stream().filter(entry -> entry.kind() == TimelineKind.ADD_PARTITIONS).count();
            assertTrue(grows <= 1, scenario.yaml());
            assertTrue(scenario.operations().size() <= ScenarioGenerator.MAX_OPERATIONS);
            assertTrue(scenario.faults().size() <= ScenarioGenerator.MAX_FAULTS);
        }
    }
}
