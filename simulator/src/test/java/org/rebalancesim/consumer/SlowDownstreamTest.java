package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;

import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.run.SimRuns;
import org.rebalancesim.scenario.ScenarioException;

/**
 * A slow record whose slowness belongs to the record (a poison pill, {@code slowness: record}, the
 * default) against one whose slowness belongs to that processing attempt (a slow downstream,
 * {@code slowness: attempt}). 3 members, 6 partitions, max.poll.interval.ms 10 s, a 15 s record for c1
 * at 60 s. c1's heartbeat thread leaves the group at ~70 s (poll timeout); the record was never
 * committed, so its partition's next owner processes it again.
 */
class SlowDownstreamTest {

    static String scenario(String slowness) {
        return """
                duration: 100s
                group: {id: slow-downstream}
                topics: [{name: t, partitions: 6, rate: 60/s}]
                consumers:
                  count: 3
                  config: {enable.auto.commit: false, max.poll.interval.ms: 10000, session.timeout.ms: 10000,
                           heartbeat.interval.ms: 3000}
                  processing: {constant: 1ms}
                  startup: {jvmStart: 2s}
                timeline:
                  - at: 60s
                    slowRecord: {consumer: c1, duration: 15s%s}
                """.formatted(slowness);
    }

    static long pollTimeoutStories(VariantResult result) {
        return result.series().events().stream().filter(e -> e.what().startsWith("max.poll.interval.ms")).count();
    }

    /**
     * A poison pill: each next owner is slowed for 15 s again and times out 10 s after it took the record
     * (~70 s c1, ~81 s, ~91 s): a poll timeout every ~10.5 s until the run ends.
     */
    @Test
    void aPoisonPillTimesOutEveryOwnerInTurn() {
        VariantResult result = run(scenario(""), "poison-pill");

        assertEquals(3, pollTimeoutStories(result));
    }

    /**
     * A slow downstream: once c1's attempt ended (at ~75 s, its commit failing: it had left the group),
     * the record is an ordinary one: its next owner processes it in 1 ms, and nobody times out again.
     * What c1 processed after its last commit is processed again by the next owner.
     */
    @Test
    void aSlowDownstreamSlowsOnlyTheAttemptThatMetIt() {
        VariantResult result = run(scenario(", slowness: attempt"), "slow-downstream");

        assertEquals(1, pollTimeoutStories(result));
        assertEquals(1, metric(result, "commitFailures.commitFailed"));
        assertTrue(metric(result, "duplicates") >= 1, "the uncommitted batch is processed again");
        assertTrue(metric(result, "finalLag") <= 10, "the group keeps up after the rebalance");
    }

    @Test
    void anUnknownSlownessIsRefusedWithItsPath() {
        AssertionError invalid = assertThrows(AssertionError.class,
                () -> SimRuns.load(scenario(", slowness: sometimes"), "bad"));
        Throwable error = invalid.getCause();
        assertTrue(error instanceof ScenarioException, String.valueOf(error));
        assertTrue(error.getMessage().contains("timeline[0].slowRecord.slowness: expected record"),
                error.getMessage());
    }
}
