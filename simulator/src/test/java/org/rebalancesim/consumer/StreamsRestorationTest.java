package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.consumer.StreamsScenarios.CHANGELOG_RECORDS;
import static org.rebalancesim.consumer.StreamsScenarios.RESTORE_PER_SECOND;
import static org.rebalancesim.consumer.StreamsScenarios.STATEFUL;
import static org.rebalancesim.consumer.StreamsScenarios.streams;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.TaskState;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.partition.TaskId;
import org.rebalancesim.run.SimRuns;
import org.rebalancesim.scenario.StreamsApp;
import org.rebalancesim.scenario.TopologySpec;

/**
 * Restoration (docs/kafka-semantics.md §19): an active stateful task replays its changelog from the local
 * store's offset to the end before it runs, at the instance's restore rate, one fetched chunk of a changelog
 * at a time, the changelogs in turn; each processed input record writes one changelog record (changelog.perRecord 1).
 */
class StreamsRestorationTest {

    /** Records of one partition processed by {@code atMs}: 10/s, all of them (the instances keep up). */
    private static long processedBy(long atMs) {
        return atMs / 100;
    }

    /**
     * The restoring time, summed, of {@code tasks} changelogs of {@code recordsEach} records restored on one
     * instance: its restore consumer drains one fetched chunk (max.partition.fetch.bytes 1 MiB of 100-byte
     * records: 10,485) of a changelog before the next one's, in turn, so the k-th task is done once every
     * task's full chunks and k last chunks are restored.
     */
    static long restoringInTurnMs(long recordsEach, int tasks) {
        long chunk = TopologySpec.FETCH_CHUNK_BYTES / TopologySpec.DEFAULT_CHANGELOG_RECORD_BYTES;
        long fullChunks = (recordsEach - 1) / chunk;
        long last = recordsEach - fullChunks * chunk;
        long summed = 0;
        for (int k = 1; k <= tasks; k++) {
            summed += (tasks * fullChunks * chunk + k * last) * 1000 / RESTORE_PER_SECOND;
        }
        return summed;
    }

    @Test
    void everyTaskRestoresItsWholeChangelogAtTheStartChunkByChunkInTurn() {
        VariantResult result = run(streams("60s", "0s", "", STATEFUL, "persistent", ""), "streams-first-restore");
        // 2 tasks per instance, 100,000 records each, 10,000 records/s: the first done at 19.4 s, the second
        // at 20 s (all of the instance's records), on each of the 3 instances.
        assertEquals(10_485, TopologySpec.FETCH_CHUNK_BYTES / TopologySpec.DEFAULT_CHANGELOG_RECORD_BYTES);
        assertEquals(6 * CHANGELOG_RECORDS, metric(result, "recordsRestored"));
        // Each of the 6 tasks goes to its state updater at its stream thread's next checkStateUpdater after the
        // assignment and runs at the next one after its restoration: at most one poll.ms later each.
        long restoring = metric(result, "taskDowntimeByCause.restoring");
        long expected = 3 * restoringInTurnMs(CHANGELOG_RECORDS, 2);
        assertTrue(restoring >= expected - 6 && restoring <= expected + 2 * 6 * StreamsApp.DEFAULT_POLL_MS,
                "restoring " + restoring + ", expected " + expected + " + up to two poll.ms a task");
    }

    /**
     * startup.firstActiveTask 500 ms: each instance's first active tasks restore 500 ms after their assignment, so
     * each is restoring 500 ms longer than without it; a task moved later to an instance that has run active tasks
     * before restores at once (c3 stops at 60 s and its two tasks move to c1 and c2 when its session ends; a probing
     * rebalance moves two tasks again).
     */
    @Test
    void anInstancesFirstActiveTasksWaitForItsColdWorkAndLaterOnesDoNot() {
        String warm = streams("200s", "0s", "", STATEFUL, "persistent", "", "- {at: 60s, stop: {consumer: c3}}");
        String cold = warm.replace("startup: {jvmStart: 2s}", "startup: {jvmStart: 2s, firstActiveTask: 500ms}");
        assertTrue(cold.contains("firstActiveTask"), "the template still reads startup: {jvmStart: 2s}");
        List<Restoring> without = restorings(SimRuns.taskStates(warm, "streams-warm", "base"));
        List<Restoring> with = restorings(SimRuns.taskStates(cold, "streams-cold", "base"));
        // 6 tasks at the start; c3's 2 on c1 and c2 at its session's end; 2 moved back by a probing rebalance a
        // minute later, their stores at their changelogs' ends (one restore poll each).
        assertEquals(10, without.size(), without.toString());
        assertEquals(without.size(), with.size());
        for (int i = 0; i < without.size(); i++) {
            Restoring before = without.get(i);
            Restoring after = with.get(i);
            assertEquals(before.pod() + " " + before.task() + " from " + before.sinceMs(),
                    after.pod() + " " + after.task() + " from " + after.sinceMs(), "the same assignments");
            long added = i < 6 ? 500 : 0;
            assertEquals(before.ms() + added, after.ms(), before + (i < 6 ? ": a first active task" : ": a later one"));
        }
    }

    /**
     * A process's cold work (startup.firstActiveTask 500 ms) holds back its first stateless tasks too: creating
     * them and initializing their processors is the same cold code. Each instance's first tasks are handed to the
     * state updater at the thread's first check after the cold work, so they run 500 ms to 500 ms + poll.ms after
     * their assignment, where without it they run within a poll.ms; c3's tasks, moved at 60 s to instances that ran
     * tasks before, run within a poll.ms either way.
     */
    @Test
    void anInstancesFirstStatelessTasksWaitForItsColdWorkToo() {
        String warm = streams("200s", "0s", "", StreamsScenarios.STATELESS, "persistent", "",
                "- {at: 60s, stop: {consumer: c3}}");
        String cold = warm.replace("startup: {jvmStart: 2s}", "startup: {jvmStart: 2s, firstActiveTask: 500ms}");
        assertTrue(cold.contains("firstActiveTask"), "the template still reads startup: {jvmStart: 2s}");
        List<Restoring> without = restorings(SimRuns.taskStates(warm, "stateless-warm", "base"));
        List<Restoring> with = restorings(SimRuns.taskStates(cold, "stateless-cold", "base"));
        assertTrue(without.size() > 6, without.toString());
        assertEquals(without.size(), with.size());
        long pollMs = StreamsApp.DEFAULT_POLL_MS;
        for (int i = 0; i < with.size(); i++) {
            long coldMs = i < 6 ? 500 : 0;
            Restoring after = with.get(i);
            assertTrue(without.get(i).ms() <= pollMs, without.get(i) + ": handed over within a poll.ms");
            assertTrue(after.ms() >= coldMs && after.ms() <= coldMs + pollMs,
                    after + (i < 6 ? ": a first active task, after the cold work" : ": a later one"));
        }
    }

    private record Restoring(String pod, TaskId task, long sinceMs, long ms) {
    }

    /** Every restoration: its pod, task, start and length, in the order they began. */
    private static List<Restoring> restorings(List<SimRuns.TaskStateEvent> events) {
        List<Restoring> done = new ArrayList<>();
        Map<String, SimRuns.TaskStateEvent> began = new HashMap<>();
        for (SimRuns.TaskStateEvent event : events) {
            String key = event.task() + " on " + event.pod();
            SimRuns.TaskStateEvent start = began.remove(key);
            if (event.state() == TaskState.RESTORING) {
                began.put(key, event);
            } else if (start != null) {
                done.add(new Restoring(event.pod(), event.task(), start.atMs(), event.atMs() - start.atMs()));
            }
        }
        done.sort(Comparator.comparingLong(Restoring::sinceMs).thenComparing(Restoring::pod)
                .thenComparing(Restoring::task));
        return done;
    }

    /** c2 restarted at 120 s (5 s down) with Streams' default close: no LeaveGroup, its old member keeps its tasks. */
    private static String restartedAt120s(String stateDirectory) {
        return streams("220s", "100s", "", STATEFUL, stateDirectory, "",
                "- {at: 120s, restart: {consumer: c2, downtime: 5s}}");
    }

    /**
     * Nobody has c2's tasks' state but c2 (no standbys): Kafka's assignor finds no caught-up client for them and
     * keeps its balanced placement, so the new c2 gets them back after its old session expires. Its new pod has
     * an empty state directory, and each changelog holds 100,000 records + one per input record processed by
     * the close (10/s for 120 s; the close commits, so nothing is processed twice).
     */
    @Test
    void anInstanceWithoutItsVolumeRestoresItsTasksFromTheStart() {
        VariantResult result = run(restartedAt120s("ephemeral"), "streams-restart-ephemeral");
        long perTask = CHANGELOG_RECORDS + processedBy(120_000);
        long restored = metric(result, "recordsRestored");
        assertTrue(restored >= 2 * (perTask - 20) && restored <= 2 * perTask, "recordsRestored " + restored);
        // Both go to c2's state updater at its next checkStateUpdater, restore in turn, chunk by chunk, and each
        // runs at c2's next checkStateUpdater after.
        long restoring = metric(result, "taskDowntimeByCause.restoring");
        long expected = restoringInTurnMs(restored / 2, 2);
        assertTrue(restoring >= expected - 10 && restoring <= expected + 10 + 2 * 2 * StreamsApp.DEFAULT_POLL_MS,
                "restoring " + restoring + ", expected " + expected + " + up to two poll.ms a task");
    }

    /**
     * A clean close writes every store's offsets: c2's state directory holds its changelogs' ends, and nobody
     * processed its tasks while its old member held them, so the new c2 is caught up and restores nothing: each
     * task is restoring only until the stream thread hands it to its state updater, at its next checkStateUpdater,
     * for the restore consumer's one poll(poll.ms) that finds it at its end (100 ms, the default), then until the
     * thread's next check; the thread's checks come at the ends of its own polls (it has nothing to fetch
     * meanwhile): up to one poll.ms each.
     */
    @Test
    void anInstanceThatKeptItsVolumeRestoresNothingAfterACleanClose() {
        VariantResult result = run(restartedAt120s("persistent"), "streams-restart-persistent");
        assertEquals(0, metric(result, "recordsRestored"));
        long restoring = metric(result, "taskDowntimeByCause.restoring");
        assertTrue(restoring > 2 * StreamsApp.DEFAULT_POLL_MS && restoring <= 2 * 3 * StreamsApp.DEFAULT_POLL_MS,
                "restoring " + restoring);
    }
}
