package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.consumer.CooperativeScenarios.COOPERATIVE;
import static org.rebalancesim.consumer.CooperativeScenarios.PER_PARTITION_PER_MS;
import static org.rebalancesim.consumer.CooperativeScenarios.maxLagBetween;
import static org.rebalancesim.consumer.CooperativeScenarios.scenario;
import static org.rebalancesim.consumer.CooperativeScenarios.spansBetween;
import static org.rebalancesim.consumer.CooperativeScenarios.statesOverlapping;
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
 * A busy member in a cooperative group (docs/kafka-semantics.md §5 "A busy member during a rebalance" and
 * "Cooperative trap"; §2; §9). c1 starts a 60 s record at ~60 s (max.poll.interval.ms 1 h, so it is
 * neither dropped nor timed out); c4 joins at 70 s (JoinGroup at ~72 s). c1's heartbeat thread learns
 * of the rebalance, but c1 rejoins only at its next poll(), when the record is done; the join phase
 * waits for it (rebalance timeout = 1 h). Meanwhile c2 and c3 have rejoined and, cooperative, keep
 * processing everything they own (KAFKA-8421): they are never blocked and their 8 partitions gather
 * no lag. Only c4, which owns nothing yet, waits.
 */
class CooperativeBusyMemberTest {

    static final long SLOW_MS = 60_000;

    static VariantResult result;
    static long slowStart;
    static long slowEnd;
    static Series.RebalanceSpan join;

    @BeforeAll
    static void runOnce() {
        result = run(scenario("200s", COOPERATIVE, ", max.poll.interval.ms: 3600000",
                "- {at: 60s, slowRecord: {consumer: c1, duration: 60s}}",
                "- {at: 70s, start: {count: 1}}"), "cooperative-busy-member");
        Series.StateInterval slow = states(result, "c1", MemberState.SLOW_RECORD).get(0);
        slowStart = slow.fromMs();
        slowEnd = slow.toMs();
        join = spansBetween(result, 70_000, 200_000).get(0);
    }

    @Test
    void joinPhaseWaitsForTheBusyMembersNextPoll() {
        assertTrue(slowStart >= 60_000 && slowStart < 60_100, "c1's next poll after 60 s fetches it: " + slowStart);
        assertTrue(slowEnd >= slowStart + SLOW_MS, "the record takes 60 s: " + slowEnd);
        // c4's JVM is up at 72 s; its JoinGroup with a member id arrives 15 one-way trips of 1-3 ms later
        // (the start-up round trips and MEMBER_ID_REQUIRED: docs/kafka-semantics.md §22).
        assertTrue(join.startMs() >= 72_000 + 15 && join.startMs() <= 72_000 + 15 * 3, "c4's JoinGroup starts it: " + join);
        assertTrue(join.cause().contains("joined"), join.cause());
        // Stable only after c1 polled again: its JoinGroup, then its JoinGroup/SyncGroup answers, read in
        // poll() between batches of max.poll.records (500 × 1 ms): within 2 s of the record's end.
        assertTrue(join.stableMs() >= slowEnd, "Stable at " + join.stableMs() + " before c1 polled at " + slowEnd);
        assertTrue(join.stableMs() <= slowEnd + 2_000, "Stable soon after c1's poll: " + join);
        assertEquals(0, metric(result, "evictions"));
        assertEquals(0, metric(result, "pollTimeouts"));
    }

    @Test
    void theOtherMembersKeepProcessingMeanwhile() {
        for (String pod : List.of("c2", "c3")) {
            assertTrue(statesOverlapping(result, pod, MemberState.REBALANCING, 30_000, 200_000).isEmpty(),
                    pod + " blocked: " + statesOverlapping(result, pod, MemberState.REBALANCING, 30_000, 200_000));
            assertTrue(statesOverlapping(result, pod, MemberState.CONSUMING, join.startMs(), join.stableMs()).stream()
                    .anyMatch(s -> s.fromMs() <= join.startMs() && s.toMs() >= join.stableMs()), pod + " CONSUMING throughout");
        }
        // c1 is working on its record, not blocked by the protocol.
        assertTrue(statesOverlapping(result, "c1", MemberState.REBALANCING, slowStart, slowEnd).isEmpty());
        // Only c4 is blocked: at most from its JVM start (72 s) to the end of the rebalance(s) after the join.
        long lastStable = spansBetween(result, 70_000, 200_000).stream().mapToLong(Series.RebalanceSpan::stableMs)
                .filter(s -> s <= join.stableMs() + 10_000).max().orElseThrow();
        // c4 is a new member waiting (docs/metrics.md newMemberWaitMs); no member that held partitions stops.
        assertTrue(metric(result, "newMemberWaitMs") <= lastStable + 10 - 72_000, "newMemberWaitMs beyond c4's wait");
        assertTrue(metric(result, "newMemberWaitMs") >= slowEnd - 72_100, "c4 waits for c1's record");
        assertEquals(0, metric(result, "stopTheWorldMs"));
    }

    /**
     * Until c1's record ends, the lag is c1's own 4 partitions (10/s each since the record started)
     * plus the usual few records in flight: c2's and c3's 8 partitions add nothing.
     */
    @Test
    void lagOfTheOtherMembersPartitionsStaysLow() {
        long baseline = maxLagBetween(result, 31_000, 59_000);
        for (Series.LagSample sample : result.series().lag()) {
            if (sample.atMs() >= join.startMs() && sample.atMs() <= slowEnd) {
                double bound = baseline + 4 * PER_PARTITION_PER_MS * (sample.atMs() - slowStart) + 24;
                assertTrue(sample.lag() <= bound, "lag " + sample.lag() + " at " + sample.atMs() + " > " + bound);
            }
        }
    }

    /**
     * c1 polls after its record with the rejoin pending: onJoinPrepare auto-commits allConsumed(), the
     * slow record's offset included (ConsumerCoordinator#onJoinPrepare; docs/kafka-semantics.md §6), before it
     * sends JoinGroup. So whichever partition moves to c4, c4 starts past the slow record and never
     * processes it again; duplicates are at most what c1 processed on its outgoing partition between
     * that commit and its revocation (less than 2 s of batches, ≤ 4 × 500 records).
     */
    @Test
    void theSlowRecordIsCommittedBeforeItsPartitionMoves() {
        assertTrue(states(result, "c4", MemberState.SLOW_RECORD).isEmpty(),
                "c4 re-processed the slow record: " + states(result, "c4", MemberState.SLOW_RECORD));
        assertTrue(metric(result, "duplicates") <= 4 * 500, "duplicates " + metric(result, "duplicates"));
    }
}
