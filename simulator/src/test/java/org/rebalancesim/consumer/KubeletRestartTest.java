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
 * A pod of a Kubernetes Deployment crashes (docs/kubernetes.md §1): the kubelet starts its container again,
 * at once the first time and after CrashLoopBackOff's growing waits when it keeps exiting. 3 KIP-848 members,
 * 6 partitions, a 3 s JVM start; c2 is killed at 60 s. The broker's group.consumer.session.timeout.ms is 45 s.
 */
class KubeletRestartTest {

    private static final long CRASH_MS = 60_000;
    private static final long JVM_START_MS = 3_000;
    private static final long SESSION_MS = 45_000;
    private static final long HEARTBEAT_MS = 5_000;

    private static final String SCENARIO = """
            duration: 4m
            group: {id: payments}
            topics: [{name: payments, partitions: 6, rate: 60/s}]
            consumers:
              count: 3
              workload: {kind: Deployment}
              config: {group.protocol: consumer}
              startup: {jvmStart: 3s}
            timeline:
              - {at: 60s, crash: {consumer: c2}}
            variants:
              - name: dynamic
              - name: static
                consumers:
                  config: {group.instance.id: pod-$(POD_NAME)}
              - name: bare
                consumers:
                  workload: ~
            """;

    private static final RunResult RUN = runAll(SCENARIO, "kubelet-restart");

    /** Without a workload nothing starts a crashed process again: c2 stays down, its partitions move on. */
    @Test
    void aBareProcessStaysDown() {
        VariantResult bare = variant(RUN, "bare");
        assertTrue(events(bare, StoryKind.STARTED).stream().noneMatch(e -> e.atMs() > CRASH_MS), "no new start");
        assertTrue(events(bare, StoryKind.KUBELET_RESTART).isEmpty());
    }

    /**
     * Dynamic: the first exit restarts at the kubelet's next relist (within 1 s), the new process is a new member
     * and joins at once; the old one is fenced when its session expires.
     */
    @Test
    void aDynamicMembersPodIsBackWithinASecondAndItsJvmStart() {
        VariantResult dynamic = variant(RUN, "dynamic");
        List<Series.StoryEvent> restarts = events(dynamic, StoryKind.KUBELET_RESTART);
        assertEquals(1, restarts.size(), "one exit, one restart");
        assertTrue(restarts.get(0).durationMs() < CrashLoopBackOff.RELIST_PERIOD_MS, "waited " + restarts.get(0));
        long backMs = events(dynamic, StoryKind.STARTED).stream().mapToLong(Series.StoryEvent::atMs)
                .filter(at -> at > CRASH_MS).min().orElseThrow();
        assertTrue(backMs >= CRASH_MS + JVM_START_MS && backMs < CRASH_MS + JVM_START_MS + 1_000, "back at " + backMs);
        assertTrue(events(dynamic, StoryKind.FATAL).isEmpty());
        assertEquals(1, metric(dynamic, "evictions"), "the old member is fenced");
    }

    /**
     * KIP-848 static: a new process with the instance id of a member the coordinator still has (no leave heartbeat
     * after a kill) is refused with UNRELEASED_INSTANCE_ID, fatal in the Java client: the container exits, and the
     * kubelet backs off 10 s, then 20 s, ... (each rounded up to the pod worker's next try, 10 to 15 s apart)
     * until a process starts after the old member's session expired, which rejoins.
     */
    @Test
    void aKip848StaticMemberCrashLoopsUntilItsOldSessionExpires() {
        VariantResult statik = variant(RUN, "static");
        List<Series.StoryEvent> fatal = events(statik, StoryKind.FATAL);
        List<Series.StoryEvent> restarts = events(statik, StoryKind.KUBELET_RESTART);
        assertTrue(fatal.size() >= 2, "refused at least at the first two starts: " + fatal);
        assertTrue(fatal.stream().allMatch(e -> e.what().contains("UNRELEASED_INSTANCE_ID")), fatal.toString());
        assertEquals(fatal.size() + 1, restarts.size(), "the crash, then every refused start, is an exit");
        assertTrue(restarts.get(0).durationMs() < CrashLoopBackOff.RELIST_PERIOD_MS, "the first, at the next relist");
        long backoffMs = 0;
        for (Series.StoryEvent restart : restarts) {
            long latestMs = backoffMs + CrashLoopBackOff.RELIST_PERIOD_MS + (backoffMs == 0 ? 0 : 15_000);
            assertTrue(restart.durationMs() >= backoffMs && restart.durationMs() < latestMs, restart.toString());
            backoffMs = backoffMs == 0 ? CrashLoopBackOff.INITIAL_BACKOFF_MS : 2 * backoffMs;
        }
        // Refused while the old member lives: it is fenced a session after its last heartbeat before the kill.
        long fencedAfterMs = CRASH_MS + SESSION_MS - HEARTBEAT_MS;
        assertTrue(fatal.stream().allMatch(e -> e.atMs() < CRASH_MS + SESSION_MS), fatal.toString());
        long lastStartMs = events(statik, StoryKind.STARTED).stream().mapToLong(Series.StoryEvent::atMs).max()
                .orElseThrow();
        assertTrue(lastStartMs >= fencedAfterMs, "the start that stays comes after the fencing: " + lastStartMs);
        assertEquals(1, metric(statik, "evictions"));
        // The refused processes never held c2's partitions: they are down in one span, from the kill past the fencing.
        assertTrue(metric(statik, "maxPartitionDowntimeMs") >= fencedAfterMs - CRASH_MS,
                "maxPartitionDowntimeMs " + metric(statik, "maxPartitionDowntimeMs"));
    }

    private static List<Series.StoryEvent> events(VariantResult result, StoryKind kind) {
        return result.series().events().stream().filter(e -> kind.equals(e.kind()) && "c2".equals(e.pod())).toList();
    }
}
