package org.rebalancesim.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.runAll;
import static org.rebalancesim.run.SimRuns.variant;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * A node drain and a spot interruption (docs/kubernetes.md §5), against Kubernetes' rules: kubectl drain evicts every
 * pod of the node at once; the PodDisruptionBudget lets an eviction through only while more pods are healthy than it
 * wants, and a refused one is asked again every 5 s; a spot node is drained at its notice and whatever still runs
 * on it dies when the notice ends. Six pods of a Deployment, 3 of them on the node; ready 10 s after a start.
 */
class NodeDrainTest {

    private static final long DRAIN_MS = 60_000;

    private static final RunResult RUN = runAll("""
            duration: 4m
            group: {id: orders}
            topics: [{name: orders, partitions: 12, rate: 60/s}]
            consumers:
              count: 6
              startup: {jvmStart: 2s}
              workload: {kind: Deployment, readinessProbe: {initialDelaySeconds: 10, periodSeconds: 10}}
            timeline:
              - {at: 1m, drain: {consumer: [c1, c2, c3]}}
            variants:
              - name: no-budget
              - name: max-unavailable-1
                consumers: {workload: {kind: Deployment, readinessProbe: {initialDelaySeconds: 10, periodSeconds: 10},
                                       podDisruptionBudget: {maxUnavailable: 1}}}
              - name: spot-8s
                consumers: {workload: {kind: Deployment, readinessProbe: {initialDelaySeconds: 10, periodSeconds: 10},
                                       podDisruptionBudget: {maxUnavailable: 1}}}
                timeline:
                  - {at: 1m, spotInterruption: {consumer: [c1, c2, c3], notice: 8s}}
            """, "node-drain");

    @Test
    void withoutABudgetEveryPodOfTheNodeIsEvictedAtOnce() {
        assertEquals(List.of(DRAIN_MS, DRAIN_MS, DRAIN_MS), evictedAt(variant(RUN, "no-budget")));
    }

    /**
     * maxUnavailable 1 of 6: one pod at a time. The next eviction is granted at the first 5 s retry after the
     * replacement of the one before is ready, so the workload never has fewer than 5 ready pods.
     */
    @Test
    void aBudgetLetsOnePodGoAtATimeAndDrainRetriesEveryFiveSeconds() {
        VariantResult result = variant(RUN, "max-unavailable-1");
        List<Long> evicted = evictedAt(result);
        assertEquals(3, evicted.size());
        assertEquals(DRAIN_MS, evicted.get(0));
        for (int i = 1; i < evicted.size(); i++) {
            long gap = evicted.get(i) - DRAIN_MS;
            assertEquals(0, gap % NodeDrain.RETRY_MS, "granted at a retry: " + evicted);
            assertTrue(evicted.get(i) > evicted.get(i - 1), "one at a time: " + evicted);
        }
        for (WorkloadPodStates.Snapshot step : new WorkloadPodStates(result, DeploymentRolloutTest.numbered(1, 6))
                .settledAfterAllReady(6)) {
            assertTrue(step.ready() >= 5, "ready pods at " + step.atMs() + " ms: " + step.ready());
        }
        assertTrue(refusals(result) > 0, "the budget refused while a replacement started");
    }

    /**
     * 8 s: c1 is evicted at the notice; its replacement is ready only at 70 s (probes every 10 s from its creation at
     * 60 s, the first after its 10 s initial delay), so the retries at 65 s are refused and c2 and c3 die with the
     * node at 68 s.
     */
    @Test
    void aSpotNodeTakesWhatItStillRunsWhenTheNoticeEnds() {
        VariantResult result = variant(RUN, "spot-8s");
        List<String> lost = result.series().events().stream()
                .filter(e -> e.kind() == StoryKind.WORKLOAD && "lost with its node".equals(e.what()))
                .map(Series.StoryEvent::pod).toList();
        assertEquals(List.of(DRAIN_MS), evictedAt(result));
        assertEquals(List.of("c2", "c3"), lost.stream().sorted().toList());
        assertTrue(result.series().events().stream().filter(e -> "lost with its node".equals(e.what()))
                .allMatch(e -> e.atMs() == DRAIN_MS + 8_000));
    }

    private static List<Long> evictedAt(VariantResult result) {
        return result.series().events().stream()
                .filter(e -> e.kind() == StoryKind.WORKLOAD && e.what().contains("(evicted: node drain)"))
                .map(Series.StoryEvent::atMs).toList();
    }

    private static long refusals(VariantResult result) {
        return result.series().events().stream().filter(e -> e.what().startsWith("eviction refused")).count();
    }
}
