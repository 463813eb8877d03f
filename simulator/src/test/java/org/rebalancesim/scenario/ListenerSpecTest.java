package org.rebalancesim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** consumers.listener: the shared callback times, per-pod overrides merged over them, and refusals. */
class ListenerSpecTest {

    private static String scenario(String consumersExtra) {
        return """
                duration: 1m
                group: {id: g}
                topics: [{name: t, partitions: 2, rate: 1/s}]
                consumers:
                  count: 3
                %s""".formatted(consumersExtra.indent(2));
    }

    private static PerPod<ListenerSpec.Callbacks> listener(String consumersExtra) throws ScenarioException {
        return ScenarioLoader.fromText(scenario(consumersExtra), "s.yaml").variants().get(0).consumers().listener();
    }

    private static List<String> problems(String consumersExtra) {
        ScenarioException error = assertThrows(ScenarioException.class,
                () -> ScenarioLoader.fromText(scenario(consumersExtra), "s.yaml"));
        return error.problems().stream().map(Problem::toString).toList();
    }

    @Test
    void withoutTheSectionNoCallbackTakesTime() throws ScenarioException {
        PerPod<ListenerSpec.Callbacks> spec = listener("processing: 1ms");
        assertTrue(spec.of("c1").takesNoTime());
    }

    @Test
    void anOverrideIsMergedOverTheSharedCallbacks() throws ScenarioException {
        PerPod<ListenerSpec.Callbacks> spec = listener("""
                listener:
                  onPartitionsRevoked: 2s
                  onPartitionsAssigned: {uniform: {min: 1s, max: 3s}}
                  overrides:
                    c2: {onPartitionsAssigned: 20s}
                    c3: {onPartitionsRevoked: ~}
                """);
        assertEquals(new Distributions.Constant(2000), spec.of("c1").onPartitionsRevoked().base());
        assertEquals(new Distributions.Constant(2000), spec.of("c2").onPartitionsRevoked().base());
        assertEquals(new Distributions.Constant(20000), spec.of("c2").onPartitionsAssigned().base());
        assertEquals(new Distributions.Constant(0), spec.of("c3").onPartitionsRevoked().base());
        assertEquals(spec.of("c1").onPartitionsAssigned(), spec.of("c3").onPartitionsAssigned());
    }

    @Test
    void aMistypedCallbackIsNamedWithItsPathAndTheFix() {
        List<String> problems = problems("listener: {onPartitionRevoked: 2s}");
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("consumers.listener.onPartitionRevoked")
                && problems.get(0).contains("did you mean 'onPartitionsRevoked'"), problems.get(0));
    }

    @Test
    void anOverrideOfAnUnknownPodIsRefused() {
        List<String> problems = problems("listener: {overrides: {c9: {onPartitionsLost: 1s}}}");
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("consumers.listener.overrides.c9") && problems.get(0).contains("unknown consumer"),
                problems.get(0));
    }

    @Test
    void aCallbackMayTakeATimePerPartition() throws ScenarioException {
        PerPod<ListenerSpec.Callbacks> spec = listener("listener: {onPartitionsAssigned: {base: 1s, perPartition: 200ms}}");
        assertEquals(new ListenerSpec.CallbackTime(new Distributions.Constant(1000), new Distributions.Constant(200)),
                spec.of("c1").onPartitionsAssigned());
        assertEquals(ListenerSpec.CallbackTime.NONE, spec.of("c1").onPartitionsRevoked());
    }

    @Test
    void aMistypedPerPartitionKeyIsNamedWithItsPath() {
        List<String> problems = problems("listener: {onPartitionsAssigned: {base: 1s, perPartitions: 200ms}}");
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("consumers.listener.onPartitionsAssigned.perPartitions")
                && problems.get(0).contains("did you mean 'perPartition'"), problems.get(0));
    }

    @Test
    void aNegativeTimeIsRefused() {
        List<String> problems = problems("listener: {onPartitionsAssigned: -1s}");
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("consumers.listener.onPartitionsAssigned"), problems.get(0));
    }
}
