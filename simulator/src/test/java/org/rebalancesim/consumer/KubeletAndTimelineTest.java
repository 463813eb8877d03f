package org.rebalancesim.consumer;

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
 * The kubelet's restarts against what the timeline does to the same pod (docs/kubernetes.md §1): a deleted pod
 * (stop) is not started again, a crash the timeline restarts itself is the timeline's, and a pod deleted and created
 * again (restart) is a new pod whose back-off starts afresh (Kubernetes keys it by the pod's UID). c2 of a
 * Deployment, a 2 s JVM start, crashed at 30 s in every variant: the kubelet starts it again within its 1 s relist.
 */
class KubeletAndTimelineTest {

    private static final RunResult RUN = runAll("""
            duration: 2m
            group: {id: g}
            topics: [{name: t, partitions: 4, rate: 20/s}]
            consumers:
              count: 2
              workload: {kind: Deployment}
              startup: {jvmStart: 2s}
            variants:
              - name: stopped-in-back-off
                timeline:
                  - {at: 30s, crash: {consumer: c2}}
                  - {at: 40s, crash: {consumer: c2}}
                  - {at: 45s, stop: {consumer: c2}}
              - name: restarted-by-the-timeline
                timeline:
                  - {at: 30s, crash: {consumer: c2}}
                  - {at: 40s, crash: {consumer: c2, restartAfter: 30s}}
              - name: recreated
                timeline:
                  - {at: 30s, crash: {consumer: c2}}
                  - {at: 60s, restart: {consumer: c2}}
                  - {at: 90s, crash: {consumer: c2}}
            """, "kubelet-and-timeline");

    /** The second crash backs off 10 s; the pod is deleted meanwhile, so nothing starts it again. */
    @Test
    void aPodDeletedDuringItsBackOffIsNotStartedAgain() {
        VariantResult result = variant(RUN, "stopped-in-back-off");
        assertEquals(2, events(result, StoryKind.KUBELET_RESTART).size());
        assertTrue(starts(result).stream().noneMatch(at -> at > 45_000), "starts: " + starts(result));
    }

    /** A crash with restartAfter is the timeline's to follow up: started 30 s later (up after its 2 s JVM start). */
    @Test
    void aCrashWithRestartAfterIsRestartedWhenTheTimelineSays() {
        VariantResult result = variant(RUN, "restarted-by-the-timeline");
        assertEquals(1, events(result, StoryKind.KUBELET_RESTART).size(), "only the first crash is the kubelet's");
        assertEquals(40_000 + 30_000 + 2_000, starts(result).stream().filter(at -> at > 40_000).findFirst().orElseThrow());
    }

    /** After the timeline's restart the pod is new: its next crash restarts within the relist, not after 10 s. */
    @Test
    void aPodCreatedAgainStartsItsBackOffAfresh() {
        VariantResult result = variant(RUN, "recreated");
        List<Series.StoryEvent> restarts = events(result, StoryKind.KUBELET_RESTART);
        assertEquals(2, restarts.size());
        assertTrue(restarts.get(1).atMs() == 90_000 && restarts.get(1).durationMs() < CrashLoopBackOff.RELIST_PERIOD_MS,
                restarts.get(1).toString());
    }

    private static List<Long> starts(VariantResult result) {
        return events(result, StoryKind.STARTED).stream().map(Series.StoryEvent::atMs).toList();
    }

    private static List<Series.StoryEvent> events(VariantResult result, StoryKind kind) {
        return result.series().events().stream().filter(e -> kind.equals(e.kind()) && "c2".equals(e.pod())).toList();
    }
}
