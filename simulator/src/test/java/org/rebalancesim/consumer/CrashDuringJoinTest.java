package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.firstSpanFrom;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;
import static org.rebalancesim.run.SimRuns.states;
import static org.rebalancesim.run.SimRuns.story;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * A crash during the join phase costs two rebalances (docs/kafka-semantics.md Known problem 13; §3 "Session
 * timeout while waiting": a member parked in JoinGroup never expires; §2 "Completion": dynamic members
 * that rejoined are kept and every member's session timer is rescheduled).
 *
 * <p>4 members, session 10 s. c1 starts a 60 s record at ~30 s, so the join phase that c2's graceful
 * stop starts at 40 s waits for c1 until ~90 s (max.poll.interval.ms 10 min). c3 and c4 rejoin within a
 * heartbeat; c3 then crashes at 60 s while its JoinGroup is parked. It is not expired meanwhile; the
 * join completes at ~90 s with c3 in it (3 members); c3 never syncs nor heartbeats, so its rescheduled
 * session expires at join completion + 10 s: a second rebalance, well before the sync timeout (10 min).
 */
class CrashDuringJoinTest {

    static String scenario(String timeline) {
        return """
                duration: 150s
                group: {id: crash-join}
                topics: [{name: t, partitions: 6, rate: 60/s}]
                consumers:
                  count: 4
                  config: {session.timeout.ms: 10000, heartbeat.interval.ms: 3000, max.poll.interval.ms: 600000}
                  processing: {constant: 1ms}
                  startup: {jvmStart: 2s}
                timeline:
                %s
                """.formatted(timeline.indent(2));
    }

    @Test
    void memberCrashedWhileParkedInJoinGroupIsDroppedOnlyAfterTheJoinCompletes() {
        VariantResult result = run(scenario("""
                - at: 30s
                  slowRecord: {consumer: c1, duration: 60s}
                - at: 40s
                  stop: {consumer: c2}
                - at: 60s
                  crash: {consumer: c3}
                """), "crash-during-join");

        long slowStart = states(result, "c1", MemberState.SLOW_RECORD).get(0).fromMs();
        Series.RebalanceSpan first = firstSpanFrom(result, 40_000);
        assertTrue(first.cause().contains("left the group"), "c2's leave starts it: " + first);
        assertTrue(first.stableMs() >= slowStart + 60_000, "the join waited for c1's poll: " + first);

        // c3 was not removed while parked, even though it was dead for ~30 s (> session).
        List<Series.StoryEvent> removals = story(result, "c3", "removed from the group");
        assertEquals(1, removals.size(), "c3 removed once: " + removals);
        assertTrue(removals.get(0).atMs() >= first.stableMs(), "c3 removed before the join completed: " + removals);

        // The second rebalance: c3's session, rescheduled at join completion (a few ms before Stable).
        Series.RebalanceSpan second = firstSpanFrom(result, first.stableMs());
        assertTrue(second.cause().contains("session timeout"), "cause: " + second.cause());
        assertTrue(second.startMs() >= first.stableMs() + 10_000 - 20 && second.startMs() <= first.stableMs() + 10_000 + 5,
                "second rebalance at " + second.startMs() + ", first Stable at " + first.stableMs());
        assertEquals(1, metric(result, "evictions"));
        assertEquals(3, result.series().rebalances().size(), "initial + leave + c3's expiry");
    }

    /**
     * The other case of §4 "Coordinator expiry": a member that dies before it rejoins is not parked, so
     * its session does expire during PreparingRebalance, and removing it completes the join when
     * everyone else has rejoined ("in PreparingRebalance it may complete the join"). c2 leaves and c3
     * crashes at 40 s: one rebalance, Stable at c3's expiry, in [40 s + 10 s − 3 s, 40 s + 10 s] plus
     * the JoinGroup answer and SyncGroup round trip; not two rebalances.
     */
    @Test
    void memberCrashedBeforeRejoiningIsDroppedByItsSessionAndCompletesTheJoin() {
        VariantResult result = run(scenario("""
                - at: 40s
                  stop: {consumer: c2}
                - at: 40s
                  crash: {consumer: c3}
                """), "crash-before-rejoin");

        Series.RebalanceSpan span = firstSpanFrom(result, 40_000);
        assertTrue(span.cause().contains("left the group"), "c2's leave starts it: " + span);
        assertTrue(span.stableMs() >= 40_000 + 7_000 && span.stableMs() <= 40_000 + 10_000 + 20,
                "Stable at c3's session expiry: " + span);
        assertEquals(1, metric(result, "evictions"));
        assertEquals(1, result.series().rebalances().stream().filter(s -> s.startMs() >= 40_000).count());
    }
}
