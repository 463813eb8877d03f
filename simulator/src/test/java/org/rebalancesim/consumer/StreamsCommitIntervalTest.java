package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;

import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.VariantResult;

/**
 * When Kafka Streams commits (docs/kafka-semantics.md §19): StreamThread#maybeCommit ends every runOnce, whether its
 * poll returned records or not, and commits once commit.interval.ms has passed, except while a rebalance is in
 * progress. In the first two tests two instances share 4 partitions, c1 is killed at 30 s, and c2 takes c1's tasks
 * over once c1's session (10 s) has expired, from c1's last committed offsets.
 */
class StreamsCommitIntervalTest {

    private static VariantResult runWithInputUntil(String inputStopsAt) {
        return run("""
                duration: 50s
                measure: {from: 15s}
                group: {id: streams-commits}
                topics: [{name: orders, partitions: 4, rate: {steps: [{at: 0s, rate: 40/s}, {at: %s, rate: 0/s}]}}]
                consumers:
                  count: 2
                  app: streams
                  config: {session.timeout.ms: 10000, heartbeat.interval.ms: 1000, commit.interval.ms: 5000}
                  processing: {constant: 1ms}
                  topology:
                    subtopologies: [{source: [orders]}]
                timeline:
                  - {at: 30s, crash: {consumer: c1}}
                """.formatted(inputStopsAt), "streams-commits");
    }

    /**
     * c1's last batch-end commit comes up to 5 s before the input stops, so some of what it processed then is not
     * committed after its last record; its first loop turn past the interval, within 5 s and a poll.ms of that
     * commit, commits it, long before the crash: c2 processes nothing twice. Were an idle thread never to commit,
     * c2 would process again whatever c1 did after its last batch-end commit.
     */
    @Test
    void anIdleThreadCommitsWhatItProcessedOnceTheIntervalHasPassed() {
        VariantResult result = runWithInputUntil("20s");
        assertEquals(1, metric(result, "evictions"), "c1 is removed a session after its last heartbeat");
        assertEquals(0, metric(result, "duplicates"));
    }

    /**
     * The input never stops: the crash catches c1 up to an interval after its last commit, and c2 processes those
     * records again. The commit interval, not the idle turns, bounds what a crash costs under at_least_once.
     */
    @Test
    void aBusyThreadLeavesUpToAnIntervalUncommitted() {
        long duplicates = metric(runWithInputUntil("49s"), "duplicates");
        assertTrue(duplicates > 0 && duplicates <= 2 * 10 * 5 + 2, "at most c1's 2 partitions x 10/s x 5 s: " + duplicates);
    }

    /**
     * A rolling restart rebalances the group again and again while the instances process records. Kafka Streams
     * commits nothing while a rebalance is in progress (TaskManager#commit answers -1 from its JoinGroup until
     * onPartitionsAssigned), so none of its commits fails for a rebalance, unlike a plain application's commitSync.
     */
    @Test
    void noCommitIsSentWhileARebalanceIsInProgress() {
        VariantResult result = run("""
                duration: 60s
                group: {id: streams-commits}
                topics: [{name: orders, partitions: 6, rate: 600/s}]
                consumers:
                  count: 3
                  app: streams
                  config: {session.timeout.ms: 10000, heartbeat.interval.ms: 1000, commit.interval.ms: 100}
                  processing: {constant: 1ms}
                  closeOptions: {groupMembershipOperation: LEAVE_GROUP}
                  topology:
                    subtopologies: [{source: [orders]}]
                timeline:
                  - {at: 15s, rollingRestart: {interval: 10s, downtime: 2s}}
                """, "streams-commits");
        assertTrue(metric(result, "rebalances") >= 6, "each restart rebalances for the leave and the join");
        assertEquals(0, metric(result, "commitFailures.rebalanceInProgress"));
    }
}
