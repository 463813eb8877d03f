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
            assertEquals(new WorkloadSpec(kind), consumers.workload());
            assertTrue(consumers.restartedByKubelet());
        }
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
        assertEquals(List.of("consumers.workload.replica: unknown key 'replica'; known keys: kind"),
                files.problems(withWorkload("{kind: Deployment, replica: 3}")));
    }
}
