package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.consumer.CooperativeScenarios.PER_PARTITION_PER_MS;
import static org.rebalancesim.consumer.CooperativeScenarios.ownerAt;
import static org.rebalancesim.consumer.CooperativeScenarios.ownershipOf;
import static org.rebalancesim.consumer.CooperativeScenarios.partitions;
import static org.rebalancesim.consumer.CooperativeScenarios.scenario;
import static org.rebalancesim.consumer.CooperativeScenarios.spansBetween;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.runAll;
import static org.rebalancesim.run.SimRuns.variant;

import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * Duplicates of a cooperative handover (docs/kafka-semantics.md §6). Before every JoinGroup, eager and
 * cooperative alike, onJoinPrepare commits everything consumed when auto-commit is on. A cooperative
 * member then keeps processing all it owns (KAFKA-8421), but its commits fail until it is STABLE again,
 * and the revocation in onJoinComplete does not auto-commit. So the new owner of a moved partition
 * re-processes what the old owner did on it between that pre-join commit and the revocation: at
 * most 10/s × (revocation − rebalance start) per moved partition. With enable.auto.commit=false the
 * modelled application commits after each batch and in onPartitionsRevoked (the client is STABLE
 * there): no duplicates. Eager commits and then revokes everything before JoinGroup: no duplicates.
 *
 * <p>Timeline: c4 joins at 60 s (JoinGroup at ~62 s); c3's JVM pauses from 61.5 s to 65.5 s, so it
 * notices the rebalance only then, and c1, c2 wait ~3.5 s in the join while they keep processing the
 * partition each must give up: duplicates > 0 even in Kafka. c4 stops gracefully at 100 s (close()
 * commits before it revokes: nothing more).
 */
class CooperativeDuplicatesTest {

    static final String[] TIMELINE = {
            "- {at: 60s, start: {count: 1}}",
            "- {at: 61500ms, gcPause: {consumer: c3, duration: 4s}}",
            "- {at: 100s, stop: {consumer: c4}}"};
    static final String VARIANTS = """
            variants:
              - name: cooperative-autocommit
              - name: cooperative-manual-commit
                consumers: {config: {enable.auto.commit: false}}
              - name: eager-autocommit
                consumers: {config: {partition.assignment.strategy: range}}
            """;
    static final long AUTO_COMMIT_INTERVAL_MS = 5_000;

    static RunResult run;

    @BeforeAll
    static void runOnce() {
        run = runAll(scenario("120s", "cooperative-sticky", "", TIMELINE) + VARIANTS, "cooperative-duplicates");
    }

    /** Per moved partition, 10/s × (its old owner's revocation − the join's start), plus 2 records. */
    static double preJoinCommitBound(VariantResult result) {
        long joinStart = spansBetween(result, 60_000, 100_000).get(0).startMs();
        double bound = 0;
        for (String partition : partitions(result)) {
            if (!ownerAt(result, partition, 59_000).equals(ownerAt(result, partition, 99_000))) {
                Series.OwnershipInterval old = ownershipOf(result, partition).stream()
                        .filter(o -> o.fromMs() <= 59_000 && o.toMs() > 59_000).findFirst().orElseThrow();
                bound += PER_PARTITION_PER_MS * (old.toMs() - joinStart) + 2;
            }
        }
        return bound;
    }

    static long movedAtJoin(VariantResult result) {
        return partitions(result).stream()
                .filter(p -> !ownerAt(result, p, 59_000).equals(ownerAt(result, p, 99_000))).count();
    }

    /**
     * Duplicates > 0: c1 and c2 processed their outgoing partitions for seconds after their pre-join
     * commit. Upper bound, loose enough to hold with or without a pre-join commit: per moved partition
     * one auto-commit interval plus the time from the join's start to its revocation.
     */
    @Test
    void autoCommitHandoverDuplicatesWhatTheOldOwnerProcessedDuringTheRebalance() {
        VariantResult result = variant(run, "cooperative-autocommit");
        long duplicates = metric(result, "duplicates");
        assertTrue(duplicates > 0, "the revocation does not commit: the new owners re-process");
        double bound = preJoinCommitBound(result) + movedAtJoin(result) * PER_PARTITION_PER_MS * AUTO_COMMIT_INTERVAL_MS;
        assertTrue(duplicates <= bound, duplicates + " duplicates > " + bound);
    }

    /**
     * Kafka's bound: what was processed after the pre-join commit only. Here that is ~3.5 s of c1's and
     * c2's outgoing partitions (~35 records each) and ~0 of c3's: well under both the bound from the
     * revocation times and the brief's "auto.commit.interval.ms × rate × moved" (5 s × 10/s × 3 = 150).
     */
    @Test
    void autoCommitDuplicatesStartAtThePreJoinCommit() {
        VariantResult result = variant(run, "cooperative-autocommit");
        long duplicates = metric(result, "duplicates");
        assertTrue(duplicates <= preJoinCommitBound(result), duplicates + " > " + preJoinCommitBound(result));
        assertTrue(duplicates <= AUTO_COMMIT_INTERVAL_MS * PER_PARTITION_PER_MS * movedAtJoin(result),
                duplicates + " > auto.commit.interval × rate × moved");
    }

    /**
     * Without a paused member all old members notice the join at the same heartbeat (their heartbeat
     * timers were all reset by the previous JoinGroup answer, §2) and revoke within a few ms of it, so
     * Kafka's pre-join commit leaves almost nothing to re-process (≤ 2 records per moved partition).
     */
    @Test
    void promptHandoverWithAutoCommitHasAlmostNoDuplicates() {
        VariantResult result = runAll(scenario("100s", "cooperative-sticky", "", "- {at: 60s, start: {count: 1}}"),
                "cooperative-duplicates-prompt").variants().get(0);
        List<Series.RebalanceSpan> join = spansBetween(result, 60_000, 100_000);
        assertTrue(join.get(join.size() - 1).stableMs() - join.get(0).startMs() <= 2 * 3_000 + 100, "join: " + join);
        assertTrue(metric(result, "duplicates") <= preJoinCommitBound(result),
                metric(result, "duplicates") + " > " + preJoinCommitBound(result));
    }

    /** The application commits in onPartitionsRevoked: a graceful cooperative handover loses nothing. */
    @Test
    void manualCommitInOnPartitionsRevokedHasNoDuplicates() {
        VariantResult result = variant(run, "cooperative-manual-commit");
        assertEquals(3, movedAtJoin(result));
        assertEquals(0, metric(result, "duplicates"));
    }

    /** Eager, graceful: commit, then revoke everything, then JoinGroup (§6 "Eager, graceful: about 0"). */
    @Test
    void eagerWithAutoCommitHasNoDuplicates() {
        VariantResult result = variant(run, "eager-autocommit");
        assertEquals(0, metric(result, "duplicates"));
        assertEquals(2, spansBetween(result, 60_000, 120_000).size(), "one round for the join, one for the leave");
    }
}
