package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.consumer.StreamsScenarios.CHANGELOG_RECORDS;
import static org.rebalancesim.consumer.StreamsScenarios.HEARTBEAT_MS;
import static org.rebalancesim.consumer.StreamsScenarios.SESSION_MS;
import static org.rebalancesim.consumer.StreamsScenarios.STATEFUL;
import static org.rebalancesim.consumer.StreamsScenarios.streams;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;

import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.VariantResult;

/**
 * Standby replicas and unclean stops (docs/kafka-semantics.md §19). c2 is killed at 120 s; the coordinator
 * evicts it a session later. A standby follows its task's changelog, so the instance that holds it is caught
 * up (within acceptable.recovery.lag, 10,000 records) and Kafka's assignor fails the task over to it.
 */
class StreamsStandbyTest {

    private static String killedAt120s(String config, String stateDirectory, String restartAfter) {
        return streams("240s", "100s", config, STATEFUL, stateDirectory, "",
                "- {at: 120s, crash: {consumer: c2" + restartAfter + "}}");
    }

    @Test
    void aStandbyTakesOverWithLittleToRestore() {
        VariantResult standby = run(killedAt120s(", num.standby.replicas: 1", "persistent", ""), "streams-standby");
        VariantResult none = run(killedAt120s("", "persistent", ""), "streams-no-standby");
        long restoredWithStandby = metric(standby, "recordsRestored");
        assertTrue(restoredWithStandby <= 2 * 10_000,
                "at most acceptable.recovery.lag per task: " + restoredWithStandby);
        long restoredWithout = metric(none, "recordsRestored");
        assertTrue(restoredWithout >= 2 * CHANGELOG_RECORDS, "c1 and c3 restore c2's tasks whole: " + restoredWithout);
        // Either way c2's tasks wait for its session; without a standby their restoration comes on top.
        long longest = metric(standby, "maxTaskDowntimeMs");
        assertTrue(longest >= SESSION_MS - HEARTBEAT_MS && longest <= SESSION_MS + 2_000, "with a standby: " + longest);
        assertTrue(metric(none, "maxTaskDowntimeMs") >= SESSION_MS - HEARTBEAT_MS + CHANGELOG_RECORDS / 10,
                "without: " + metric(none, "maxTaskDowntimeMs"));
    }

    /**
     * Killed and back after 5 s, with its volume. Under exactly_once_v2 a store not closed cleanly is marked
     * corrupt and wiped: c2 restores its tasks from the changelogs' start. Under at_least_once Kafka Streams
     * 4.4.0 commits a store's changelog offsets into the store (KIP-1035) with RocksDB's write-ahead log off,
     * so after a kill the stores are back at their last clean close: never closed on this volume (first
     * restored by the killed process), c2 restores them whole too, as real Kafka Streams did (calibrate,
     * scenarios/calibration/streams-stateful-crash.yaml, kept: 20,199 of 20,199 records a task).
     */
    @Test
    void afterAKillBothGuaranteesRestoreFromTheLastCleanClose() {
        VariantResult exactlyOnce = run(killedAt120s(", processing.guarantee: exactly_once_v2", "persistent",
                ", restartAfter: 5s"), "streams-kill-eos");
        VariantResult atLeastOnce = run(killedAt120s("", "persistent", ", restartAfter: 5s"), "streams-kill-alos");
        assertTrue(metric(exactlyOnce, "recordsRestored") >= 2 * CHANGELOG_RECORDS,
                "wiped: " + metric(exactlyOnce, "recordsRestored"));
        assertTrue(metric(atLeastOnce, "recordsRestored") >= 2 * CHANGELOG_RECORDS,
                "no clean close on this volume: " + metric(atLeastOnce, "recordsRestored"));
        assertEquals(1, metric(atLeastOnce, "evictions"));
    }

    /**
     * The same kill after a clean restart of c2 at 60 s: its close flushed the stores at their changelogs'
     * end, so after the kill c2 restores only what its tasks wrote since that close (10 records/s a task).
     */
    @Test
    void afterACleanCloseAKillUnderAtLeastOnceRestoresWhatWasWrittenSince() {
        VariantResult result = run(streams("240s", "100s", "", STATEFUL, "persistent", "",
                "- {at: 60s, restart: {consumer: c2}}", "- {at: 120s, crash: {consumer: c2, restartAfter: 5s}}"),
                "streams-close-then-kill");
        long restored = metric(result, "recordsRestored");
        // At most 10 records/s a task for the 2 minutes from the close to the end of the run.
        assertTrue(restored > 0 && restored <= 2 * 10 * 120,
                "what c2's tasks wrote since its clean close: " + restored);
    }

    /**
     * Duplicates after the kill: at_least_once commits every 30 s (commit.interval.ms), so what c2 processed
     * since its last commit is processed again by its tasks' next owner, and its results are seen twice.
     * exactly_once_v2 (here with commits 5 s apart) processes that again too, recordsProcessed counts it, but
     * the first attempt's transaction was never committed: no result is seen twice.
     */
    @Test
    void aKillDuplicatesResultsUnderAtLeastOnceOnly() {
        VariantResult atLeastOnce = run(killedAt120s("", "persistent", ", restartAfter: 5s"), "streams-dup-alos");
        // Exactly-once with commits 5 s apart, so the kill leaves work to do again.
        VariantResult exactlyOnce = run(killedAt120s(", processing.guarantee: exactly_once_v2, commit.interval.ms: 5s",
                "persistent", ", restartAfter: 5s"), "streams-dup-eos");
        long duplicates = metric(atLeastOnce, "duplicates");
        // 2 partitions at 10/s, up to 30 s since the last commit.
        assertTrue(duplicates > 0 && duplicates <= 2 * 10 * 30, "at_least_once duplicates " + duplicates);
        long doneAgain = metric(exactlyOnce, "recordsProcessed") - metric(exactlyOnce, "recordsProcessedUnique");
        assertTrue(doneAgain > 0 && doneAgain <= 2 * 10 * 5, "exactly-once work done again: " + doneAgain);
        assertEquals(0, metric(exactlyOnce, "duplicates"));
    }
}
