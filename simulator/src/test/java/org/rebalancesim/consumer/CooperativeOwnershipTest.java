package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.consumer.CooperativeScenarios.ownerAt;
import static org.rebalancesim.consumer.CooperativeScenarios.ownershipOf;
import static org.rebalancesim.consumer.CooperativeScenarios.partitions;
import static org.rebalancesim.consumer.CooperativeScenarios.scenario;
import static org.rebalancesim.consumer.CooperativeScenarios.spansBetween;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.runAll;
import static org.rebalancesim.run.SimRuns.variant;

import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * Partition handover under the cooperative protocol (docs/kafka-semantics.md §9 "Cooperative", KIP-429):
 * the leader's assignor strips every partition that would change owner, the old owner revokes it in
 * onJoinComplete, and only the follow-up round assigns it to the new owner. So a moved partition is
 * never owned by two members, and is owned by nobody between the revocation and the second round's
 * SyncGroup answer (downtime, cause rebalance: "revoked and not yet re-assigned", docs/metrics.md).
 * Partitions that do not move are never revoked: their ownership interval spans the whole rebalance.
 * Under eager every member revokes everything before JoinGroup, so every partition has a gap.
 *
 * <p>Timeline: c4 joins at 60 s, stops gracefully at 100 s (its partitions are revoked in close() and
 * freed by LeaveGroup; the survivors keep theirs and gain one each). enable.auto.commit=false so the
 * join is two rounds in this model (see CooperativeRebalanceCountTest for the auto-commit race).
 */
class CooperativeOwnershipTest {

    static final String YAML = scenario("130s", "range", ", enable.auto.commit: false",
            "- {at: 60s, start: {count: 1}}", "- {at: 100s, stop: {consumer: c4}}") + """
            variants:
              - name: eager
              - name: cooperative
                consumers: {config: {partition.assignment.strategy: cooperative-sticky}}
            """;

    static RunResult run;

    @BeforeAll
    static void runOnce() {
        run = runAll(YAML, "cooperative-ownership");
    }

    /**
     * Whatever the protocol, a partition's intervals never overlap: one owner at a time. (The recorder
     * closes a holder's interval when another member takes the partition, so a premature handover
     * would show as a zero gap instead: that is what the next test's gap > 0 catches.)
     */
    @Test
    void noPartitionEverHasTwoOwners() {
        for (VariantResult result : run.variants()) {
            for (String partition : partitions(result)) {
                List<Series.OwnershipInterval> intervals = ownershipOf(result, partition);
                for (int i = 1; i < intervals.size(); i++) {
                    assertTrue(intervals.get(i).fromMs() >= intervals.get(i - 1).toMs(),
                            result.name() + " " + partition + " overlaps: " + intervals);
                }
            }
        }
    }

    @Test
    void movedPartitionsAreRevokedBeforeTheNewOwnerGetsThemAndKeptOnesNeverStop() {
        VariantResult result = variant(run, "cooperative");
        List<Series.RebalanceSpan> join = spansBetween(result, 60_000, 100_000);
        long joinStart = join.get(0).startMs();
        long joinStable = join.get(join.size() - 1).stableMs();

        long gaps = checkHandover(result, joinStart, joinStable, 59_000, 99_000, 3);
        Series.RebalanceSpan leave = spansBetween(result, 100_000, 130_000).get(0);
        // close() revokes before LeaveGroup is sent, so the leaver's partitions go at or before its start.
        gaps += checkHandover(result, 100_000, leave.stableMs(), 99_000, 129_000, 3);

        // Rebalance downtime in the window (from 30 s) is exactly those revoked-to-reassigned gaps.
        assertEquals(gaps, metric(result, "downtimeByCause.rebalance"));
        assertEquals(gaps, metric(result, "partitionDowntimeMs"), "no other cause of downtime here");
    }

    /**
     * Checks one membership change, whose rebalance(s) run over [fromMs, stableMs]: exactly
     * {@code expectedMoves} partitions change owner between {@code beforeMs} and {@code afterMs}; each
     * of them has a gap (> 0) that opens no earlier than {@code fromMs} and closes by the last Stable
     * (+ one SyncGroup answer's latency, ≤ 5 ms); every other partition keeps one interval through it.
     *
     * @return the summed gaps of the moved partitions
     */
    static long checkHandover(VariantResult result, long fromMs, long stableMs, long beforeMs, long afterMs,
                              int expectedMoves) {
        int moved = 0;
        long gaps = 0;
        for (String partition : partitions(result)) {
            String before = ownerAt(result, partition, beforeMs);
            String after = ownerAt(result, partition, afterMs);
            List<Series.OwnershipInterval> intervals = ownershipOf(result, partition);
            if (!Objects.equals(before, after)) {
                moved++;
                Series.OwnershipInterval old = intervals.stream().filter(o -> o.fromMs() <= beforeMs && o.toMs() > beforeMs)
                        .findFirst().orElseThrow();
                Series.OwnershipInterval next = intervals.stream().filter(o -> o.fromMs() >= old.toMs())
                        .findFirst().orElseThrow();
                assertEquals(after, next.member(), partition + ": " + intervals);
                long gap = next.fromMs() - old.toMs();
                assertTrue(gap > 0, partition + " handed to " + after + " before " + before + " revoked it: " + intervals);
                assertTrue(old.toMs() >= fromMs, partition + " revoked before the rebalance began: " + intervals);
                assertTrue(next.fromMs() <= stableMs + 5, partition + " assigned after the last Stable " + stableMs
                        + ": " + intervals);
                gaps += gap;
            } else {
                assertTrue(intervals.stream().anyMatch(o -> o.member().equals(before) && o.fromMs() <= fromMs
                                && o.toMs() >= stableMs + 5),
                        partition + " stays with " + before + " and must never stop over [" + fromMs + ", " + stableMs
                                + "]: " + intervals);
            }
        }
        assertEquals(expectedMoves, moved, "sticky: only what balance requires moves");
        return gaps;
    }

    /** Eager revokes everything before JoinGroup: every partition stops during the join, moved or not. */
    @Test
    void underEagerEveryPartitionStopsDuringTheJoin() {
        VariantResult result = variant(run, "eager");
        Series.RebalanceSpan join = spansBetween(result, 60_000, 100_000).get(0);
        for (String partition : partitions(result)) {
            List<Series.OwnershipInterval> intervals = ownershipOf(result, partition);
            boolean stopped = intervals.stream().anyMatch(o -> o.toMs() >= join.startMs() && o.toMs() <= join.stableMs());
            assertTrue(stopped, partition + " should be revoked during " + join + ": " + intervals);
        }
    }
}
