package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.firstSpanFrom;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;
import static org.rebalancesim.run.SimRuns.spans;

import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * The coordinator's session timer against a member that stops talking: a crash, a whole-JVM GC pause,
 * a network partition (docs/kafka-semantics.md §4 "Coordinator expiry", §7 "Crash").
 *
 * <p>Common derivation: the coordinator reschedules a member's expiry to session.timeout.ms on every
 * heartbeat (and commit) that reaches it. The heartbeat thread sends one every heartbeat.interval.ms,
 * so the last one that arrived before the member went silent at time T was sent in
 * (T - heartbeat.interval, T] and arrived at most one one-way latency (≤ 3 ms here) later. The eviction,
 * and with it the start of the rebalance from Stable, therefore falls in
 * [T + session - heartbeat.interval, T + session + latency].
 */
class SessionTimeoutTest {

    static final long SESSION_MS = 10_000;
    static final long HEARTBEAT_MS = 3_000;
    /** Up to one 3 ms one-way latency (default uniform 1..3 ms), plus rounding. */
    static final long LATENCY_MS = 5;

    /** Three members, 6 partitions at 60/s, stable from about 8 s on; {@code timeline} is appended. */
    static String scenario(String timeline) {
        return """
                duration: 100s
                group: {id: session-demo}
                topics: [{name: t, partitions: 6, rate: 60/s}]
                consumers:
                  count: 3
                  config: {session.timeout.ms: %d, heartbeat.interval.ms: %d}
                  processing: {constant: 1ms}
                  startup: {jvmStart: 2s}
                timeline:
                %s
                """.formatted(SESSION_MS, HEARTBEAT_MS, timeline.indent(2));
    }

    static void assertEvictionWindow(Series.RebalanceSpan span, long silentFromMs) {
        assertTrue(span.startMs() >= silentFromMs + SESSION_MS - HEARTBEAT_MS
                        && span.startMs() <= silentFromMs + SESSION_MS + LATENCY_MS,
                "eviction at " + span.startMs() + " should be in [" + (silentFromMs + SESSION_MS - HEARTBEAT_MS)
                        + ", " + (silentFromMs + SESSION_MS + LATENCY_MS) + "]");
    }

    /** §7: a crash sends no LeaveGroup; the member is removed only by its session timeout. */
    @Test
    void crashedDynamicMemberIsEvictedBySessionTimeout() {
        VariantResult result = run(scenario("""
                - at: 60s
                  crash: {consumer: c2}
                """), "crash-eviction");

        Series.RebalanceSpan span = firstSpanFrom(result, 60_000);
        assertTrue(span.cause().contains("session timeout"), "cause: " + span.cause());
        assertEvictionWindow(span, 60_000);
        assertEquals(1, metric(result, "evictions"));
        // Nothing else happens between the crash and the eviction (the others keep heartbeating).
        assertEquals(1, spans(result).stream().filter(s -> s.startMs() >= 60_000).count());
    }

    /**
     * §4 "Whole-JVM pause": the pause stops the heartbeat thread too. A pause of d with
     * d + heartbeat.interval < session never lets the session expire (6 + 3 < 10): no eviction, no
     * rebalance; the paused member's partitions are down (pausedOwner) for exactly the pause, its share
     * being 2 of 6 partitions under range.
     */
    @Test
    void gcPauseShorterThanSessionMinusHeartbeatDoesNotEvict() {
        VariantResult result = run(scenario("""
                - at: 60s
                  gcPause: {consumer: c1, duration: 6s}
                """), "short-gc");

        assertEquals(0, metric(result, "evictions"));
        assertEquals(0, spans(result).stream().filter(s -> s.startMs() >= 60_000).count(), "no rebalance");
        assertEquals(2 * 6_000, metric(result, "downtimeByCause.pausedOwner"));
    }

    /**
     * §4: a pause of d >= session always evicts (12 s >= 10 s), at last heartbeat + session, i.e. during
     * the pause. On resume the member learns it was removed (UNKNOWN_MEMBER_ID / rebalance) and rejoins:
     * a rebalance of its own unless it catches the first one.
     */
    @Test
    void gcPauseLongerThanSessionEvicts() {
        VariantResult result = run(scenario("""
                - at: 60s
                  gcPause: {consumer: c1, duration: 12s}
                """), "long-gc");

        assertEquals(1, metric(result, "evictions"));
        Series.RebalanceSpan eviction = firstSpanFrom(result, 60_000);
        assertTrue(eviction.cause().contains("session timeout"), "cause: " + eviction.cause());
        assertEvictionWindow(eviction, 60_000);
        // c1 comes back at 72 s and rejoins: the group ends with c1 in it again.
        Series.RebalanceSpan last = spans(result).get(spans(result).size() - 1);
        assertTrue(last.stableMs() >= 72_000, "c1 rejoins after its pause: " + spans(result));
    }

    /**
     * §4 applied to a network partition: nothing the member sends reaches the coordinator, exactly as in
     * a pause, so a cut longer than the session timeout (15 s > 10 s) evicts within the same window.
     */
    @Test
    void networkPartitionLongerThanSessionEvicts() {
        VariantResult result = run(scenario("""
                - at: 60s
                  networkPartition: {consumer: c1, duration: 15s}
                """), "long-cut");

        assertEquals(1, metric(result, "evictions"));
        Series.RebalanceSpan eviction = firstSpanFrom(result, 60_000);
        assertTrue(eviction.cause().contains("session timeout"), "cause: " + eviction.cause());
        assertEvictionWindow(eviction, 60_000);
    }

    /**
     * §4 "Timers": the heartbeat timer resets when a heartbeat is *sent* (Heartbeat#sentHeartbeat); the
     * classic heartbeat thread sends the next one when that timer expires, whether or not the previous
     * one was answered (AbstractCoordinator.HeartbeatThread#run). Heartbeats sent during a cut are lost,
     * but the first one after it leaves at most one interval after the cut ends. With a cut of d from T,
     * the last heartbeat that arrived before T was sent after T - 3 s (its session runs past T + 7 s) and
     * the first after the cut arrives by T + d + 3 s + latency: with d = 3 s that is ~T + 6 s, so the
     * session never expires. No eviction, no rebalance.
     */
    @Test
    void networkPartitionShorterThanSessionMinusHeartbeatDoesNotEvict() {
        VariantResult result = run(scenario("""
                - at: 60s
                  networkPartition: {consumer: c1, duration: 3s}
                """), "short-cut");

        assertEquals(0, metric(result, "evictions"));
        assertEquals(0, spans(result).stream().filter(s -> s.startMs() >= 60_000).count(), "no rebalance");
    }
}
