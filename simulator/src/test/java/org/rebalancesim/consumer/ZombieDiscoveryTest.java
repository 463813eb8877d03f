package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;
import static org.rebalancesim.run.SimRuns.story;

import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.VariantResult;

/**
 * A paused classic member resuming as a zombie (docs/kafka-semantics.md §18). c1 of 3 (2 of 6 partitions,
 * 20 records/s) is paused for 20 s at 60 s under session.timeout.ms 10 s: evicted at ~70 s, its partitions
 * reassigned and caught up by c2 and c3. One-way latency is a constant 5 ms (a round trip: 10 ms).
 *
 * <p>At 80 s its heartbeat thread finds its session expired: markCoordinatorUnknown and FindCoordinator
 * (answered at +10 ms), a new connection (TCP and ApiVersions, +20 ms), and the thread sleeps
 * retry.backoff.ms (100 ms) after its lookup, since no poll() wakes it: the Heartbeat goes out at +100 ms
 * and UNKNOWN_MEMBER_ID comes back at +110 ms. Meanwhile the application thread, resumed, fetched the
 * 20 s backlog of its partitions (20 s x 20/s = 400 records, under max.poll.records 500) from the
 * partition leaders and processes it (400 ms at 1 ms a record): every one of them was already processed
 * and committed by the new owners, so each is a duplicate. Its commitSync after that batch fails with
 * CommitFailedException, and it rejoins.
 */
class ZombieDiscoveryTest {

    static final String SCENARIO = """
            duration: 100s
            group: {id: zombie}
            cluster: {network: {latency: {constant: 5ms}}}
            topics: [{name: t, partitions: 6, rate: 60/s}]
            consumers:
              count: 3
              config: {enable.auto.commit: false, session.timeout.ms: 10000, heartbeat.interval.ms: 3000}
              processing: {constant: 1ms}
              startup: {jvmStart: 2s}
            timeline:
              - at: 60s
                gcPause: {consumer: c1, duration: 20s}
            """;

    @Test
    void theHeartbeatThreadLearnsOfTheEvictionOneBackoffAndOneRoundTripAfterTheResume() {
        VariantResult result = run(SCENARIO, "zombie-resume");

        assertEquals(1, metric(result, "evictions"));
        assertEquals(80_000, story(result, "c1", "no heartbeat answer").get(0).atMs());
        assertEquals(80_000 + 100 + 10, story(result, "c1", "heartbeat answered UNKNOWN_MEMBER_ID").get(0).atMs());
    }

    @Test
    void theZombieProcessesItsWholeBacklogAgainThenItsCommitFails() {
        VariantResult result = run(SCENARIO, "zombie-resume");

        // The 400-record backlog, plus at most the batch in hand at the pause (a record or two at 60/s).
        long duplicates = metric(result, "duplicates");
        assertTrue(duplicates >= 400 && duplicates <= 403, duplicates + " duplicates");
        long failedAt = story(result, "c1", "CommitFailedException").get(0).atMs();
        assertTrue(failedAt >= 80_400 && failedAt <= 80_410, "commit failed at " + failedAt);
        assertEquals(1, metric(result, "commitFailures.commitFailed"));
    }
}
