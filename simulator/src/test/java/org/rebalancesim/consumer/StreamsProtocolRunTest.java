package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.fetchesAndAssignments;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.runAll;
import static org.rebalancesim.run.SimRuns.taskStates;
import static org.rebalancesim.run.SimRuns.variant;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rebalancesim.cli.Main;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.events.TaskState;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.partition.TaskId;
import org.rebalancesim.run.SimRuns;

/**
 * Kafka Streams on group.protocol streams (KIP-1071 streams groups, docs/kafka-semantics.md §19, §27), expected
 * values from Kafka 4.4.0's rules: the broker's group.streams.heartbeat.interval.ms (5 s) and
 * group.streams.session.timeout.ms (45 s) apply, not the client's; KafkaStreams#close() leaves the group (a dynamic
 * member with epoch -1, a static one with -2, which keeps its tasks); a task moves in two heartbeats (its owner
 * revokes at its next one, the new owner gets it at its own next one); no warm-ups, no probing rebalances.
 */
class StreamsProtocolRunTest {

    private static final long SESSION_MS = 45_000;
    private static final long HEARTBEAT_MS = 5_000;
    /** The rolling restart: each pod down 10 s, then 5 s of JVM start. */
    private static final long POD_DOWN_MS = 10_000 + 5_000;
    private static final long CHANGELOG_RECORDS = 100_000;
    private static final long KILL_AT_MS = 60_000;

    @TempDir
    Path directory;

    /** A stateless 4-pod application rolled pod by pod, one pod every 90 s from 2m. */
    private static final String ROLLING = """
            seed: 5
            duration: 9m
            measure: {from: 1m}
            group: {id: orders-enricher}
            topics: [{name: orders, partitions: 8, rate: 200/s}]
            consumers:
              count: 4
              app: streams
              processing: {lognormal: {median: 1ms, p99: 10ms}}
              startup: {jvmStart: 5s}
              topology:
                subtopologies: [{source: orders}]
            timeline:
              - {at: 2m, rollingRestart: {interval: 90s, downtime: 10s}}
            variants:
              - name: classic
              - name: streams
                consumers: {config: {group.protocol: streams}}
              - name: streams-static
                consumers: {config: {group.protocol: streams, group.instance.id: pod-$(POD_NAME)}}
              - name: streams-remain
                consumers:
                  config: {group.protocol: streams}
                  closeOptions: {groupMembershipOperation: REMAIN_IN_GROUP}
              - name: streams-remain-static
                consumers:
                  config: {group.protocol: streams, group.instance.id: pod-$(POD_NAME)}
                  closeOptions: {groupMembershipOperation: REMAIN_IN_GROUP}
              - name: streams-leave-static
                consumers:
                  config: {group.protocol: streams, group.instance.id: pod-$(POD_NAME)}
                  closeOptions: {groupMembershipOperation: LEAVE_GROUP}
            """;

    /**
     * Three instances of one stateful sub-topology (6 tasks, changelogs of 100,000 records that processing does not
     * grow), restoring 10,000 records/s; c2 is killed at 60 s and stays down.
     */
    private static final String CRASH = """
            seed: 7
            duration: 4m
            measure: {from: 30s}
            group: {id: streams-crash}
            topics: [{name: orders, partitions: 6, rate: 60/s}]
            consumers:
              count: 3
              app: streams
              config: {group.protocol: streams}
              processing: {constant: 1ms}
              startup: {jvmStart: 2s}
              topology:
                subtopologies: [{source: [orders], stateful: true, changelog: {records: 100000, perRecord: 0}}]
                restoreRate: 10000/s
            timeline:
              - {at: 60s, crash: {consumer: c2}}
            variants:
              - name: no-standby
              - name: client-standby
                consumers: {config: {group.protocol: streams, num.standby.replicas: 1}}
              - name: standby
                cluster: {config: {group.streams.num.standby.replicas: 1}}
              - name: two-standbys
                cluster: {config: {group.streams.num.standby.replicas: 2}}
            """;

    @Test
    void aDynamicRollingRestartLeavesAtOnceAndNeverWaitsForTheSessionTimeout() {
        RunResult run = runAll(ROLLING, "streams-protocol-rolling");
        VariantResult streams = variant(run, "streams");
        // close() sends the leave heartbeat (epoch -1): nobody is evicted, the others take the tasks at their next
        // heartbeat, and the new process gets them back within two heartbeats of its join.
        assertEquals(0, metric(streams, "evictions"));
        long maxDown = metric(streams, "maxTaskDowntimeMs");
        assertTrue(maxDown < 2 * HEARTBEAT_MS + 2_000, "maxTaskDowntimeMs " + maxDown);
        assertEquals(0, metric(streams, "probingRebalances"));
        assertEquals(0, metric(streams, "ownershipViolations"));
        // The leave and the rejoin of each of the 4 pods each bump the group epoch.
        assertEquals(8, metric(streams, "groupEpochBumps"));
        for (Series.StoryEvent restart : streams.series().events().stream()
                .filter(e -> e.kind() == StoryKind.STARTED && e.atMs() > 120_000).toList()) {
            long backAtMs = streams.series().ownership().stream()
                    .filter(o -> o.member().equals(restart.pod()) && o.fromMs() >= restart.atMs())
                    .mapToLong(Series.OwnershipInterval::fromMs).min().orElseThrow();
            assertTrue(backAtMs - restart.atMs() <= 2 * HEARTBEAT_MS + 500, restart.pod() + " started at "
                    + restart.atMs() + ", got tasks back at " + backAtMs);
        }
        // On the classic protocol close() sends no LeaveGroup: each pod's old member keeps its tasks a session.
        VariantResult classic = variant(run, "classic");
        assertEquals(4, metric(classic, "evictions"));
        long classicDown = metric(classic, "maxTaskDowntimeMs");
        assertTrue(classicDown >= SESSION_MS - 3_000, "classic maxTaskDowntimeMs " + classicDown);
    }

    @Test
    void aStaticMemberStaysInTheGroupAndGetsItsTasksBack() {
        RunResult run = runAll(ROLLING, "streams-protocol-static");
        // close() of a static member sends epoch -2, as REMAIN_IN_GROUP does: the member keeps its tasks, its new
        // process rejoins with the same instance id and gets them back at once. Down only while the pod is. A
        // stateless instance keeps no process id in its state directory (StateDirectory#initializeProcessId), so
        // the new process's id differs and the group epoch goes up once per pod
        // (hasEpochRelevantMemberConfigChanged), with nothing to move.
        for (String name : List.of("streams-static", "streams-remain-static")) {
            VariantResult result = variant(run, name);
            assertEquals(4, metric(result, "groupEpochBumps"), name);
            assertEquals(0, metric(result, "partitionsMoved"), name);
            assertEquals(0, metric(result, "evictions"), name);
            long maxDown = metric(result, "maxTaskDowntimeMs");
            assertTrue(maxDown >= POD_DOWN_MS && maxDown < POD_DOWN_MS + 1_000, name + " maxTaskDowntimeMs "
                    + maxDown);
        }
        // LEAVE_GROUP sends -1 even for a static member: a leave and a rejoin per pod, as a dynamic member.
        VariantResult leave = variant(run, "streams-leave-static");
        assertEquals(8, metric(leave, "groupEpochBumps"));
        assertEquals(0, metric(leave, "evictions"));
        assertTrue(metric(leave, "maxTaskDowntimeMs") < 2 * HEARTBEAT_MS + 2_000);
    }

    @Test
    void remainInGroupOfADynamicMemberSendsNothingAndTheMemberIsEvicted() {
        VariantResult remain = variant(runAll(ROLLING, "streams-protocol-remain"), "streams-remain");
        // One eviction per restarted pod, group.streams.session.timeout.ms after its last heartbeat.
        assertEquals(4, metric(remain, "evictions"));
        long maxDown = metric(remain, "maxTaskDowntimeMs");
        assertTrue(maxDown >= SESSION_MS - HEARTBEAT_MS, "maxTaskDowntimeMs " + maxDown);
    }

    @Test
    void aKilledInstanceIsEvictedASessionAfterItsLastHeartbeatAndItsTasksRestoreOnTheSurvivors() {
        RunResult run = runAll(CRASH, "streams-protocol-crash");
        VariantResult result = variant(run, "no-standby");
        assertEquals(1, metric(result, "evictions"));
        List<Series.StoryEvent> removed = result.series().events().stream()
                .filter(e -> e.kind() == StoryKind.MEMBER_REMOVED && "c2".equals(e.pod())).toList();
        assertEquals(1, removed.size(), removed.toString());
        long evictedAtMs = removed.get(0).atMs();
        // The broker's session timer restarts at each heartbeat, one every 5 s before the kill.
        assertTrue(evictedAtMs >= KILL_AT_MS + SESSION_MS - HEARTBEAT_MS
                && evictedAtMs <= KILL_AT_MS + SESSION_MS + 100, "evicted at " + evictedAtMs);
        // c2's 2 tasks have no local state on the survivors: each restores its whole changelog.
        assertEquals(2, metric(result, "partitionsMoved"));
        assertEquals(2 * CHANGELOG_RECORDS, metric(result, "recordsRestored"));
        assertEquals(0, metric(result, "probingRebalances"));
        // The client's num.standby.replicas is ignored on this protocol: the broker's decides.
        assertEquals(result.metrics(), variant(run, "client-standby").metrics());
    }

    @Test
    void theBrokersStandbyReplicasCutTheFailoverRestoration() {
        RunResult run = runAll(CRASH, "streams-protocol-standbys");
        long none = metric(variant(run, "no-standby"), "recordsRestored");
        long one = metric(variant(run, "standby"), "recordsRestored");
        long two = metric(variant(run, "two-standbys"), "recordsRestored");
        assertTrue(one < none, "recordsRestored with 1 standby " + one + ", without " + none);
        // With 2 standbys every survivor follows every task's changelog: nothing is left to restore.
        assertEquals(0, two);
        assertEquals(Set.of(), standbyTasks("no-standby"));
        assertEquals(6, standbyTasks("standby").size(), "one standby per stateful task");
        assertEquals(Set.of(), standbyTasks("client-standby"));
    }

    @Test
    void aNewGroupsFirstAssignmentComesAtTheHeartbeatAfterTheInitialDelay() {
        String yaml = CRASH.substring(0, CRASH.indexOf("timeline:")) + "timeline: []\n";
        List<SimRuns.PodRecordEvent> events = fetchesAndAssignments(yaml, "streams-protocol-start");
        // The pods' processes start at 2 s (jvmStart) and join; the assignment, computed 3 s later
        // (group.streams.initial.rebalance.delay.ms), reaches them at their next heartbeat, 5 s after joining.
        for (String pod : List.of("c1", "c2", "c3")) {
            long assignedAtMs = events.stream().filter(e -> e.pod().equals(pod)
                    && e.kind() == SimRuns.PodRecordEvent.Kind.ASSIGNED && !e.partitions().isEmpty())
                    .mapToLong(SimRuns.PodRecordEvent::atMs).min().orElseThrow();
            assertTrue(assignedAtMs >= 2_000 + HEARTBEAT_MS && assignedAtMs < 2_000 + HEARTBEAT_MS + 500,
                    pod + " first assigned at " + assignedAtMs);
        }
        long firstFetchMs = events.stream().filter(e -> e.kind() == SimRuns.PodRecordEvent.Kind.FETCHED)
                .mapToLong(SimRuns.PodRecordEvent::atMs).min().orElseThrow();
        assertTrue(firstFetchMs >= 2_000 + HEARTBEAT_MS, "first fetch at " + firstFetchMs);
    }

    @Test
    void aStreamsProtocolOnAPlainConsumerIsRefusedNamingTheKey() throws Exception {
        String plain = """
                duration: 1m
                group: {id: g}
                topics: [{name: orders, partitions: 6, rate: 10/s}]
                consumers: {count: 3, config: {group.protocol: streams}}
                """;
        assertEquals(2, cli(plain));
        assertTrue(lastErr.contains("consumers.config.group.protocol"), lastErr);
    }

    @Test
    void aStreamsSessionTimeoutBelowTheBrokersMinimumIsRefused() throws Exception {
        String yaml = """
                duration: 1m
                group: {id: g}
                topics: [{name: orders, partitions: 6, rate: 10/s}]
                cluster: {config: {group.streams.session.timeout.ms: 30000}}
                consumers:
                  count: 3
                  app: streams
                  config: {group.protocol: streams}
                  topology: {subtopologies: [{source: orders}]}
                """;
        assertEquals(2, cli(yaml));
        assertTrue(lastErr.contains("cluster.config.group.streams.session.timeout.ms")
                && lastErr.contains("45000"), lastErr);
    }

    @Test
    void twoRunsWithTheSameSeedAreIdentical() {
        RunResult first = runAll(CRASH, "streams-protocol-determinism");
        RunResult second = runAll(CRASH, "streams-protocol-determinism");
        for (VariantResult one : first.variants()) {
            VariantResult other = variant(second, one.name());
            assertEquals(one.metrics(), other.metrics(), one.name());
            assertEquals(one.series(), other.series(), one.name());
        }
    }

    /** The tasks that ran as a standby on any instance in {@code variantName} of {@link #CRASH}. */
    private static Set<TaskId> standbyTasks(String variantName) {
        return taskStates(CRASH, "streams-protocol-standby-" + variantName, variantName).stream()
                .filter(e -> e.state() == TaskState.STANDBY).map(SimRuns.TaskStateEvent::task)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private String lastErr = "";

    /** Runs {@code run} on the scenario text, as a user does, and returns the exit code. */
    private int cli(String yaml) throws Exception {
        Path file = Files.writeString(directory.resolve("scenario.yaml"), yaml);
        StringWriter err = new StringWriter();
        int code = Main.execute(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true), "run",
                file.toString(), "--out", directory.resolve("out").toString());
        lastErr = err.toString();
        return code;
    }

    /**
     * onTasksAssigned takes the assignment through TaskManager#handleAssignment too: the standby of the crashed
     * member's task is in the survivor's state updater, so promoting it waits for the updater's turn. Its standbys
     * are caught up, so the updater waits in its restore consumer's poll(poll.ms, 100 ms) for new changelog
     * records, and remove() does not end that poll: the wait is the rest of it, more than nothing and at most
     * 100 ms. The promoted tasks start as active (at their changelog's end, for one poll) only after it.
     */
    @Test
    void aPromotedStandbyWaitsForTheStateUpdatersPoll() {
        String yaml = """
                duration: 120s
                group: {id: promoted}
                cluster: {config: {group.streams.num.standby.replicas: 1}}
                topics: [{name: orders, partitions: 4, rate: 40/s}]
                consumers:
                  count: 2
                  app: streams
                  config: {group.protocol: streams}
                  processing: {constant: 1ms}
                  startup: {jvmStart: 1s}
                  topology:
                    subtopologies: [{source: [orders], stateful: true, changelog: {records: 20000}}]
                    restoreRate: 5000/s
                timeline:
                  - {at: 40s, crash: {consumer: c2}}
                """;
        VariantResult result = SimRuns.run(yaml, "streams-protocol-promoted-standby");
        List<Series.StoryEvent> waits = result.series().events().stream()
                .filter(e -> e.kind() == StoryKind.STATE_UPDATER_WAIT).toList();
        assertEquals(1, waits.size(), "one promotion, after c2's session");
        Series.StoryEvent wait = waits.get(0);
        assertEquals("c1", wait.pod());
        assertTrue(wait.atMs() >= 40_000 + SESSION_MS - HEARTBEAT_MS, "at the fencing: " + wait.atMs());
        assertTrue(wait.durationMs() > 0 && wait.durationMs() <= 100, "wait " + wait.durationMs());
        long promotedAt = SimRuns.firstTaskState(taskStates(yaml, "streams-protocol-promoted-standby", "base"), "c1",
                wait.atMs(), TaskState.RESTORING);
        assertEquals(wait.atMs() + wait.durationMs(), promotedAt);
    }
}
