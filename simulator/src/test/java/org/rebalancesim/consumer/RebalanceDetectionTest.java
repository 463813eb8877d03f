package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.firstSpanFrom;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;
import static org.rebalancesim.run.SimRuns.states;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * How fast idle members take part in a rebalance someone else started (docs/kafka-semantics.md §4
 * "Responses": REBALANCE_IN_PROGRESS → requestRejoin; "Detection takes ≤ heartbeat interval + RTT;
 * acting takes until the next poll()"; §7 "On LeaveGroup the coordinator removes the member at once").
 *
 * <p>c3 is stopped gracefully at 60 s: close() commits, revokes and sends LeaveGroup, whose arrival
 * starts the rebalance. c1 and c2 process 1 ms records at 10/s per partition, so they are inside poll()
 * almost all the time: each learns of the rebalance from its next heartbeat (≤ one interval + RTT),
 * commits, revokes and rejoins at once; the join completes as soon as both have rejoined (not the
 * initial join, §2), then SyncGroup. So the whole rebalance takes at most one heartbeat interval plus a
 * handful of round trips (≤ 6 ms each here), bounded generously by 50 ms.
 */
class RebalanceDetectionTest {

    static final long SLACK_MS = 50;

    static String scenario(long heartbeatMs) {
        return """
                duration: 75s
                group: {id: detection-demo}
                topics: [{name: t, partitions: 6, rate: 60/s}]
                consumers:
                  count: 3
                  config: {session.timeout.ms: 10000, heartbeat.interval.ms: %d}
                  processing: {constant: 1ms}
                  startup: {jvmStart: 2s}
                timeline:
                  - at: 60s
                    stop: {consumer: c3}
                """.formatted(heartbeatMs);
    }

    @ParameterizedTest(name = "heartbeat.interval.ms={0}")
    @ValueSource(longs = {3000, 1000})
    void leaveGroupRebalanceCompletesWithinOneHeartbeatInterval(long heartbeatMs) {
        VariantResult result = run(scenario(heartbeatMs), "leave-detection-" + heartbeatMs);

        Series.RebalanceSpan span = firstSpanFrom(result, 60_000);
        assertTrue(span.cause().contains("left the group"), "cause: " + span.cause());
        // close() finishes a 1 ms batch, commits (one RTT), then sends LeaveGroup (one way).
        assertTrue(span.startMs() <= 60_000 + SLACK_MS, "LeaveGroup arrives right after close(): " + span);
        long took = span.stableMs() - span.startMs();
        assertTrue(took <= heartbeatMs + SLACK_MS,
                "rebalance took " + took + " ms, more than heartbeat.interval.ms " + heartbeatMs + " + " + SLACK_MS);

        // Each remaining member is blocked (REBALANCING) from at most one interval + RTT after the start,
        // until the end of the rebalance.
        for (String pod : new String[] {"c1", "c2"}) {
            Series.StateInterval blocked = states(result, pod, MemberState.REBALANCING).stream()
                    .filter(s -> s.fromMs() >= span.startMs()).findFirst()
                    .orElseThrow(() -> new AssertionError(pod + " never rebalanced after " + span.startMs()));
            assertTrue(blocked.fromMs() - span.startMs() <= heartbeatMs + 10,
                    pod + " noticed the rebalance " + (blocked.fromMs() - span.startMs()) + " ms after it started");
            assertTrue(blocked.toMs() <= span.stableMs() + 10, pod + " still blocked after Stable: " + blocked);
        }
        // A graceful leave is not an eviction, and leaves c1, c2 in one generation: one rebalance.
        assertEquals(0, metric(result, "evictions"));
        assertEquals(1, result.series().rebalances().stream().filter(s -> s.startMs() >= 60_000).count());
    }
}
