package org.rebalancesim.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.runAll;
import static org.rebalancesim.run.SimRuns.variant;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.VariantResult;
import java.util.stream.IntStream;

/**
 * A Deployment rollout of 12 pods (docs/kubernetes.md §3), against the Deployment controller's rules: the new
 * ReplicaSet's pods are new pods with new names; all pods number at most replicas + maxSurge and at least replicas -
 * maxUnavailable of them are available at every step; Recreate deletes every old pod before it creates a new one.
 * Percentages of 12: maxSurge 25% = ceil(3) = 3, maxUnavailable 25% = floor(3) = 3.
 */
class DeploymentRolloutTest {

    private static final int REPLICAS = 12;
    private static final List<String> INITIAL = numbered(1, REPLICAS);

    private static final RunResult RUN = runAll("""
            duration: 6m
            group: {id: orders}
            topics: [{name: orders, partitions: 24, rate: 100/s}]
            consumers:
              count: 12
              startup: {jvmStart: {uniform: {min: 3s, max: 6s}}}
              workload:
                kind: Deployment
                name: orders
                readinessProbe: {initialDelaySeconds: 5, periodSeconds: 5}
            timeline:
              - {at: 1m, rollout: {workload: orders}}
            variants:
              - name: surge-only
                consumers: {workload: {kind: Deployment, name: orders, readinessProbe: {initialDelaySeconds: 5, periodSeconds: 5},
                            strategy: {rollingUpdate: {maxSurge: 25%, maxUnavailable: 0}}}}
              - name: unavailable-only
                consumers: {workload: {kind: Deployment, name: orders, readinessProbe: {initialDelaySeconds: 5, periodSeconds: 5},
                            strategy: {rollingUpdate: {maxSurge: 0, maxUnavailable: 25%}}}}
              - name: recreate
                consumers: {workload: {kind: Deployment, name: orders, readinessProbe: {initialDelaySeconds: 5, periodSeconds: 5},
                            strategy: {type: Recreate}}}
              - name: static-by-pod-name
                consumers: {config: {group.instance.id: orders-$(POD_NAME)},
                            workload: {kind: Deployment, name: orders, readinessProbe: {initialDelaySeconds: 5, periodSeconds: 5},
                                       strategy: {rollingUpdate: {maxSurge: 25%, maxUnavailable: 0}}}}
              - name: statefulset-static
                consumers: {config: {group.instance.id: orders-$(POD_NAME)},
                            workload: {kind: StatefulSet, name: orders, readinessProbe: {initialDelaySeconds: 5, periodSeconds: 5}}}
            """, "deployment-rollout");

    /** A rollout replaces every pod by a new one, named after the highest pod so far. */
    @Test
    void aRolloutReplacesEveryPodByANewlyNamedOne() {
        WorkloadPodStates states = states("surge-only");
        assertEquals(numbered(REPLICAS + 1, 2 * REPLICAS),
                states.created(), "c13..c24, in creation order");
        assertEquals(REPLICAS, states.deleted().size());
        assertTrue(INITIAL.containsAll(states.deleted()), "only old pods deleted: " + states.deleted());
    }

    /** maxUnavailable 0: never fewer than 12 ready pods; maxSurge 3: never more than 15 pods. */
    @Test
    void withMaxUnavailableZeroTheWorkloadNeverHasFewerReadyPodsThanReplicas() {
        for (WorkloadPodStates.Snapshot step : states("surge-only").afterAllReady(REPLICAS)) {
            assertTrue(step.ready() >= REPLICAS, "ready pods at " + step.atMs() + " ms: " + step.ready());
            assertTrue(step.pods() <= REPLICAS + 3, "pods at " + step.atMs() + " ms: " + step.pods());
        }
    }

    /** maxSurge 0: never more than 12 pods; maxUnavailable 3: never fewer than 9 ready. */
    @Test
    void withMaxSurgeZeroTheWorkloadNeverHasMorePodsThanReplicas() {
        WorkloadPodStates states = states("unavailable-only");
        boolean dipped = false;
        for (WorkloadPodStates.Snapshot step : states.afterAllReady(REPLICAS)) {
            assertTrue(step.pods() <= REPLICAS, "pods at " + step.atMs() + " ms: " + step.pods());
            assertTrue(step.ready() >= REPLICAS - 3, "ready pods at " + step.atMs() + " ms: " + step.ready());
            dipped |= step.ready() == REPLICAS - 3;
        }
        assertTrue(dipped, "the rollout uses its unavailability: 3 old pods go before their replacements are ready");
        assertEquals(REPLICAS, states.created().size());
    }

    /** Recreate: every old pod is deleted at the rollout, and the new ones are created once all have terminated. */
    @Test
    void recreateDeletesEveryOldPodBeforeCreatingNewOnes() {
        WorkloadPodStates states = states("recreate");
        assertEquals(REPLICAS, states.deleted().size());
        assertTrue(states.deletedAtMs().stream().allMatch(at -> at == 60_000L), "all at the rollout");
        long firstCreated = states.createdAtMs().get(0);
        assertTrue(firstCreated > 60_000L, "after the old containers ended, not at the rollout itself");
        assertEquals(0, states.afterAllReady(REPLICAS).stream()
                .filter(step -> step.atMs() > 60_000L && step.atMs() < firstCreated && step.pods() > 0).count());
    }

    /**
     * The static membership trap: a group.instance.id taken from the pod's name changes with a Deployment's new pods,
     * so no new process ever claims an old id; a classic static member that closes sends no LeaveGroup, so the
     * coordinator removes each old member only when its session times out: 12 evictions. A StatefulSet keeps its pod
     * names, each old id comes back within its session, and nobody is evicted.
     */
    @Test
    void staticIdsFromDeploymentPodNamesExpireWhileAStatefulSetKeepsThem() {
        assertEquals(REPLICAS, metric(variant(RUN, "static-by-pod-name"), "evictions"));
        assertEquals(0, metric(variant(RUN, "statefulset-static"), "evictions"));
        assertEquals(0, metric(variant(RUN, "surge-only"), "evictions"), "dynamic members leave on close()");
    }

    /** The rollout finishes within the run, and says so. */
    @Test
    void theStoryTellsTheRolloutsBeginningAndEnd() {
        VariantResult result = variant(RUN, "surge-only");
        List<String> lines = result.series().events().stream().filter(e -> "orders".equals(e.subject()))
                .map(e -> e.what()).toList();
        assertTrue(lines.get(0).startsWith("rollout of revision 2 begins (RollingUpdate: maxSurge 25% = 3,"
                + " maxUnavailable 0 = 0 of 12 replicas)"), lines.toString());
        assertTrue(lines.stream().anyMatch(line -> line.startsWith("rollout of revision 2 complete")), lines.toString());
        assertFalse(lines.isEmpty());
    }

    /** cFrom..cTo. */
    static List<String> numbered(int from, int to) {
        return IntStream.rangeClosed(from, to).mapToObj(i -> "c" + i).toList();
    }

    private static WorkloadPodStates states(String variant) {
        return new WorkloadPodStates(variant(RUN, variant), INITIAL);
    }
}
