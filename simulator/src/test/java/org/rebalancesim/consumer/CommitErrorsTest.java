package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;
import static org.rebalancesim.run.SimRuns.story;

import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.VariantResult;

/**
 * Commit errors of the classic client (docs/kafka-semantics.md §18, ConsumerCoordinator
 * .sendOffsetCommitRequest and OffsetCommitResponseHandler). The modelled application commits
 * synchronously after every batch, catches the exception and polls again.
 */
class CommitErrorsTest {

    static String scenario(String duration, String extraConfig, String operation) {
        return """
                duration: %s
                group: {id: commit-errors}
                topics: [{name: t, partitions: 6, rate: 60/s}]
                consumers:
                  count: 3
                  config: {enable.auto.commit: false, session.timeout.ms: 10000, heartbeat.interval.ms: 3000%s}
                  processing: {constant: 1ms}
                  startup: {jvmStart: 2s}
                timeline:
                  - at: 60s
                    %s
                """.formatted(duration, extraConfig, operation);
    }

    /** A steady group: every commit is answered NONE, nothing is counted. */
    @Test
    void aSteadyGroupFailsNoCommit() {
        VariantResult result = run(scenario("100s", "", "gcPause: {consumer: c1, duration: 1s}"), "steady");

        assertEquals(0, metric(result, "commitFailures.commitFailed"));
        assertEquals(0, metric(result, "commitFailures.rebalanceInProgress"));
    }

    /**
     * A 15 s record under max.poll.interval.ms 10 s: the heartbeat thread leaves the group at the poll
     * timeout and resets the generation (maybeLeaveGroup), so the commitSync after that batch finds no
     * generation and fails without a request: exactly one CommitFailedException ("not part of an active
     * group"). The application goes on: its next poll() rejoins. (The record stays slow for its next
     * owner, which times out in turn at ~81 s: the run ends before.)
     */
    @Test
    void aCommitAfterAPollTimeoutFailsWithCommitFailedException() {
        VariantResult result = run(scenario("80s", ", max.poll.interval.ms: 10000",
                "slowRecord: {consumer: c1, duration: 15s}"), "after-poll-timeout");

        assertEquals(1, metric(result, "pollTimeouts"));
        assertEquals(1, metric(result, "commitFailures.commitFailed"));
        // The commit follows the 15 s batch that began right after 60 s; the JoinGroup follows the commit.
        long failedAt = story(result, "c1", "CommitFailedException").get(0).atMs();
        assertTrue(failedAt >= 75_000 && failedAt <= 75_100, "commit failed at " + failedAt);
        long joinedAt = story(result, "group", "member c1-").stream().mapToLong(e -> e.atMs())
                .filter(t -> t > failedAt).min().orElseThrow();
        assertTrue(joinedAt > failedAt && joinedAt <= failedAt + 100, "c1 rejoined at " + joinedAt);
    }
}
