package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.events.TaskState.CLOSED;
import static org.rebalancesim.events.TaskState.RESTORING;
import static org.rebalancesim.events.TaskState.RUNNING;
import static org.rebalancesim.events.TaskState.STANDBY;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;
import static org.rebalancesim.run.SimRuns.taskStates;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.rebalancesim.assignor.StreamsKafkaTypes;
import org.rebalancesim.events.TaskState;
import org.rebalancesim.partition.TaskId;
import org.rebalancesim.run.SimRuns;
import org.rebalancesim.scenario.StreamsApp;
import org.rebalancesim.scenario.TopologySpec;

/**
 * The Kafka Streams task lifecycle on one instance, transition by transition (docs/kafka-semantics.md §19, §26):
 * per pod and per task, the exact sequence of TaskStateChanged the run publishes, and its times where Kafka's rules
 * give them. Every run is also checked for transitions Kafka's TaskManager cannot make ({@link #possible}).
 *
 * <p>Where each task goes is Kafka Streams 4.4.0's HighAvailabilityTaskAssignor (§26), derived here from its rules
 * ({@link #dealt}, {@link #standbysOf}) rather than read from the run: the model's process ids are name-based UUIDs,
 * of the pod names where the state directory keeps the id (persistent stores: c1, c3, c2 for three pods), else of
 * the names each start draws ({@link #dealtStateless}), which fixes the order Kafka breaks ties in.
 */
class StreamsTaskLifecycleTest {

    /** Each partition's input rate; each processed record writes one changelog record (changelog.perRecord 1). */
    private static final long RECORDS_PER_SECOND = 10;
    private static final long CHANGELOG_RECORDS = 100_000;
    /** restoreRate 10,000/s. */
    private static final long RESTORED_PER_MS = 10;
    private static final long DEFAULT_RECORD_BYTES = TopologySpec.DEFAULT_CHANGELOG_RECORD_BYTES;
    private static final long JVM_START_MS = 2_000;
    /** group.initial.rebalance.delay.ms, the broker's default. */
    private static final long INITIAL_DELAY_MS = 3_000;
    /** session.timeout.ms and heartbeat.interval.ms: Kafka Streams keeps the consumer's defaults (§19). */
    private static final long SESSION_MS = 45_000;
    private static final long HEARTBEAT_MS = 3_000;
    /** probing.rebalance.interval.ms, set to its minimum in {@link #app}. */
    private static final long PROBING_MS = 60_000;
    /** acceptable.recovery.lag, Streams' default: a client this close to a changelog's end is caught up. */
    private static final long ACCEPTABLE_LAG = 10_000;
    /** The model's network round trips of a rebalance, or a clean close's commit: far less than this. */
    private static final long SLACK_MS = 100;

    private static final List<String> TWO = List.of("c1", "c2");
    private static final List<String> THREE = List.of("c1", "c2", "c3");
    private static final String STATELESS = "";
    private static final String STATEFUL = statefulWith(DEFAULT_RECORD_BYTES);
    private static final String ONE_STANDBY = ", num.standby.replicas: 1";

    // ---------------------------------------------------------------------------------------------------------------
    // none -> RESTORING -> RUNNING, none -> RUNNING

    /**
     * 3 instances, 6 stateful tasks: nobody has state, so HAT deals the tasks round robin (2 each) and each instance
     * restores its 2 changelogs of 100,000 records from 0, in turn chunk by chunk, before they run.
     */
    @Test
    void aStatefulActiveTaskRestoresItsChangelogThenRuns() {
        Lifecycle run = lifecycle(app("40s", 3, 6, "", STATEFUL), "lifecycle-restore");
        Map<TaskId, String> actives = dealt(6, THREE);
        Expected expected = new Expected();
        actives.forEach((task, pod) -> expected.then(pod, task, RESTORING, RUNNING));
        assertEquals(expected.sequences, run.sequences());
        for (String pod : THREE) {
            List<TaskId> own = tasksOf(actives, pod);
            long restoringAt = run.at(pod, own.get(0), 0);
            assertFirstAssignment(restoringAt, THREE.size(), pod);
            for (int k = 1; k <= own.size(); k++) {
                TaskId task = own.get(k - 1);
                assertEquals(restoringAt, run.at(pod, task, 0), "both start restoring at the same assignment");
                // Chunks of 10,485 records: the first task is done after 2 x 9 full chunks + its last 5,635 records,
                // 19,436.5 ms; the second after all 200,000 records, 20 s. The thread, with nothing to fetch, takes
                // it at the checkStateUpdater after its present poll(poll.ms) returns; it handed them to its state
                // updater the same way.
                assertHandedOverRestoredAndRun(restoringAt,
                        restoredInTurnMs(CHANGELOG_RECORDS, own.size(), k, DEFAULT_RECORD_BYTES),
                        run.at(pod, task, 1), pod + " " + task + " RUNNING");
            }
        }
    }

    /**
     * The same application with a stateless sub-topology: no store, nothing to restore, but the task still passes
     * through the state updater, which returns it as restored at once (DefaultStateUpdater): RESTORING at the
     * assignment, RUNNING at the checkStateUpdater after the thread's present poll(poll.ms) returns, within one
     * poll.ms (its new partitions are paused meanwhile, so nothing ends that poll early).
     */
    @Test
    void aStatelessActiveTaskRunsOnceTheStateUpdaterHandedItBack() {
        Lifecycle run = lifecycle(app("20s", 3, 6, "", STATELESS), "lifecycle-stateless");
        Expected expected = new Expected();
        dealtStateless(6, THREE).forEach((task, pod) -> {
            expected.then(pod, task, RESTORING, RUNNING);
            long assignedAt = run.at(pod, task, 0);
            assertFirstAssignment(assignedAt, THREE.size(), pod + " " + task);
            assertWithin(assignedAt + 1, assignedAt + StreamsApp.DEFAULT_POLL_MS, run.at(pod, task, 1), pod + " " + task);
        });
        assertEquals(expected.sequences, run.sequences());
    }

    // ---------------------------------------------------------------------------------------------------------------
    // none -> STANDBY, STANDBY -> CLOSED (killed), STANDBY -> CLOSED -> RUNNING (promoted)

    private static final String KILLED = "c2";
    private static final long KILL_AT_MS = 120_000;

    /** 3 instances, 6 stateful tasks with one standby each; c2 is killed at 120 s and stays down. */
    private static String standbysThenAKill(String duration) {
        return app(duration, 3, 6, ONE_STANDBY, STATEFUL, "- {at: 120s, crash: {consumer: " + KILLED + "}}");
    }

    /**
     * What every pod shows of every task until the eviction's rebalance included (until the probing rebalance it
     * schedules). At the start HAT deals the actives and DefaultStandbyTaskAssignor the standbys. A kill closes all
     * of c2's tasks at once. After c2's eviction each of its actives goes to the instance holding its standby, which
     * is caught up: it followed the changelog for over a minute (the actives restored by about 28 s, the standbys'
     * 200,000 records an instance by about 48 s), so its lag is 0, within acceptable.recovery.lag; the caught-up
     * client is preferred (TaskMovement). Kafka recycles that standby into the active ("Closed and recycled state":
     * CLOSED, then RESTORING for the one restore poll that finds it at its changelog's end, then RUNNING). Every
     * task that had a replica on c2 gets a new standby on the third pod: num.standby.replicas 1 with two instances
     * left puts it on the one without the active.
     */
    private static Expected untilTheEviction(Map<TaskId, String> actives, Map<TaskId, String> standbys) {
        Expected expected = new Expected();
        for (TaskId task : actives.keySet()) {
            String active = actives.get(task);
            String standby = standbys.get(task);
            String third = otherThan(THREE, active, standby);
            expected.then(active, task, RESTORING, RUNNING);
            expected.then(standby, task, STANDBY);
            if (active.equals(KILLED)) {
                expected.then(active, task, CLOSED);
                expected.then(standby, task, CLOSED, RESTORING, RUNNING);
                expected.then(third, task, STANDBY);
            } else if (standby.equals(KILLED)) {
                expected.then(standby, task, CLOSED);
                expected.then(third, task, STANDBY);
            }
        }
        return expected;
    }

    @Test
    void aStandbyFollowsItsTaskAndIsPromotedWithoutRestoringWhenTheActiveIsKilled() {
        // The probing rebalance comes 60 s after the eviction's assignment (about 164 s): stop before it.
        Lifecycle run = lifecycle(standbysThenAKill("200s"), "lifecycle-standby-kill");
        Map<TaskId, String> actives = dealt(6, THREE);
        Map<TaskId, String> standbys = standbysOf(actives, THREE);
        assertEquals(untilTheEviction(actives, standbys).sequences, run.sequences());
        for (TaskId task : actives.keySet()) {
            String standby = standbys.get(task);
            // A standby is created with the actives, at the first assignment.
            assertFirstAssignment(run.at(standby, task, 0), THREE.size(), standby + " " + task + " STANDBY");
            if (standby.equals(KILLED)) {
                assertEquals(KILL_AT_MS, run.at(KILLED, task, 1), "a kill closes the standby at once");
            }
            if (actives.get(task).equals(KILLED)) {
                assertEquals(KILL_AT_MS, run.at(KILLED, task, 2), "a kill closes the active at once");
                long promotedAt = run.at(standby, task, 2);
                assertEvicted(promotedAt, standby + " " + task + " promoted");
                assertEquals(promotedAt, run.at(standby, task, 1), "recycled: closed and run at the same instant");
            }
        }
    }

    /**
     * The same kill when the standby has not caught up: c2 is stopped at 35 s, with LEAVE_GROUP, while the standbys
     * are still being restored (an instance starts them only once its own actives are done, at about 28 s, and needs
     * 20 s for its two). With nobody within acceptable.recovery.lag, TaskMovement gives the task to the client with
     * the least lag, the standby's; recycled into an active, it restores only what it lacked.
     */
    @Test
    void aStandbyStillCatchingUpIsPromotedAndRestoresOnlyWhatItLacked() {
        long stopAtMs = 35_000;
        Lifecycle run = lifecycle(app("60s", 3, 6, ONE_STANDBY, STATEFUL, "- {at: 35s, stop: {consumer: c2}}"),
                "lifecycle-standby-behind");
        Map<TaskId, String> actives = dealt(6, THREE);
        Map<TaskId, String> standbys = standbysOf(actives, THREE);
        Expected expected = new Expected();
        for (TaskId task : actives.keySet()) {
            String active = actives.get(task);
            String standby = standbys.get(task);
            expected.then(active, task, RESTORING, RUNNING);
            expected.then(standby, task, STANDBY);
            if (active.equals("c2")) {
                expected.then(active, task, CLOSED);
                expected.then(standby, task, CLOSED, RESTORING, RUNNING);
            } else if (standby.equals("c2")) {
                expected.then(standby, task, CLOSED);
            }
            if (active.equals("c2") || standby.equals("c2")) {
                expected.then(otherThan(THREE, active, standby), task, STANDBY);
            }
        }
        assertEquals(expected.sequences, run.sequences());
        // c2's tasks processed every record produced until its clean close, 10 a second: 350 written since the start.
        long end = CHANGELOG_RECORDS + stopAtMs / 1000 * RECORDS_PER_SECOND;
        for (TaskId task : tasksOf(actives, "c2")) {
            String standby = standbys.get(task);
            assertWithin(stopAtMs, stopAtMs + SLACK_MS, run.at("c2", task, 2), "c2's clean close");
            long promotedAt = run.at(standby, task, 2);
            // The LeaveGroup starts a rebalance the others hear of at their next heartbeat.
            assertWithin(stopAtMs, stopAtMs + HEARTBEAT_MS + SLACK_MS, promotedAt, standby + " " + task + " promoted");
            assertEquals(promotedAt, run.at(standby, task, 1), "recycled: closed and restoring at the same instant");
            // The pod's standbys are restored, in turn chunk by chunk, from the moment its 2 actives are done (20 s
            // after its first assignment) until the promotion.
            long catchUpFromMs = run.at(standby, tasksOf(actives, standby).get(0), 0) + 2 * CHANGELOG_RECORDS / RESTORED_PER_MS;
            int k = 1 + tasksOf(standbys, standby).indexOf(task);
            long had = positionInTurn((promotedAt - catchUpFromMs) * RESTORED_PER_MS, k, DEFAULT_RECORD_BYTES);
            assertTrue(had > 0 && end - had > ACCEPTABLE_LAG, "partly caught up, not within the lag: " + had);
            assertHandedOverRestoredAndRun(promotedAt, (double) (end - had) / RESTORED_PER_MS, run.at(standby, task, 3),
                    standby + " " + task + " RUNNING after restoring " + (end - had) + " of " + end);
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // RESTORING -> CLOSED (revoked, crashed), and the next restoration on the same pod

    /**
     * 2 instances, 2 tasks, one each. c2 restarts at 60 s (3 s down): its task T moves to c1, which has no state for
     * it and restores it from 0 (100,600 records: 10 s). c2 comes back with its stores at the changelog's end (clean
     * close, and c1 processed nothing of T while restoring), so it is caught up and c1, far from it, is not: HAT hands
     * T back to c2, and c1 revokes it while it is restoring, a clean close that leaves its store at the offset it
     * reached. c2, which had state for T, first gets it as a standby while c1 still owns it (the withheld task), then
     * as the active in the follow-up rebalance (recycled, at its changelog's end: restoring for one restore poll). At
     * 150 s c2 stops for good and c1 gets T again: it restores from the offset it reached, not from 0.
     */
    @Test
    void aTaskRevokedWhileRestoringResumesFromTheOffsetItReachedOnTheSamePod() {
        String yaml = app("170s", 2, 2, "", STATEFUL, "- {at: 60s, restart: {consumer: c2, downtime: 3s}}",
                "- {at: 150s, stop: {consumer: c2}}");
        Lifecycle run = lifecycle(yaml, "lifecycle-revoked-restoring");
        Map<TaskId, String> actives = dealt(2, TWO);
        TaskId kept = tasksOf(actives, "c1").get(0);
        TaskId moved = tasksOf(actives, "c2").get(0);
        Expected expected = new Expected();
        expected.then("c1", kept, RESTORING, RUNNING);
        expected.then("c2", moved, RESTORING, RUNNING, CLOSED, STANDBY, CLOSED, RESTORING, RUNNING, CLOSED);
        expected.then("c1", moved, RESTORING, CLOSED, RESTORING, RUNNING);
        assertEquals(expected.sequences, run.sequences());

        assertWithin(60_000, 60_000 + SLACK_MS, run.at("c2", moved, 2), "c2's close at its restart");
        long restoringAt = run.at("c1", moved, 0);
        assertWithin(60_000, 60_000 + HEARTBEAT_MS + SLACK_MS, restoringAt, "c1 hears of the leave's rebalance");
        // c2's new process joins 3 s + 2 s (JVM start) after its old one ended; c1 hears at its next heartbeat.
        long revokedAt = run.at("c1", moved, 1);
        assertWithin(65_000, 65_000 + HEARTBEAT_MS + 2 * SLACK_MS, revokedAt, "c1 revokes T");
        // c1, busy with its own task, handed T to its state updater at its next checkStateUpdater: within a poll.ms.
        long reached = (revokedAt - restoringAt) * RESTORED_PER_MS;
        long reachedAtLeast = (revokedAt - restoringAt - StreamsApp.DEFAULT_POLL_MS) * RESTORED_PER_MS;
        assertTrue(CHANGELOG_RECORDS + 600 - reached > ACCEPTABLE_LAG, "c1 is not caught up when T moves: " + reached);
        long standbyAt = run.at("c2", moved, 3);
        assertWithin(revokedAt - SLACK_MS, revokedAt + SLACK_MS, standbyAt, "the withheld task, same generation");
        long handedOverAt = run.at("c2", moved, 5);
        assertWithin(revokedAt, revokedAt + HEARTBEAT_MS + SLACK_MS, handedOverAt, "after c1 revoked it");
        assertEquals(handedOverAt, run.at("c2", moved, 4), "recycled: closed and restoring at the same instant");
        assertHandedOverRestoredAndRun(handedOverAt, StreamsApp.DEFAULT_POLL_MS, run.at("c2", moved, 6),
                "running once the restore poll(poll.ms) found the store at its changelog's end");

        assertWithin(150_000, 150_000 + SLACK_MS, run.at("c2", moved, 7), "c2's close at its stop");
        long resumedAt = run.at("c1", moved, 2);
        assertWithin(150_000, 150_000 + HEARTBEAT_MS + SLACK_MS, resumedAt, "c1 gets T again");
        // c2 ran T from its return to its clean stop and processed every record produced by 150 s.
        long end = CHANGELOG_RECORDS + 150 * RECORDS_PER_SECOND;
        long runningAt = run.at("c1", moved, 3);
        assertWithin(resumedAt + (end - reached) / RESTORED_PER_MS - 1,
                resumedAt + (end - reachedAtLeast) / RESTORED_PER_MS + 2 * StreamsApp.DEFAULT_POLL_MS + 1, runningAt,
                "c1 restores from between " + reachedAtLeast + " and " + reached + " to " + end);
        // Completed restorations: both tasks' first (100,000 each), c1's resumed one; the revoked one never finished
        // and c2's return restored nothing.
        long restored = metric(run(yaml, "lifecycle-revoked-restoring"), "recordsRestored");
        assertWithin(2 * CHANGELOG_RECORDS + end - reached - 20, 2 * CHANGELOG_RECORDS + end - reachedAtLeast + 20,
                restored, "recordsRestored");
    }

    /**
     * One instance, one task; c1 is killed at 9 s, about 4 s into restoring 100,000 records (some 39,700 restored at
     * 10,000/s), and starts again 5 s later with its volume. A kill leaves a store at what RocksDB had flushed
     * (KIP-1035: offsets in the store, write-ahead log off): its last clean close (none here: offset 0) plus every
     * whole 16 MiB write buffer written since (§19). So the restoration resumes neither from 0 nor from the offset
     * reached but from the last whole write buffer: with 1,000-byte records (16,777 records a buffer) from 2 buffers,
     * 33,554; with 100-byte records (167,772 a buffer, more than the whole changelog) from 0.
     */
    @Test
    void aCrashWhileRestoringResumesFromTheLastWriteBufferRocksDbFlushed() {
        for (long recordBytes : new long[] {1_000, DEFAULT_RECORD_BYTES}) {
            String yaml = app("70s", 1, 1, "", statefulWith(recordBytes),
                    "- {at: 9s, crash: {consumer: c1, restartAfter: 5s}}");
            String name = "lifecycle-crash-restoring-" + recordBytes;
            Lifecycle run = lifecycle(yaml, name);
            TaskId task = new TaskId(0, 0);
            Expected expected = new Expected();
            expected.then("c1", task, RESTORING, CLOSED, RESTORING, RUNNING);
            assertEquals(expected.sequences, run.sequences(), name);

            long restoringAt = run.at("c1", task, 0);
            assertFirstAssignment(restoringAt, 1, name);
            assertEquals(9_000, run.at("c1", task, 1), name + ": the kill closes the task at once");
            // The new process is a new member: the join completes once the old one's session has expired, 45 s
            // after its last heartbeat (at most 3 s before the kill).
            long resumedAt = run.at("c1", task, 2);
            assertWithin(9_000 + SESSION_MS - HEARTBEAT_MS, 9_000 + SESSION_MS + SLACK_MS, resumedAt, name);
            long reached = (9_000 - restoringAt) * RESTORED_PER_MS;
            long perBuffer = TopologySpec.ROCKSDB_WRITE_BUFFER_BYTES / recordBytes;
            long flushed = reached / perBuffer * perBuffer;
            if (recordBytes == DEFAULT_RECORD_BYTES) {
                assertEquals(0, flushed, "a store smaller than one write buffer was never flushed");
            } else {
                assertTrue(flushed > 0 && flushed < reached, "neither 0 nor the offset reached: " + flushed);
            }
            // Nobody processed anything (the only instance restored, then was down): the changelog's end is still
            // 100,000.
            long left = CHANGELOG_RECORDS - flushed;
            assertHandedOverRestoredAndRun(resumedAt, (double) left / RESTORED_PER_MS, run.at("c1", task, 3),
                    name + " RUNNING");
            // Only the second restoration completed.
            assertEquals(left, metric(run(yaml, name), "recordsRestored"), name);
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // RUNNING -> CLOSED (revoked), RUNNING -> CLOSED -> STANDBY (demoted)

    /**
     * A stateless application scales out from 2 instances to 3 at 60 s. HAT places stateless tasks on the least
     * loaded client, ties by process id, with no stickiness: the placement over 3 is dealt afresh, and only the tasks
     * whose place changes move. Cooperative rebalancing: a moving task is revoked (closed) by its owner in the first
     * generation and started by its new owner in the follow-up; the tasks that stay are never closed.
     */
    @Test
    void aScaleOutClosesOnlyTheTasksThatMoveBeforeTheirNewOwnerRunsThem() {
        Lifecycle run = lifecycle(app("90s", 2, 6, "", STATELESS, "- {at: 60s, start: {count: 1}}"), "lifecycle-scale-out");
        Map<TaskId, String> before = dealtStateless(6, TWO);
        Map<TaskId, String> after = dealtStateless(6, THREE);
        Expected expected = new Expected();
        int moved = 0;
        for (TaskId task : before.keySet()) {
            String from = before.get(task);
            String to = after.get(task);
            expected.then(from, task, RESTORING, RUNNING);
            if (!from.equals(to)) {
                moved++;
                expected.then(from, task, CLOSED);
                expected.then(to, task, RESTORING, RUNNING);
            }
        }
        assertEquals(expected.sequences, run.sequences());
        assertTrue(moved >= 2, "at least c3's 2 tasks move: " + moved);
        for (TaskId task : before.keySet()) {
            String from = before.get(task);
            String to = after.get(task);
            if (!from.equals(to)) {
                // c3 joins after its 2 s JVM start; the others hear of the rebalance at their next heartbeat.
                long revokedAt = run.at(from, task, 2);
                assertWithin(62_000, 62_000 + HEARTBEAT_MS + 2 * SLACK_MS, revokedAt, from + " revokes " + task);
                long takenAt = run.at(to, task, 0);
                assertWithin(revokedAt, revokedAt + HEARTBEAT_MS, takenAt, to + " takes " + task + " once revoked");
                // A stateless task too runs only once its stream thread has taken it from the state updater.
                assertRunsAfter(takenAt, run.at(to, task, 1), to + " runs " + task);
            }
        }
    }

    /**
     * The kill of c2 continued past the probing rebalance. After the eviction 2 instances are left, and HAT's
     * balanced placement over them (dealt round robin) differs from where the tasks run: the tasks that stayed where
     * they ran could not move (their balanced place was not caught up), so HAT placed warm-ups and asked for a probing
     * rebalance 60 s later. By then every standby is caught up, and each task off its balanced place moves there: its
     * owner, caught up, keeps it as the standby (the only other instance), so Kafka recycles the active into a standby
     * (RUNNING, CLOSED, STANDBY) in the probing generation, and the new owner recycles its standby into the active in
     * the follow-up one.
     */
    @Test
    void aProbingRebalanceDemotesARunningTaskToAStandbyOnTheSameInstance() {
        Lifecycle run = lifecycle(standbysThenAKill("240s"), "lifecycle-demotion");
        Map<TaskId, String> actives = dealt(6, THREE);
        Map<TaskId, String> standbys = standbysOf(actives, THREE);
        Expected expected = untilTheEviction(actives, standbys);
        Map<TaskId, String> balanced = dealt(6, List.of("c1", "c3"));
        // Where each task runs after the eviction: where it ran, or at its standby's for c2's.
        Map<TaskId, String> moved = new TreeMap<>();
        for (TaskId task : actives.keySet()) {
            String running = actives.get(task).equals(KILLED) ? standbys.get(task) : actives.get(task);
            if (!running.equals(balanced.get(task))) {
                moved.put(task, running);
                expected.then(running, task, CLOSED, STANDBY);
                expected.then(balanced.get(task), task, CLOSED, RESTORING, RUNNING);
            }
        }
        assertTrue(!moved.isEmpty(), "some task runs off HAT's balanced place after the eviction");
        assertEquals(expected.sequences, run.sequences());
        TaskId promoted = tasksOf(actives, KILLED).get(0);
        long evictionAssignmentMs = run.at(standbys.get(promoted), promoted, 2);
        for (TaskId task : moved.keySet()) {
            String demoted = moved.get(task);
            int last = run.states(demoted, task).size() - 1;
            long demotedAt = run.at(demoted, task, last);
            assertEquals(demotedAt, run.at(demoted, task, last - 1), "recycled: closed and a standby at once");
            assertWithin(evictionAssignmentMs + PROBING_MS, evictionAssignmentMs + PROBING_MS + HEARTBEAT_MS + SLACK_MS,
                    demotedAt, demoted + " " + task + " demoted at the probing rebalance");
            int lastThere = run.states(balanced.get(task), task).size() - 1;
            long promotedAt = run.at(balanced.get(task), task, lastThere);
            assertWithin(demotedAt, demotedAt + HEARTBEAT_MS, promotedAt, task + " promoted once revoked");
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // STANDBY -> CLOSED while the instance runs on

    /**
     * c3 restarts at 120 s (5 s down, LEAVE_GROUP) with its volume. Take a task whose standby was on c3: its active
     * stays where it runs throughout (the third pod, with no state for it, is never caught up), and with 2 instances
     * left its standby must go to the third pod. When c3 returns, caught up (its stores closed cleanly 7 s before,
     * within acceptable.recovery.lag), HAT's placement, which does not depend on history, is the initial one again and
     * needs no warm-up: the standby goes back to c3, and the third pod, still running, closes its own.
     */
    @Test
    void aStandbyNoLongerAssignedIsClosedWhileItsInstanceRunsOn() {
        Lifecycle run = lifecycle(app("170s", 3, 6, ONE_STANDBY, STATEFUL,
                "- {at: 120s, restart: {consumer: c3, downtime: 5s}}"), "lifecycle-standby-unassigned");
        Map<TaskId, String> actives = dealt(6, THREE);
        Map<TaskId, String> standbys = standbysOf(actives, THREE);
        for (TaskId task : tasksOf(standbys, "c3")) {
            String third = otherThan(THREE, actives.get(task), "c3");
            assertEquals(List.of(RESTORING, RUNNING), run.states(actives.get(task), task), task + " active");
            assertEquals(List.of(STANDBY, CLOSED, STANDBY), run.states("c3", task), task + " on c3");
            assertEquals(List.of(STANDBY, CLOSED), run.states(third, task), task + " on " + third);
            assertWithin(120_000, 120_000 + SLACK_MS, run.at("c3", task, 1), "c3's clean close");
            assertWithin(120_000, 120_000 + HEARTBEAT_MS + SLACK_MS, run.at(third, task, 0), "the leave's rebalance");
            // c3's new process joins 5 s + 2 s (JVM start) after the old one ended; the others hear at their next
            // heartbeat.
            long returnedAt = run.at("c3", task, 2);
            assertWithin(127_000, 127_000 + HEARTBEAT_MS + 2 * SLACK_MS, returnedAt, "c3 back");
            assertWithin(returnedAt - SLACK_MS, returnedAt + SLACK_MS, run.at(third, task, 1), "closed at c3's return");
        }
        // c3's actives: closed at the stop; back, withheld as standbys while their owners still run them (c3 has their
        // state), then recycled into actives in the follow-up rebalance, with nothing to restore but the restore poll.
        for (TaskId task : tasksOf(actives, "c3")) {
            assertEquals(List.of(RESTORING, RUNNING, CLOSED, STANDBY, CLOSED, RESTORING, RUNNING), run.states("c3", task),
                    task.toString());
        }
        // Every pod ends as it began: HAT's placement again.
        for (String pod : THREE) {
            assertEquals(tasksOf(actives, pod), run.openAtTheEnd(pod, RUNNING), pod + " actives");
            assertEquals(tasksOf(standbys, pod), run.openAtTheEnd(pod, STANDBY), pod + " standbys");
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // The check every run goes through

    @Test
    void theLifecycleCheckRefusesImpossibleTransitions() {
        TaskId task = new TaskId(0, 0);
        new Lifecycle(changes(task, RESTORING, RUNNING, CLOSED, STANDBY, CLOSED, RESTORING, CLOSED, RUNNING));
        List<List<TaskState>> impossible = List.of(List.of(RESTORING, STANDBY), List.of(STANDBY, RUNNING),
                List.of(RUNNING, RESTORING), List.of(STANDBY, RESTORING), List.of(RUNNING, RUNNING), List.of(CLOSED),
                List.of(RUNNING, CLOSED, CLOSED));
        for (List<TaskState> states : impossible) {
            assertThrows(AssertionError.class, () -> new Lifecycle(changes(task, states.toArray(TaskState[]::new))),
                    states.toString());
        }
    }

    /**
     * Whether Kafka's TaskManager can show {@code next} right after {@code before} (null: the task was never on this
     * instance). A task object starts as an active (RESTORING, or RUNNING with nothing to restore) or as a standby,
     * and ends CLOSED; a new one may start after that from the stores left on disk. Kafka never turns one kind into
     * another in place: a standby promoted to active, or an active demoted to standby, is closed and its stores
     * recycled into a new task object (TaskManager, "Closed and recycled state"). So RESTORING to STANDBY, STANDBY
     * to RUNNING, RUNNING back to RESTORING, a state repeated, or anything but a fresh start after CLOSED cannot be.
     */
    private static boolean possible(TaskState before, TaskState next) {
        if (before == null || before == CLOSED) {
            return next != CLOSED;
        }
        if (before == RESTORING) {
            return next == RUNNING || next == CLOSED;
        }
        return next == CLOSED;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Helpers

    /**
     * The one base scenario: {@code instances} Kafka Streams pods of one stream thread over a topic of {@code partitions}
     * partitions at 10 records/s each, one sub-topology (tasks 0_0, 0_1, ...), 1 ms a record, a 2 s JVM start, a
     * persistent state directory, restoreRate 10,000/s, probing.rebalance.interval.ms at its minimum, 60 s, and
     * CloseOptions LEAVE_GROUP, so a stopped instance's tasks move at once rather than a session later (§19).
     *
     * @param config      StreamsConfig entries, "" or starting with ", "
     * @param subtopology {@link #STATELESS} or a {@link #statefulWith} sub-topology
     * @param timeline    the timeline entries, one YAML line each
     */
    private static String app(String duration, int instances, int partitions, String config, String subtopology,
                              String... timeline) {
        StringBuilder entries = new StringBuilder();
        for (String entry : timeline) {
            entries.append("  ").append(entry).append('\n');
        }
        return """
                duration: %s
                group: {id: lifecycle}
                topics: [{name: orders, partitions: %d, rate: %d/s}]
                consumers:
                  count: %d
                  app: streams
                  config: {probing.rebalance.interval.ms: 60s%s}
                  processing: {constant: 1ms}
                  startup: {jvmStart: 2s}
                  closeOptions: {groupMembershipOperation: LEAVE_GROUP}
                  topology:
                    subtopologies: [{source: [orders]%s}]
                    restoreRate: %d/s
                    stateDirectory: persistent
                timeline:%s
                %s""".formatted(duration, partitions, partitions * RECORDS_PER_SECOND, instances, config, subtopology,
                RESTORED_PER_MS * 1000, entries.isEmpty() ? " []" : "", entries);
    }

    /** A stateful sub-topology whose tasks' changelogs start with 100,000 records of {@code recordBytes} bytes. */
    private static String statefulWith(long recordBytes) {
        return ", stateful: true, changelog: {records: " + CHANGELOG_RECORDS + ", recordBytes: " + recordBytes + "}";
    }

    private static Lifecycle lifecycle(String yaml, String name) {
        return new Lifecycle(taskStates(yaml, name, "base"));
    }

    /**
     * The first assignment of a new group: the pods join after their 2 s JVM start and the coordinator waits
     * group.initial.rebalance.delay.ms (3 s); when other members joined meanwhile it waits once more (3 s), as they
     * all do within those first 3 s. Then a few round trips.
     */
    private static void assertFirstAssignment(long atMs, int instances, String what) {
        long fromMs = JVM_START_MS + INITIAL_DELAY_MS * (instances > 1 ? 2 : 1);
        assertWithin(fromMs, fromMs + SLACK_MS, atMs, what + " at the first assignment");
    }

    /**
     * The assignment after c2's kill at 120 s: the coordinator evicts it session.timeout.ms after its last heartbeat,
     * at most a heartbeat interval before the kill, and the others rejoin at their next heartbeat.
     */
    private static void assertEvicted(long atMs, String what) {
        assertWithin(KILL_AT_MS + SESSION_MS - HEARTBEAT_MS, KILL_AT_MS + SESSION_MS + HEARTBEAT_MS + SLACK_MS, atMs, what);
    }

    /** The pods in the order Kafka's assignor breaks ties in: the model's process id is the name-based UUID (§26). */
    private static List<String> inProcessIdOrder(List<String> pods, UnaryOperator<String> processName) {
        return pods.stream().sorted(Comparator.comparing(
                (String pod) -> StreamsKafkaTypes.processId(processName.apply(pod)).id())).toList();
    }

    /**
     * Where HighAvailabilityTaskAssignor puts the active tasks when no caught-up client holds one back: the tasks in
     * order, dealt round robin over the clients in process-id order (assignActiveStatefulTasks; a stateless task goes
     * to the least loaded client, ties by process id, which for clients of one thread each deals the same way).
     */
    private static Map<TaskId, String> dealt(int partitions, List<String> pods) {
        return dealtInOrder(partitions, inProcessIdOrder(pods, UnaryOperator.identity()));
    }

    /**
     * {@link #dealt} for a stateless application, whose processes keep no id: each pod's first start draws one
     * (the runs here take the default seed, 1).
     */
    private static Map<TaskId, String> dealtStateless(int partitions, List<String> pods) {
        return dealtInOrder(partitions, inProcessIdOrder(pods, pod -> StreamsTasks.drawnProcessId(1, pod, 1)));
    }

    private static Map<TaskId, String> dealtInOrder(int partitions, List<String> order) {
        Map<TaskId, String> placement = new TreeMap<>();
        for (int p = 0; p < partitions; p++) {
            placement.put(new TaskId(0, p), order.get(p % order.size()));
        }
        return placement;
    }

    /**
     * DefaultStandbyTaskAssignor with num.standby.replicas 1 (no client tags): each stateful task in order to the
     * client with the fewest assigned tasks, actives and standbys, among those that do not have it, ties by process id.
     */
    private static Map<TaskId, String> standbysOf(Map<TaskId, String> actives, List<String> pods) {
        List<String> order = inProcessIdOrder(pods, UnaryOperator.identity());
        Map<String, Integer> load = new HashMap<>();
        actives.values().forEach(pod -> load.merge(pod, 1, Integer::sum));
        Map<TaskId, String> standbys = new TreeMap<>();
        actives.forEach((task, active) -> {
            String least = order.stream().filter(pod -> !pod.equals(active))
                    .min(Comparator.comparing((String pod) -> load.getOrDefault(pod, 0)).thenComparing(order::indexOf))
                    .orElseThrow();
            standbys.put(task, least);
            load.merge(least, 1, Integer::sum);
        });
        return standbys;
    }

    /** The tasks a placement gives {@code pod}, in task order. */
    private static List<TaskId> tasksOf(Map<TaskId, String> placement, String pod) {
        return placement.entrySet().stream().filter(e -> e.getValue().equals(pod)).map(Map.Entry::getKey).toList();
    }

    private static String otherThan(List<String> pods, String one, String two) {
        return pods.stream().filter(pod -> !pod.equals(one) && !pod.equals(two)).findFirst().orElseThrow();
    }

    /** Changelog records in one fetch of the restore consumer: max.partition.fetch.bytes, 1 MiB. */
    private static long chunk(long recordBytes) {
        return TopologySpec.FETCH_CHUNK_BYTES / recordBytes;
    }

    /**
     * How long the k-th (in task order) of {@code tasks} changelogs of {@code records} records each, that one instance
     * starts restoring together, takes (StreamsRestorationTest's derivation): the restore consumer drains a chunk of
     * one changelog before the next one's, in turn, so the k-th is done once every task's full chunks and k last
     * chunks are restored.
     */
    private static double restoredInTurnMs(long records, int tasks, int k, long recordBytes) {
        long chunk = chunk(recordBytes);
        long fullChunks = (records - 1) / chunk;
        long last = records - fullChunks * chunk;
        return (double) (tasks * fullChunks * chunk + k * last) / RESTORED_PER_MS;
    }

    /**
     * The records the k-th of two changelogs restored in turn (neither near its end) holds once {@code restored}
     * records were served to both: whole rounds of a chunk each, then the first one's next chunk.
     */
    private static long positionInTurn(long restored, int k, long recordBytes) {
        long chunk = chunk(recordBytes);
        long rounds = restored / (2 * chunk);
        long rest = restored - rounds * 2 * chunk;
        return rounds * chunk + (k == 1 ? Math.min(rest, chunk) : Math.max(0, rest - chunk));
    }

    /**
     * A task restored (or handed back by the state updater) at {@code restoredAtMs} runs at its stream thread's next
     * checkStateUpdater: when its present poll returns, at most poll.ms later (1 ms of rounding either side).
     */
    private static void assertRunsAfter(double restoredAtMs, long runningAtMs, String what) {
        assertWithin((long) Math.floor(restoredAtMs) - 1, (long) Math.ceil(restoredAtMs) + StreamsApp.DEFAULT_POLL_MS + 1,
                runningAtMs, what);
    }

    /**
     * A stateful task assigned at {@code assignedAtMs} is handed to the state updater at its stream thread's next
     * checkStateUpdater (at most poll.ms later, for a thread with nothing to fetch), restored in {@code restoreMs},
     * and run at the thread's next check after that (at most poll.ms more; 1 ms of rounding either side).
     */
    private static void assertHandedOverRestoredAndRun(long assignedAtMs, double restoreMs, long runningAtMs,
                                                       String what) {
        double restoredAtMs = assignedAtMs + restoreMs;
        assertWithin((long) Math.floor(restoredAtMs) - 1,
                (long) Math.ceil(restoredAtMs) + 2 * StreamsApp.DEFAULT_POLL_MS + 1, runningAtMs, what);
    }

    private static void assertWithin(long fromMs, long toMs, long atMs, String what) {
        assertTrue(atMs >= fromMs && atMs <= toMs, what + ": at " + atMs + ", expected within [" + fromMs + ", " + toMs + "]");
    }

    private static List<SimRuns.TaskStateEvent> changes(TaskId task, TaskState... states) {
        List<SimRuns.TaskStateEvent> events = new ArrayList<>();
        for (int i = 0; i < states.length; i++) {
            events.add(new SimRuns.TaskStateEvent(i, "c1", task, states[i]));
        }
        return events;
    }

    /** The sequences a test expects, pod by pod and task by task; {@link #then} appends. */
    private static final class Expected {
        private final Map<String, Map<TaskId, List<TaskState>>> sequences = new TreeMap<>();

        Expected then(String pod, TaskId task, TaskState... states) {
            sequences.computeIfAbsent(pod, p -> new TreeMap<>()).computeIfAbsent(task, t -> new ArrayList<>())
                    .addAll(Arrays.asList(states));
            return this;
        }
    }

    /** A run's task state changes, per pod and task in time order, each checked by {@link #possible} as it is read. */
    private static final class Lifecycle {
        private final Map<String, Map<TaskId, List<SimRuns.TaskStateEvent>>> changes = new TreeMap<>();

        Lifecycle(List<SimRuns.TaskStateEvent> events) {
            for (SimRuns.TaskStateEvent event : events) {
                List<SimRuns.TaskStateEvent> seen = changes.computeIfAbsent(event.pod(), p -> new TreeMap<>())
                        .computeIfAbsent(event.task(), t -> new ArrayList<>());
                TaskState before = seen.isEmpty() ? null : seen.get(seen.size() - 1).state();
                assertTrue(possible(before, event.state()), event.pod() + " " + event.task() + ": " + before + " -> "
                        + event.state() + " at " + event.atMs() + " after " + seen);
                seen.add(event);
            }
        }

        Map<String, Map<TaskId, List<TaskState>>> sequences() {
            Map<String, Map<TaskId, List<TaskState>>> sequences = new TreeMap<>();
            changes.forEach((pod, tasks) -> tasks.forEach((task, events) -> sequences
                    .computeIfAbsent(pod, p -> new TreeMap<>())
                    .put(task, events.stream().map(SimRuns.TaskStateEvent::state).toList())));
            return sequences;
        }

        List<TaskState> states(String pod, TaskId task) {
            return changes.getOrDefault(pod, Map.of()).getOrDefault(task, List.of()).stream()
                    .map(SimRuns.TaskStateEvent::state).toList();
        }

        /** When {@code pod}'s {@code index}-th change of {@code task} (from 0) happened. */
        long at(String pod, TaskId task, int index) {
            return changes.get(pod).get(task).get(index).atMs();
        }

        /** The tasks {@code pod} holds in {@code state} at the end of the run, in task order. */
        List<TaskId> openAtTheEnd(String pod, TaskState state) {
            return changes.getOrDefault(pod, Map.of()).entrySet().stream()
                    .filter(e -> e.getValue().get(e.getValue().size() - 1).state() == state).map(Map.Entry::getKey).toList();
        }
    }
}
