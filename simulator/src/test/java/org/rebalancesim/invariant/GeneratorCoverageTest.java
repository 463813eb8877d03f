package org.rebalancesim.invariant;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.rebalancesim.scenario.FaultKind;
import org.rebalancesim.scenario.Operations;

/**
 * The generated scenarios reach every operation and every recurring fault kind the scenario format has:
 * a kind added to the registries without a generator entry fails here, by name, instead of going
 * unfuzzed.
 */
class GeneratorCoverageTest {

    /**
     * Left out on purpose: a subscription change needs a second topic in every generated scenario, and
     * is covered by its own tests (TimelineTest, MetadataChangeTest).
     */
    private static final Set<String> NOT_GENERATED = Set.of("subscribe");

    @Test
    void everyTimelineOperationIsGenerated() {
        Set<String> expected = new TreeSet<>(Operations.names());
        expected.removeAll(NOT_GENERATED);
        Set<String> generated = new TreeSet<>();
        Arrays.stream(TimelineKind.values()).map(TimelineKind::operationName).forEach(generated::add);
        assertEquals(expected, generated);
    }

    @Test
    void everyRecurringFaultKindIsGenerated() {
        Set<String> expected = new TreeSet<>();
        Arrays.stream(FaultKind.values()).map(FaultKind::yamlName).forEach(expected::add);
        Set<String> generated = new TreeSet<>();
        Arrays.stream(RecurringFault.Kind.values()).map(RecurringFault.Kind::yamlName).forEach(generated::add);
        assertEquals(expected, generated);
    }
}
