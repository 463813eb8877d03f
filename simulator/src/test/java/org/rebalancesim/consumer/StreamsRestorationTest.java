package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.consumer.StreamsScenarios.CHANGELOG_RECORDS;
import static org.rebalancesim.consumer.StreamsScenarios.RESTORE_PER_SECOND;
import static org.rebalancesim.consumer.StreamsScenarios.STATEFUL;
import static org.rebalancesim.consumer.StreamsScenarios.streams;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;

import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.VariantResult;

/**
 * Restoration (docs/kafka-semantics.md §19): an active stateful task replays its changelog from the local
 * store's offset to the end before it runs, at the instance's restore rate shared by the tasks it restores at
 * once; each processed input record writes one changelog record (changelog.perRecord 1).
 */
class StreamsRestorationTest {

    /** Records of one partition processed by {@code atMs}: 10/s, all of them (the instances keep up). */
    private static long processedBy(long atMs) {
        return atMs / 100;
    }

    @Test
    void everyTaskRestoresItsWholeChangelogAtTheStartSharingItsInstancesRate() {
        VariantResult result = run(streams("60s", "0s", "", STATEFUL, "persistent", ""), "streams-first-restore");
        // 2 tasks per instance, 100,000 records each, 10,000 records/s shared: both run after 20 s.
        long perTaskMs = 2 * CHANGELOG_RECORDS * 1000 / RESTORE_PER_SECOND;
        assertEquals(6 * CHANGELOG_RECORDS, metric(result, "recordsRestored"));
        long restoring = metric(result, "taskDowntimeByCause.restoring");
        assertTrue(restoring >= 6 * perTaskMs && restoring <= 6 * (perTaskMs + 2), "restoring " + restoring);
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
        // Both restore at once on c2, sharing its rate.
        long restoring = metric(result, "taskDowntimeByCause.restoring");
        long bothMs = restored * 1000 / RESTORE_PER_SECOND;
        assertTrue(Math.abs(restoring - 2 * bothMs) <= 4, "restoring " + restoring + ", expected " + 2 * bothMs);
    }

    /**
     * A clean close writes every store's offsets: c2's state directory holds its changelogs' ends, and nobody
     * processed its tasks while its old member held them, so the new c2 is caught up and restores nothing.
     */
    @Test
    void anInstanceThatKeptItsVolumeRestoresNothingAfterACleanClose() {
        VariantResult result = run(restartedAt120s("persistent"), "streams-restart-persistent");
        assertEquals(0, metric(result, "recordsRestored"));
        assertEquals(0, metric(result, "taskDowntimeByCause.restoring"));
    }
}
