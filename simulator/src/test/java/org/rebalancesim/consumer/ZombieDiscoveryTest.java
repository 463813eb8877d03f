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
 * <p>At 80 s, c1's heartbeat thread finds its session expired and marks the coordinator unknown. Its
 * application thread, resumed, gets what its fetch was answered with during the pause (the broker
 * answers a fetch as soon as a record arrives: a record or two, not the 20 s backlog), processes it
 * (fetches are not fenced by generation: those records, already processed and committed by the new
 * owner, are duplicates), and calls commitSync, which waits for the coordinator: FindCoordinator
 * (+10 ms) finds it, but marking it unknown closed its connection, which stays in its reconnect backoff
 * (reconnect.backoff.ms 50) past that answer, so the coordinator is unavailable, marked unknown again,
 * and looked up again at the retry backoff (retry.backoff.ms 100 after the first FindCoordinator:
 * AbstractCoordinator.checkAndGetCoordinator, ensureCoordinatorReady); then FindCoordinator (+10 ms), a
 * new connection (TCP and ApiVersions, +20 ms), the OffsetCommit (+10 ms), answered UNKNOWN_MEMBER_ID:
 * CommitFailedException at 80.140 s, the generation reset, and the next poll() rejoins.
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
    void theZombieLearnsAtItsCommitARetryBackoffAndFourRoundTripsAfterTheResume() {
        VariantResult result = run(SCENARIO, "zombie-resume");

        assertEquals(1, metric(result, "evictions"));
        assertEquals(80_000, story(result, "c1", "no heartbeat answer").get(0).atMs());
        assertEquals(80_000 + 100 + 4 * 10, story(result, "c1", "CommitFailedException (UNKNOWN_MEMBER_ID)").get(0).atMs());
        assertEquals(1, metric(result, "commitFailures.commitFailed"));
    }

    @Test
    void theZombieProcessesWhatItsFetchBroughtDuringThePause() {
        VariantResult result = run(SCENARIO, "zombie-resume");

        // The records its fetch was answered with (one per partition at most: 10/s each), plus at most the
        // batch in hand at the pause (a record or two at 60/s): all processed already by the new owners.
        long duplicates = metric(result, "duplicates");
        assertTrue(duplicates >= 1 && duplicates <= 4, duplicates + " duplicates");
    }
}
