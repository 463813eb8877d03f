package org.rebalancesim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code consumers.workload}: what it reads and what it refuses (docs/scenario-format.md). */
class WorkloadSpecTest {

    @TempDir
    Path directory;
    private ScenarioFiles files;

    @BeforeEach
    void setUp() {
        files = new ScenarioFiles(directory);
    }

    private static String withWorkload(String workload) {
        return ScenarioFiles.MINIMAL.replace("consumers: {count: 3}", "consumers: {count: 3, workload: " + workload + "}");
    }

    @Test
    void readsTheKindsOfAManifest() throws ScenarioException {
        for (WorkloadSpec.Kind kind : WorkloadSpec.Kind.values()) {
            ConsumersSpec consumers = files.onlyVariant(withWorkload("{kind: " + kind.manifestName() + "}")).consumers();
            assertEquals(new WorkloadSpec(kind, 30_000, 0), consumers.workload(), "the pod spec's defaults");
            assertTrue(consumers.restartedByKubelet());
        }
    }

    @Test
    void readsTheGracePeriodAndAPreStopSleep() throws ScenarioException {
        ConsumersSpec consumers = files.onlyVariant(withWorkload(
                "{kind: StatefulSet, terminationGracePeriodSeconds: 120, preStop: {sleep: {seconds: 15}}}")).consumers();
        assertEquals(new WorkloadSpec(WorkloadSpec.Kind.STATEFUL_SET, 120_000, 15_000), consumers.workload());
    }

    @Test
    void withoutAWorkloadThePodsAreBareProcesses() throws ScenarioException {
        ConsumersSpec consumers = files.onlyVariant(ScenarioFiles.MINIMAL).consumers();
        assertEquals(null, consumers.workload());
        assertFalse(consumers.restartedByKubelet());
    }

    @Test
    void refusesAKindSpelledOtherwiseThanKubernetesAMissingKindAndUnknownKeys() {
        assertEquals(List.of("consumers.workload.kind: expected Deployment or StatefulSet (a Kubernetes kind, spelled"
                + " as in a manifest), got 'deployment'"), files.problems(withWorkload("{kind: deployment}")));
        assertEquals(List.of("consumers.workload.kind: required but missing; the workload's kind, Deployment or"
                + " StatefulSet"), files.problems(withWorkload("{}")));
        assertEquals(List.of("consumers.workload.replica: unknown key 'replica'; known keys: kind, "
                + "terminationGracePeriodSeconds, preStop"), files.problems(withWorkload("{kind: Deployment, replica: 3}")));
        assertEquals(List.of("consumers.workload.terminationGracePeriodSeconds: expected a whole number, got '30s'"),
                files.problems(withWorkload("{kind: Deployment, terminationGracePeriodSeconds: 30s}")));
        assertEquals(List.of("consumers.workload.preStop.sleep.seconds: must be between 0 and 2147483647, got -1"),
                files.problems(withWorkload("{kind: Deployment, preStop: {sleep: {seconds: -1}}}")));
        assertEquals(List.of("consumers.workload.preStop.sleep.seconds: must be at most terminationGracePeriodSeconds"
                + " (30), as Kubernetes validates a preStop sleep; got 31"),
                files.problems(withWorkload("{kind: Deployment, preStop: {sleep: {seconds: 31}}}")));
    }
}
