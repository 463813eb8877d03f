package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;

import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.VariantResult;

/**
 * state.cleanup.delay.ms (docs/kafka-semantics.md §19): an instance deletes the state directories of tasks it no
 * longer holds once nobody wrote them for that long (StateDirectory#cleanRemovedTasks, run that often). Two
 * instances run 6 tasks; a third joins at 60 s and leaves (LEAVE_GROUP) at 210 s. With acceptable.recovery.lag
 * at its maximum every instance counts as caught up, so Kafka's assignor moves tasks to its own placement at
 * once: four tasks move at the join, and at the leave each goes back to the instance that had it before.
 */
class StreamsStateCleanupTest {

    private static String joinAndLeave(String cleanupDelay) {
        return """
                duration: 300s
                measure: {from: 200s}
                group: {id: streams-cleanup}
                topics: [{name: orders, partitions: 6, rate: 60/s}]
                consumers:
                  count: 2
                  app: streams
                  config: {acceptable.recovery.lag: 9223372036854775807%s}
                  processing: {constant: 1ms}
                  startup: {jvmStart: 2s}
                  topology:
                    subtopologies: [{source: [orders], stateful: true, changelog: {records: 100000}}]
                    restoreRate: 10000/s
                  closeOptions: {groupMembershipOperation: LEAVE_GROUP}
                timeline:
                  - {at: 60s, start: {count: 1}}
                  - {at: 210s, stop: {consumer: c3}}
                """.formatted(cleanupDelay);
    }

    @Test
    void aTaskBackBeforeTheCleanupRestoresItsGapAndOneBackAfterItRestoresWhole() {
        // Kept (10 minutes): each task that comes back restores what was written while it was away, 10 records
        // a second for about 150 s.
        VariantResult kept = run(joinAndLeave(""), "streams-cleanup-kept");
        long keptRestored = metric(kept, "recordsRestored");
        assertTrue(keptRestored > 0 && keptRestored <= 4 * 10 * 160, "recordsRestored " + keptRestored);
        // Cleaned every minute: the directories of the tasks that left at 60 s are gone by 210 s.
        VariantResult cleaned = run(joinAndLeave(", state.cleanup.delay.ms: 1m"), "streams-cleanup-1m");
        long cleanedRestored = metric(cleaned, "recordsRestored");
        assertTrue(cleanedRestored >= 4 * 100_000, "recordsRestored " + cleanedRestored);
    }
}
