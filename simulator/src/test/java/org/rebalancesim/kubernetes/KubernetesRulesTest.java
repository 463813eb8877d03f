package org.rebalancesim.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.scenario.IntOrPercent;
import org.rebalancesim.scenario.WorkloadSpec;

/** Kubernetes' own rules, independent of Kafka (docs/kubernetes.md §3). */
class KubernetesRulesTest {

    /** intstr.GetScaledValueFromIntOrPercent: ceil for maxSurge, floor for maxUnavailable; numbers as they are. */
    @Test
    void percentagesOfTheReplicasRoundAsTheDeploymentControllerRoundsThem() {
        assertEquals(3, IntOrPercent.percentOf(25).scaled(10, true), "25% of 10 = 2.5, surge rounds up");
        assertEquals(2, IntOrPercent.percentOf(25).scaled(10, false), "unavailability rounds down");
        assertEquals(1, IntOrPercent.percentOf(25).scaled(1, true));
        assertEquals(0, IntOrPercent.percentOf(25).scaled(1, false), "one replica: no pod may be unavailable");
        assertEquals(3, IntOrPercent.percentOf(30).scaled(10, true), "the Deployment docs' 30% of 10");
        assertEquals(4, IntOrPercent.pods(4).scaled(10, false));
    }

    /** prober/worker.go: probes at the pod's start and every period; none counts within initialDelaySeconds. */
    @Test
    void aReadinessProbeSucceedsAtItsFirstTickAfterTheApplicationIsUp() {
        WorkloadSpec.ReadinessProbe probe = new WorkloadSpec.ReadinessProbe(5_000, 10_000, 1, 3);
        assertEquals(10_000, ReadinessProbes.readyAtMs(probe, 0, 0, 4_000), "up at 4 s, ticks at 0, 10 s");
        assertEquals(10_000, ReadinessProbes.readyAtMs(probe, 0, 0, 10_000), "a tick at the moment it is up");
        assertEquals(20_000, ReadinessProbes.readyAtMs(probe, 0, 8_000, 9_000),
                "a container restarted at 8 s: the 10 s tick is within its initial delay");
        assertEquals(30_000, ReadinessProbes.readyAtMs(new WorkloadSpec.ReadinessProbe(0, 10_000, 3, 3), 0, 0, 1_000),
                "three successes in a row: 10, 20 and 30 s");
        assertEquals(12_500, ReadinessProbes.readyAtMs(probe, 2_500, 2_500, 6_000),
                "ticks from the pod's creation at 2.5 s: the one at 2.5 s is before, 12.5 s after the delay's end, 7.5 s");
    }

    /** ActivePodsWithRanks: not ready first, then shorter ready (log scale), more restarts, newer, then the UID. */
    @Test
    void aReplicaSetDeletesItsLeastUsefulPodsFirst() {
        long now = 1_000_000;
        WorkloadPod notReady = pod("not-ready", 5, 0, -1, 0);
        WorkloadPod readyLately = pod("ready-lately", 4, 0, now - 1_000, 0);
        WorkloadPod restarted = pod("restarted", 3, 0, now - 500_000, 2);
        WorkloadPod newer = pod("newer", 2, 600_000, now - 300_000, 0);
        WorkloadPod older = pod("older", 1, 0, now - 300_000, 0);
        WorkloadPod olderTwin = pod("older-twin", 0, 10, now - 300_010, 0);
        List<WorkloadPod> ranked = PodsToDelete.first(List.of(older, olderTwin, newer, restarted, readyLately, notReady),
                6, now);
        assertEquals(List.of("not-ready", "ready-lately", "restarted", "newer", "older-twin", "older"),
                ranked.stream().map(pod -> pod.name).toList(),
                "older and older-twin were created and made ready within the same power of two: the UID decides");
    }

    /** disruption.go: desiredHealthy rounds a percentage up; eviction.go: disruptionsAllowed > 0, or IfHealthyBudget. */
    @Test
    void aDisruptionBudgetAllowsEvictionsWhileMoreAreHealthyThanItWants() {
        WorkloadSpec.DisruptionBudget half = new WorkloadSpec.DisruptionBudget(IntOrPercent.percentOf(50), null);
        assertEquals(true, DisruptionBudgets.allows(half, 5, 4, true), "50% of 5 wants ceil(2.5) = 3 healthy; 4 are");
        assertEquals(false, DisruptionBudgets.allows(half, 5, 3, true), "3 healthy: no disruption allowed");
        assertEquals(true, DisruptionBudgets.allows(half, 5, 3, false), "an unready pod goes while the budget holds");
        assertEquals(false, DisruptionBudgets.allows(half, 5, 2, false), "not when the budget is already broken");
        WorkloadSpec.DisruptionBudget one = new WorkloadSpec.DisruptionBudget(null, IntOrPercent.pods(1));
        assertEquals(true, DisruptionBudgets.allows(one, 6, 6, true));
        assertEquals(false, DisruptionBudgets.allows(one, 6, 5, true), "one already down");
        assertEquals(true, DisruptionBudgets.allows(null, 6, 0, true), "no budget, no limit");
    }

    private static WorkloadPod pod(String name, long uid, long createdMs, long readySinceMs, int restarts) {
        WorkloadPod pod = new WorkloadPod(name, uid, 1, createdMs);
        pod.readySinceMs = readySinceMs;
        pod.restarts = restarts;
        pod.running = true;
        return pod;
    }
}
