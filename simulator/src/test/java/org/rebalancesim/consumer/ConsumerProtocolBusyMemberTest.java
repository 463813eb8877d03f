package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.ASSIGNMENT_INTERVAL_MS;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.HEARTBEAT_MS;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.SLACK_MS;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.assertNeverBlocked;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.assertNoTwoOwners;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.assertUnbroken;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.handoffs;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.ownedBy;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.scenario;
import static org.rebalancesim.run.SimRuns.firstSpanFrom;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;
import static org.rebalancesim.run.SimRuns.states;

import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * A busy member revokes only at its next poll() (docs/kafka-semantics.md §10 "Client reconciliation": the
 * callbacks run on the application thread inside poll(); "A busy member revokes only at its next
 * poll(). Its background heartbeats keep it alive").
 *
 * <p>c1 starts a 60 s record at 50 s (max.poll.interval.ms 120000, so its poll timer and its rebalance
 * timer, = max.poll.interval.ms, both outlast it); c4 joins at 62 s. c2 and c3 hand their one partition
 * over as in a plain join (≤ 2 heartbeat intervals + batching interval); c1's heartbeat thread receives
 * its revocation within one interval, but it stays UNREVOKED_PARTITIONS on the coordinator until its slow
 * record ends at 110 s, then its next poll() reconciles at once, and c4 takes the partition at its next
 * heartbeat (≤ one interval later). c1 keeps its 3 other partitions and is never blocked; nobody is fenced.
 */
class ConsumerProtocolBusyMemberTest {

    static final long SLOW_AT_MS = 50_000;
    static final long SLOW_MS = 60_000;
    static final long JOIN_MS = 62_000;
    static final long END_MS = 150_000;

    static VariantResult result;
    static long slowEndMs;

    @BeforeAll
    static void runOnce() {
        result = run(scenario("150s", "", ", max.poll.interval.ms: 120000",
                "{at: 50s, slowRecord: {consumer: c1, duration: 60s}}",
                "{at: 60s, start: {consumers: [c4]}}"), "kip848-busy-member");
        List<Series.StateInterval> slow = states(result, "c1", MemberState.SLOW_RECORD);
        assertEquals(1, slow.size(), "c1's slow record: " + slow);
        assertTrue(slow.get(0).fromMs() >= SLOW_AT_MS && slow.get(0).fromMs() <= SLOW_AT_MS + 100, slow.toString());
        slowEndMs = slow.get(0).toMs();
        assertTrue(slowEndMs - slow.get(0).fromMs() >= SLOW_MS, slow.toString());
    }

    @Test
    void busyMembersPartitionMovesOnlyAfterItsSlowRecord() {
        List<ConsumerProtocolScenarios.Handoff> fromC1 = handoffs(result, JOIN_MS, END_MS).stream()
                .filter(h -> h.from().equals("c1")).toList();
        assertEquals(1, fromC1.size(), "c1 gives up one partition: " + fromC1);
        ConsumerProtocolScenarios.Handoff handoff = fromC1.get(0);
        assertEquals("c4", handoff.to());
        // Released by c1's next poll(), right after the slow record, not by its heartbeat thread. (With a
        // user rebalance listener Kafka runs onPartitionsRevoked in the poll() after the commit completes:
        // allow one more batch, ≤ max.poll.records (500) of 1 ms records.)
        assertTrue(handoff.releasedMs() >= slowEndMs && handoff.releasedMs() <= slowEndMs + 500 + SLACK_MS,
                "c1 released at " + handoff.releasedMs() + ", its slow record ended at " + slowEndMs);
        // The handover waited at least the rest of the slow record after the target was computed.
        long remainingSlowMs = slowEndMs - JOIN_MS;
        assertTrue(handoff.acquiredMs() - JOIN_MS >= remainingSlowMs, handoff.toString());
        assertTrue(handoff.gapMs() > 0 && handoff.gapMs() <= HEARTBEAT_MS + SLACK_MS,
                "c4 takes it at its next heartbeat: " + handoff);
    }

    @Test
    void otherHandoversCompleteQuickly() {
        List<ConsumerProtocolScenarios.Handoff> others = handoffs(result, JOIN_MS, END_MS).stream()
                .filter(h -> !h.from().equals("c1")).toList();
        assertEquals(2, others.size(), "c2 and c3 give up one partition each: " + others);
        for (ConsumerProtocolScenarios.Handoff handoff : others) {
            assertTrue(handoff.acquiredMs() <= JOIN_MS + 2 * HEARTBEAT_MS + ASSIGNMENT_INTERVAL_MS + SLACK_MS,
                    "not held up by the busy c1: " + handoff);
            assertTrue(handoff.gapMs() > 0, handoff.toString());
        }
        // c4 is blocked only until its first partitions, long before c1's record ends.
        long c4Blocked = states(result, "c4", MemberState.REBALANCING).stream()
                .mapToLong(Series.StateInterval::toMs).max().orElseThrow();
        assertTrue(c4Blocked <= JOIN_MS + 2 * HEARTBEAT_MS + ASSIGNMENT_INTERVAL_MS + SLACK_MS, "c4: " + c4Blocked);
    }

    /** The target epoch is reached only when c1 has reconciled: the rebalance spans the slow record. */
    @Test
    void rebalanceLastsUntilTheBusyMemberReconciled() {
        Series.RebalanceSpan span = firstSpanFrom(result, JOIN_MS);
        assertTrue(span.startMs() <= JOIN_MS + SLACK_MS, span.toString());
        assertTrue(span.stableMs() >= slowEndMs && span.stableMs() <= slowEndMs + 500 + HEARTBEAT_MS + SLACK_MS,
                span + ", slow record until " + slowEndMs);
        assertEquals(1, metric(result, "rebalances"));
    }

    /** Heartbeats keep c1 alive and its rebalance timer (120 s) outlasts the record: nobody is fenced. */
    @Test
    void busyMemberKeepsItsOtherPartitionsAndIsNotFenced() {
        assertEquals(0, metric(result, "evictions"));
        assertEquals(0, metric(result, "pollTimeouts"));
        assertNeverBlocked(result, "c1", 30_000, END_MS);
        assertEquals(3, ownedBy(result, "c1", END_MS - 1).size());
        for (String partition : ownedBy(result, "c1", END_MS - 1)) {
            assertUnbroken(result, partition, "c1", JOIN_MS - 1_000, END_MS);
        }
        assertNoTwoOwners(result, false);
    }

    /**
     * §10 "Client reconciliation" step 1: the partitions being revoked stop being fetched, then all
     * consumed positions are committed, then onPartitionsRevoked. So poll() returns no further record of
     * the moving partition, c4 starts at exactly c1's consumed position, and nothing is processed twice
     * (auto-commit is on; nobody crashes or times out).
     */
    @Test
    void revokedPartitionIsNotFetchedAgainSoNothingIsProcessedTwice() {
        assertEquals(0, metric(result, "duplicates"));
    }
}
