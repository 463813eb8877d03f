package org.rebalancesim.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.load;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;
import static org.rebalancesim.run.SimRuns.runScenario;
import static org.rebalancesim.run.SimRuns.story;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * The autoscalers in the loop of a run (docs/kubernetes.md §6), against KEDA's and Kubernetes' rules rather than
 * against figures the run printed: the HPA syncs every 15 s and, with no behavior given, at most doubles the
 * replicas (to at least 4) per sync and scales down to the highest recommendation of the last 5 minutes; KEDA's
 * kafka scaler caps the lag at one lagThreshold per partition, so it never asks for more pods than partitions;
 * KEDA scales to zero once the trigger has been inactive for cooldownPeriod, and from zero at the first poll that
 * sees lag; the HPA does nothing while the workload has no replicas. A pod processes 200 records/s (5 ms each).
 */
class WorkloadAutoscalerTest {

    private static final long HPA_SYNC_MS = 15_000;
    private static final long DOWNSCALE_STABILIZATION_MS = 300_000;

    /** 200/s, then 2,000/s from 1m to 4m: ten pods' worth, on 12 partitions. */
    private static final String KEDA_BURST = """
            duration: 12m
            group: {id: orders}
            topics:
              - name: orders
                partitions: 12
                rate: {steps: [{at: 0s, rate: 200/s}, {at: 1m, rate: 2000/s}, {at: 4m, rate: 200/s}]}
            consumers:
              count: 2
              processing: 5ms
              startup: {jvmStart: 3s}
              workload: {kind: Deployment, name: orders, readinessProbe: {initialDelaySeconds: 5, periodSeconds: 5}}
              autoscaler:
                scaledObject:
                  minReplicaCount: 2
                  maxReplicaCount: 30
                  triggers: [{type: kafka, metadata: {topic: orders, lagThreshold: '1000'}}]
            """;

    /** 100/s, nothing from 1m to 5m, 100/s again. */
    private static final String KEDA_TO_ZERO = """
            duration: 7m
            group: {id: orders}
            topics:
              - name: orders
                partitions: 6
                rate: {steps: [{at: 0s, rate: 100/s}, {at: 1m, rate: 0/s}, {at: 5m, rate: 100/s}]}
            consumers:
              count: 1
              processing: 2ms
              startup: {jvmStart: 3s}
              workload: {kind: Deployment, name: orders}
              autoscaler:
                scaledObject:
                  pollingInterval: 10
                  cooldownPeriod: 60
                  minReplicaCount: 0
                  maxReplicaCount: 6
                  triggers: [{type: kafka, metadata: {topic: orders, lagThreshold: '1000'}}]
            """;

    /** 300/s at 5 ms a record: 1.5 cores of processing, against a 50% target of 1 core per pod. */
    private static final String CPU = """
            duration: 15m
            group: {id: orders}
            topics: [{name: orders, partitions: 12, rate: 300/s}]
            consumers:
              count: 2
              processing: 5ms
              startup: {jvmStart: 3s}
              workload: {kind: Deployment, name: orders, readinessProbe: {initialDelaySeconds: 5, periodSeconds: 5}}
              autoscaler:
                horizontalPodAutoscaler:
                  minReplicas: 1
                  maxReplicas: 10
                  metrics: [{type: Resource, resource: {name: cpu, target: {type: Utilization, averageUtilization: 50}}}]
            """;

    @Test
    void kedaScalesOutAtTheFirstHpaSyncAfterTheLagRisesAtMostDoublingEachSync() {
        List<Series.ReplicaSample> changes = changes(run(KEDA_BURST, "keda-burst"));
        Series.ReplicaSample first = changes.get(0);
        assertTrue(first.atMs() > 60_000 && first.atMs() < 60_000 + HPA_SYNC_MS + 2_000,
                "the lag passes 1.1 x 2 x 1,000 within 2 s of the burst; the next sync acts: " + changes);
        int before = 2;
        long lastOut = 0;
        for (Series.ReplicaSample change : changes) {
            if (change.replicas() > before) {
                assertTrue(change.replicas() <= Math.max(2 * before, 4), "scaleUpLimitFactor 2, minimum 4: " + changes);
                assertTrue(change.atMs() - lastOut >= HPA_SYNC_MS, "one change per sync: " + changes);
                lastOut = change.atMs();
            }
            before = change.replicas();
        }
    }

    @Test
    void kedaNeverAsksForMorePodsThanPartitionsWithoutAllowIdleConsumers() {
        VariantResult result = run(KEDA_BURST, "keda-burst");
        assertEquals(12, metric(result, "maxReplicas"), "the burst needs more than 12, maxReplicaCount is 30");
    }

    /** The story says what the lag asked for and what held the count below it: here the limit of 4 from 2. */
    @Test
    void theStorySaysWhatTheMetricAskedForAndWhatHeldTheCount() {
        List<String> lines = story(run(KEDA_BURST, "keda-burst"), "orders", "scaled from").stream()
                .map(Series.StoryEvent::what).toList();
        assertTrue(lines.get(0).matches("scaled from 2 to 4 replicas by the HPA: its lag asked for (\\d+), its scale-up "
                + "limits allowed 4"), lines.toString());
        assertEquals("scaled from 8 to 12 replicas by the HPA: its lag asked for 12", lines.get(2));
    }

    /** The burst ends at 4m; the last recommendation of 12 comes at a sync after that, so no scale-in before 9m. */
    @Test
    void kedasHpaScalesInOnlyFiveMinutesAfterItsLastHigherRecommendation() {
        VariantResult result = run(KEDA_BURST, "keda-burst");
        List<Series.ReplicaSample> changes = changes(result);
        long lastOut = 0;
        int before = 2;
        for (Series.ReplicaSample change : changes) {
            if (change.replicas() > before) {
                lastOut = change.atMs();
            } else {
                assertTrue(change.atMs() >= Math.max(lastOut, 240_000) + DOWNSCALE_STABILIZATION_MS,
                        "scale-in: " + changes);
            }
            before = change.replicas();
        }
        assertEquals(2, changes.get(changes.size() - 1).replicas(), "back to minReplicaCount: " + changes);
    }

    /**
     * Lag is gone once the last records are auto-committed (at most 5 s after 1m); KEDA's last active poll comes
     * between 50 s and 75 s, and the first poll strictly after lastActiveTime + 60 s scales to zero. Nothing happens
     * while there are no replicas; the first poll after traffic resumes at 5m scales to max(minReplicaCount, 1).
     */
    @Test
    void kedaScalesToZeroAfterItsCooldownAndBackAtTheFirstPollThatSeesLag() {
        VariantResult result = run(KEDA_TO_ZERO, "keda-to-zero");
        List<Series.ReplicaSample> changes = changes(result);
        assertEquals(2, changes.size(), changes.toString());
        assertEquals(List.of("scaled from 1 to 0 replicas by KEDA: no lag for its cooldownPeriod",
                "scaled from 0 to 1 replicas by KEDA: lag "), story(result, "orders", "by KEDA").stream()
                .map(e -> e.what().replaceAll("lag \\d+.*", "lag ")).toList());
        assertEquals(0, changes.get(0).replicas());
        assertTrue(changes.get(0).atMs() > 110_000 && changes.get(0).atMs() <= 145_000, changes.toString());
        assertEquals(1, changes.get(1).replicas());
        assertTrue(changes.get(1).atMs() > 300_000 && changes.get(1).atMs() <= 310_000, changes.toString());
    }

    /**
     * The replica formula ceil(pods x utilization / target): 1.5 cores at 50% of a core per pod is 3 pods. The
     * catch-up after each start runs the pods at 100% for a while, so the HPA first asks for 4 (the most a scale-up
     * from 2 may reach without behavior); it comes down to 3 only after the 5-minute stabilization window.
     */
    @Test
    void aCpuHpaSettlesAtTheProcessingDemandOverItsTarget() {
        VariantResult result = run(CPU, "cpu-hpa");
        List<Series.ReplicaSample> changes = changes(result);
        assertEquals(3, changes.get(changes.size() - 1).replicas(), changes.toString());
        assertTrue(metric(result, "maxReplicas") <= 4, changes.toString());
        long lastOut = 0;
        int before = 2;
        for (Series.ReplicaSample change : changes) {
            if (change.replicas() < before) {
                assertTrue(change.atMs() - lastOut >= DOWNSCALE_STABILIZATION_MS, changes.toString());
            } else {
                lastOut = change.atMs();
            }
            before = change.replicas();
        }
    }

    /** The loops' phases come from the seed: the same seed gives the same run, another seed other sync times. */
    @Test
    void theLoopsPhasesAreDrawnFromTheSeed() {
        List<Series.ReplicaSample> first = changes(runScenario(load(KEDA_BURST, "keda-burst")).variants().get(0));
        List<Series.ReplicaSample> again = changes(runScenario(load(KEDA_BURST, "keda-burst")).variants().get(0));
        assertEquals(first, again);
        List<Series.ReplicaSample> otherSeed = changes(runScenario(load(KEDA_BURST, "keda-burst").withSeed(99))
                .variants().get(0));
        assertNotEquals(first.get(0).atMs(), otherSeed.get(0).atMs());
        assertEquals(first.get(0).replicas(), otherSeed.get(0).replicas(), "the same rule, at another phase");
    }

    /** The workload's spec.replicas after each change, in time order. */
    private static List<Series.ReplicaSample> changes(VariantResult result) {
        List<Series.ReplicaSample> changes = new ArrayList<>();
        int replicas = result.series().replicas().get(0).replicas();
        for (Series.ReplicaSample sample : result.series().replicas()) {
            if (sample.replicas() != replicas) {
                changes.add(sample);
                replicas = sample.replicas();
            }
        }
        return changes;
    }
}
