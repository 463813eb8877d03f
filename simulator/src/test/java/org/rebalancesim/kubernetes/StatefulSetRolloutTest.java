package org.rebalancesim.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.runAll;
import static org.rebalancesim.run.SimRuns.variant;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * A StatefulSet rolling update of 6 pods (docs/kubernetes.md §4), against the StatefulSet controller's rules: pods
 * keep their names; from the highest ordinal down, one at a time, each deleted only once the one above it is running
 * and available again (minReadySeconds after ready); ordinals below {@code partition} keep the old template;
 * OnDelete replaces nothing.
 */
class StatefulSetRolloutTest {

    private static final int REPLICAS = 6;
    private static final long ROLLOUT_MS = 60_000;
    private static final long MIN_READY_MS = 10_000;

    private static final RunResult RUN = runAll("""
            duration: 8m
            group: {id: orders}
            topics: [{name: orders, partitions: 12, rate: 60/s}]
            consumers:
              count: 6
              config: {group.instance.id: orders-$(POD_NAME)}
              startup: {jvmStart: {uniform: {min: 3s, max: 6s}}}
              workload: {kind: StatefulSet, name: orders, minReadySeconds: 10,
                         readinessProbe: {initialDelaySeconds: 5, periodSeconds: 5}}
            timeline:
              - {at: 1m, rollout: {}}
            variants:
              - name: rolling
              - name: partition-4
                consumers: {workload: {kind: StatefulSet, name: orders, minReadySeconds: 10,
                            readinessProbe: {initialDelaySeconds: 5, periodSeconds: 5},
                            updateStrategy: {rollingUpdate: {partition: 4}}}}
              - name: on-delete
                consumers: {workload: {kind: StatefulSet, name: orders, updateStrategy: {type: OnDelete}}}
            """, "statefulset-rollout");

    @Test
    void theHighestOrdinalGoesFirstAndThePodsKeepTheirNames() {
        WorkloadPodStates states = new WorkloadPodStates(variant(RUN, "rolling"), DeploymentRolloutTest.numbered(1,
                REPLICAS));
        List<String> descending = new ArrayList<>(DeploymentRolloutTest.numbered(1, REPLICAS));
        Collections.reverse(descending);
        assertEquals(descending, states.deleted());
        assertEquals(descending, states.created(), "each created again under its own name");
    }

    /** The next ordinal is deleted only minReadySeconds after the one above it is ready again. */
    @Test
    void eachPodWaitsForTheOneAboveToBeAvailableAgain() {
        VariantResult result = variant(RUN, "rolling");
        List<Long> deletions = times(result, "deleted");
        assertEquals(ROLLOUT_MS, deletions.get(0));
        for (int i = 1; i < deletions.size(); i++) {
            String above = "c" + (REPLICAS - i + 1);
            long readyAgain = result.series().events().stream()
                    .filter(e -> e.kind() == StoryKind.WORKLOAD && above.equals(e.pod()) && e.what().startsWith("ready")
                            && e.atMs() > ROLLOUT_MS)
                    .mapToLong(Series.StoryEvent::atMs).min().orElseThrow();
            assertEquals(readyAgain + MIN_READY_MS, deletions.get(i), "deletion " + i + " after " + above + " is available");
        }
    }

    @Test
    void aPartitionKeepsTheOrdinalsBelowIt() {
        WorkloadPodStates states = new WorkloadPodStates(variant(RUN, "partition-4"),
                DeploymentRolloutTest.numbered(1, REPLICAS));
        assertEquals(List.of("c6", "c5"), states.deleted(), "ordinals 5 and 4");
    }

    @Test
    void onDeleteReplacesNothing() {
        WorkloadPodStates states = new WorkloadPodStates(variant(RUN, "on-delete"),
                DeploymentRolloutTest.numbered(1, REPLICAS));
        assertTrue(states.deleted().isEmpty());
    }

    private static List<Long> times(VariantResult result, String prefix) {
        return result.series().events().stream()
                .filter(e -> e.kind() == StoryKind.WORKLOAD && e.pod() != null && e.what().startsWith(prefix))
                .map(Series.StoryEvent::atMs).toList();
    }
}
