package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.firstSpanFrom;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;

import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * When a classic heartbeat really goes out (docs/kafka-semantics.md §4 "When a heartbeat is sent"): the
 * heartbeat thread checks its timer only when it wakes, every retry.backoff.ms from its last send, unless
 * poll() wakes it. A member busy with a slow record does not poll, so its heartbeats follow the thread's
 * wake grid: with heartbeat.interval.ms 5900 and retry.backoff.ms 1000 the 5900 ms timer is seen expired
 * only at the 6th wake, every ceil(5900 / 1000) × 1000 = 6000 ms, which is the session timeout itself.
 * The coordinator re-arms the member's expiry at each arrival (GroupMetadataManager
 * .rescheduleClassicGroupMemberHeartbeat), so the member is evicted as soon as one heartbeat's one-way
 * latency (1–3 ms) exceeds the previous one's. With retry.backoff.ms 100 the grid meets the timer at
 * 5900 ms (plus ~6 ms of slack) and nobody is evicted. The idle member c2 waits inside poll(), whose
 * wait is bounded by the time to its next heartbeat, so it heartbeats every 5900 ms either way.
 */
class HeartbeatWakeGridTest {

    static final long SLOW_AT_MS = 30_000;
    static final long SLOW_MS = 60_000;

    static String scenario(long retryBackoffMs) {
        return """
                duration: 100s
                group: {id: wake-grid}
                topics: [{name: t, partitions: 2, rate: 2/s}]
                consumers:
                  count: 2
                  config: {session.timeout.ms: 6000, heartbeat.interval.ms: 5900, retry.backoff.ms: %d,
                           retry.backoff.max.ms: 1000}
                  processing: {constant: 1ms}
                  startup: {jvmStart: 2s}
                timeline:
                  - {at: 30s, slowRecord: {consumer: c1, duration: 60s}}
                """.formatted(retryBackoffMs);
    }

    @Test
    void aBusyMembersHeartbeatsFollowTheWakeGridAndMissTheSession() {
        VariantResult result = run(scenario(1_000), "wake-grid-1000");
        assertTrue(metric(result, "evictions") >= 1, "c1 heartbeats every 6000 ms while busy");
        Series.RebalanceSpan first = firstSpanFrom(result, 10_000);
        assertTrue(first.startMs() > SLOW_AT_MS && first.startMs() < SLOW_AT_MS + SLOW_MS,
                "the first rebalance after the start-up one is c1's eviction during its slow record: " + first);
    }

    @Test
    void aWakeGridThatMeetsTheIntervalKeepsEveryoneIn() {
        VariantResult result = run(scenario(100), "wake-grid-100");
        assertEquals(0, metric(result, "evictions"), "beats every 5900 ms + slack stay inside 6000");
    }
}
