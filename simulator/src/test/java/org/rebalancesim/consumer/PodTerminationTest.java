package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.runAll;
import static org.rebalancesim.run.SimRuns.variant;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * A workload's pod deleted while its consumer is busy (docs/kubernetes.md §2). KafkaConsumer#close() finishes the
 * record in hand before it commits and leaves; the kubelet runs the preStop hook, sends SIGTERM, and sends SIGKILL
 * when terminationGracePeriodSeconds (the hook's time included) has run out. Two classic dynamic members, session
 * 45 s; c2 starts a 60 s record at 20 s and is stopped at 30 s, so its close() would end at 80 s.
 */
class PodTerminationTest {

    private static final long STOP_MS = 30_000;
    private static final long RECORD_ENDS_MS = 80_000;
    private static final long SESSION_MS = 45_000;

    private static final RunResult RUN = runAll("""
            duration: 3m
            group: {id: g}
            topics: [{name: t, partitions: 4, rate: 40/s}]
            consumers:
              count: 2
              workload: {kind: Deployment}
              startup: {jvmStart: 2s}
            timeline:
              - {at: 20s, slowRecord: {consumer: c2, duration: 60s}}
              - {at: 30s, stop: {consumer: c2}}
            variants:
              - name: grace-30s
              - name: grace-90s
                consumers: {workload: {kind: Deployment, terminationGracePeriodSeconds: 90}}
              - name: prestop-10s
                consumers: {workload: {kind: Deployment, preStop: {sleep: {seconds: 10}}}}
              - name: prestop-30s
                consumers: {workload: {kind: Deployment, preStop: {sleep: {seconds: 30}}}}
            """, "pod-termination");

    /** The default 30 s is shorter than the record: SIGKILL at 60 s, no LeaveGroup, so the session expires. */
    @Test
    void aCloseThatOutlivesTheGracePeriodIsKilledAndItsMemberEvicted() {
        VariantResult result = variant(RUN, "grace-30s");
        assertEquals(List.of(STOP_MS + 30_000), killedAt(result));
        assertEquals(1, metric(result, "evictions"), "no LeaveGroup: evicted a session after its last heartbeat");
        assertTrue(metric(result, "maxPartitionDowntimeMs") >= SESSION_MS - 3_000, "c2's partitions wait for it");
    }

    /** 90 s is enough: close() ends with the record at 80 s and leaves; no kill, no eviction. */
    @Test
    void aLongEnoughGracePeriodLetsCloseLeaveTheGroup() {
        VariantResult result = variant(RUN, "grace-90s");
        assertTrue(killedAt(result).isEmpty());
        assertEquals(0, metric(result, "evictions"));
        assertTrue(metric(result, "maxPartitionDowntimeMs") < 10_000, "handed over at the LeaveGroup");
    }

    /** The hook's 10 s come out of the 30 s: SIGTERM at 40 s, SIGKILL still 30 s after the deletion. */
    @Test
    void aPreStopHookDelaysSigtermWithinTheSameGracePeriod() {
        VariantResult result = variant(RUN, "prestop-10s");
        assertEquals(List.of(STOP_MS + 10_000), stoppingAt(result));
        assertEquals(List.of(STOP_MS + 30_000), killedAt(result));
    }

    /** A hook as long as the grace period (the most Kubernetes accepts) leaves the container its least 2 s. */
    @Test
    void aHookThatTakesTheWholeGracePeriodLeavesTheMinimumStopWindow() {
        VariantResult result = variant(RUN, "prestop-30s");
        assertEquals(List.of(STOP_MS + 30_000), stoppingAt(result));
        assertEquals(List.of(STOP_MS + 30_000 + PodKubelet.MINIMUM_GRACE_PERIOD_MS), killedAt(result));
        assertEquals(1, metric(result, "evictions"), "killed before the record ends at " + RECORD_ENDS_MS + " ms");
    }

    private static List<Long> killedAt(VariantResult result) {
        return times(result, StoryKind.CRASHED);
    }

    private static List<Long> stoppingAt(VariantResult result) {
        return times(result, StoryKind.STOPPING);
    }

    private static List<Long> times(VariantResult result, StoryKind kind) {
        return result.series().events().stream().filter(e -> kind.equals(e.kind()) && "c2".equals(e.pod()))
                .map(Series.StoryEvent::atMs).toList();
    }
}
