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
            assertEquals(WorkloadSpec.of(kind, 30_000, 0), consumers.workload(), "the pod spec's defaults");
            assertTrue(consumers.restartedByKubelet());
        }
    }

    @Test
    void readsTheGracePeriodAndAPreStopSleep() throws ScenarioException {
        ConsumersSpec consumers = files.onlyVariant(withWorkload(
                "{kind: StatefulSet, terminationGracePeriodSeconds: 120, preStop: {sleep: {seconds: 15}}}")).consumers();
        assertEquals(WorkloadSpec.of(WorkloadSpec.Kind.STATEFUL_SET, 120_000, 15_000), consumers.workload());
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
        assertEquals(List.of("consumers.workload.replica: unknown key 'replica'; known keys: kind, name, "
                + "terminationGracePeriodSeconds, preStop, minReadySeconds, readinessProbe, strategy, updateStrategy,"
                + " podDisruptionBudget"),
                files.problems(withWorkload("{kind: Deployment, replica: 3}")));
        assertEquals(List.of("consumers.workload.terminationGracePeriodSeconds: expected a whole number, got '30s'"),
                files.problems(withWorkload("{kind: Deployment, terminationGracePeriodSeconds: 30s}")));
        assertEquals(List.of("consumers.workload.preStop.sleep.seconds: must be between 0 and 2147483647, got -1"),
                files.problems(withWorkload("{kind: Deployment, preStop: {sleep: {seconds: -1}}}")));
        assertEquals(List.of("consumers.workload.preStop.sleep.seconds: must be at most terminationGracePeriodSeconds"
                + " (30), as Kubernetes validates a preStop sleep; got 31"),
                files.problems(withWorkload("{kind: Deployment, preStop: {sleep: {seconds: 31}}}")));
    }

    @Test
    void readsTheRolloutFieldsWithKubernetesDefaults() throws ScenarioException {
        WorkloadSpec deployment = files.load(withWorkload("{kind: Deployment, name: orders, minReadySeconds: 10,"
                + " readinessProbe: {initialDelaySeconds: 5}, strategy: {rollingUpdate: {maxSurge: 1}}}"))
                .variants().get(0).consumers().workload();
        assertEquals("orders", deployment.name());
        assertEquals(10_000, deployment.minReadyMs());
        assertEquals(new WorkloadSpec.ReadinessProbe(5_000, 10_000, 1, 3), deployment.readinessProbe(),
                "core/v1 Probe's defaults: period 10 s, successThreshold 1, failureThreshold 3");
        assertEquals(new WorkloadSpec.DeploymentStrategy(false, IntOrPercent.pods(1), IntOrPercent.percentOf(25)),
                deployment.strategy(), "maxUnavailable keeps its 25% default");
        assertEquals(null, deployment.updateStrategy());
        WorkloadSpec statefulSet = files.load(withWorkload("{kind: StatefulSet}")).variants().get(0).consumers()
                .workload();
        assertEquals(WorkloadSpec.StatefulSetUpdate.DEFAULT, statefulSet.updateStrategy());
        assertEquals(WorkloadSpec.DEFAULT_NAME, statefulSet.name());
        assertEquals(null, statefulSet.readinessProbe(), "without a probe a running container is ready");
    }

    @Test
    void refusesWhatKubernetesValidationRefuses() {
        assertEquals(List.of("consumers.workload.strategy.rollingUpdate.maxUnavailable: may not be 0 when maxSurge is 0,"
                + " as Kubernetes validates: the rollout could never replace a pod; allow one of them, e.g. maxSurge: 1"),
                files.problems(withWorkload("{kind: Deployment, strategy: {rollingUpdate: {maxSurge: 0%, maxUnavailable: 0}}}")));
        assertEquals(List.of("consumers.workload.strategy.rollingUpdate.maxUnavailable: must be at most 100%, as"
                + " Kubernetes validates, got 150%"),
                files.problems(withWorkload("{kind: Deployment, strategy: {rollingUpdate: {maxUnavailable: 150%}}}")));
        assertEquals(List.of("consumers.workload.strategy.rollingUpdate: may not be given with type: Recreate"
                + " (Kubernetes refuses it); remove it or use type: RollingUpdate"),
                files.problems(withWorkload("{kind: Deployment, strategy: {type: Recreate, rollingUpdate: {maxSurge: 1}}}")));
        assertEquals(List.of("consumers.workload.strategy: is not a field of a StatefulSet; its rollout strategy is"
                + " updateStrategy:"), files.problems(withWorkload("{kind: StatefulSet, strategy: {type: Recreate}}")));
        assertEquals(List.of("consumers.workload.strategy.rollingUpdate.maxSurge: expected a whole number of pods or a"
                + " percentage of the replicas such as 25%, got 'a quarter'"),
                files.problems(withWorkload("{kind: Deployment, strategy: {rollingUpdate: {maxSurge: a quarter}}}")));
        assertEquals(List.of("consumers.workload.name: expected a DNS label (lower-case letters, digits and '-',"
                + " starting and ending with a letter or digit, at most 63), as Kubernetes requires of a StatefulSet's name"
                + " and the model of a Deployment's too, got 'Orders'"),
                files.problems(withWorkload("{kind: Deployment, name: Orders}")));
        assertEquals(List.of("consumers.workload.podDisruptionBudget: needs exactly one of minAvailable or"
                + " maxUnavailable (a number of pods or a percentage such as 50%): Kubernetes refuses both, and with"
                + " neither it allows no eviction at all"), files.problems(withWorkload("{kind: Deployment, podDisruptionBudget:"
                + " {minAvailable: 2, maxUnavailable: 1}}")));
        assertEquals(List.of("consumers.workload.readinessProbe.periodSeconds: must be between 1 and 2592000, got 0"),
                files.problems(withWorkload("{kind: Deployment, readinessProbe: {periodSeconds: 0}}")));
    }

    @Test
    void aRolloutNeedsTheScenariosWorkload() {
        String rollout = ScenarioFiles.MINIMAL + "timeline: [{at: 1m, rollout: {workload: orders}}]\n";
        assertEquals(List.of("timeline[0].rollout: acts on a Kubernetes workload's pods, and the pods have none: add"
                + " consumers.workload (kind: Deployment or StatefulSet), or use rollingRestart for bare processes"),
                files.problems(rollout));
        assertEquals(List.of("timeline[0].rollout.workload: names no workload of the scenario:"
                + " consumers.workload.name is 'payments', got 'orders'"),
                files.problems(rollout.replace("consumers: {count: 3}",
                        "consumers: {count: 3, workload: {kind: Deployment, name: payments}}")));
    }
}
