package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.consumer.CooperativeScenarios.COOPERATIVE;
import static org.rebalancesim.consumer.CooperativeScenarios.EAGER;
import static org.rebalancesim.consumer.CooperativeScenarios.ownedBy;
import static org.rebalancesim.consumer.CooperativeScenarios.scenario;
import static org.rebalancesim.consumer.CooperativeScenarios.spansBetween;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * How many rebalances a membership change costs (docs/kafka-semantics.md §9, KIP-429; docs/metrics.md
 * "rebalances": every generation that reaches Stable, the second cooperative round included).
 *
 * <p>Timeline: c4 joins at 60 s (JoinGroup at ~62 s), c4 stops gracefully at 100 s, c2 at 140 s.
 * - Cooperative join: the leader's CooperativeStickyAssignor withholds the 3 partitions that must move
 *   to c4 (one from each old member); each old member revokes its one partition in onJoinComplete and
 *   rejoins at once; the follow-up round hands the 3 to c4. Two rebalances, 3 partitions moved, all
 *   in the second round.
 * - Cooperative leave: close() revokes and sends LeaveGroup (§7); the leaver's partitions are free,
 *   the survivors keep everything they own and only gain, so nobody revokes: one rebalance.
 * - Eager (range): every change is one round (§9 "One round").
 * enable.auto.commit=false here: the application commits in onPartitionsRevoked, so each revoking
 * member rejoins one commit round trip after its SyncGroup answer, as Kafka's onJoinPrepare auto-commit
 * makes it do with auto-commit on (§6); the auto-commit case is {@link #joinCostsTwoRebalancesWithAutoCommit}.
 */
class CooperativeRebalanceCountTest {

    static final String[] TIMELINE = {
            "- {at: 60s, start: {count: 1}}",
            "- {at: 100s, stop: {consumer: c4}}",
            "- {at: 140s, stop: {consumer: c2}}"};

    static VariantResult runWith(String strategy, String config, String name) {
        return run(scenario("170s", strategy, config, TIMELINE), name);
    }

    @Test
    void cooperativeJoinCostsTwoRebalancesAndALeaveOne() {
        VariantResult result = runWith(COOPERATIVE, ", enable.auto.commit: false", "cooperative-count");

        List<Series.RebalanceSpan> join = spansBetween(result, 60_000, 100_000);
        assertEquals(2, join.size(), "join: withholding round + handover round: " + join);
        assertTrue(join.get(0).cause().contains("joined"), "the first is c4's JoinGroup: " + join.get(0));
        assertEquals(0, join.get(0).partitionsMoved(), "the first round withholds every partition that moves");
        assertEquals(3, join.get(1).partitionsMoved(), "the second hands 12/4 = 3 to c4, one from each old member");
        assertEquals(3, ownedBy(result, "c4", 99_000).size());

        List<Series.RebalanceSpan> leave = spansBetween(result, 100_000, 140_000);
        assertEquals(1, leave.size(), "a graceful leave frees its partitions, nothing to revoke: " + leave);
        assertEquals(3, leave.get(0).partitionsMoved(), "c4's 3 partitions go to the survivors");
        List<Series.RebalanceSpan> leave2 = spansBetween(result, 140_000, 170_000);
        assertEquals(1, leave2.size(), "an old member leaving: one rebalance: " + leave2);
        assertEquals(4, leave2.get(0).partitionsMoved(), "c2's 4 partitions, and only those, move");

        assertEquals(4, metric(result, "rebalances"));
        assertEquals(10, metric(result, "partitionsMoved"));
        assertEquals(0, metric(result, "evictions"));
    }

    @Test
    void eagerJoinAndLeaveCostOneRebalanceEach() {
        VariantResult result = runWith(EAGER, ", enable.auto.commit: false", "eager-count");

        assertEquals(1, spansBetween(result, 60_000, 100_000).size(), "join: " + spansBetween(result, 60_000, 100_000));
        assertEquals(1, spansBetween(result, 100_000, 140_000).size());
        assertEquals(1, spansBetween(result, 140_000, 170_000).size());
        assertEquals(3, metric(result, "rebalances"));
        assertEquals(3, ownedBy(result, "c4", 99_000).size(), "range: 12/4 = 3 each");
    }

    /**
     * The same join with Kafka's default enable.auto.commit=true (seed 1). Expected per Kafka: 2
     * rebalances. Before its follow-up JoinGroup every revoking member runs onJoinPrepare, which sends
     * the auto-commit and waits for its answer (ConsumerCoordinator#onJoinPrepare, "async commit offsets
     * prior to rebalance if auto-commit enabled", for EAGER and COOPERATIVE alike; docs/kafka-semantics.md §6
     * "Before every JoinGroup (eager and cooperative)"). That round trip lets the slowest follower's
     * SyncGroup of the first round reach the coordinator before the follow-up round starts.
     */
    @Test
    void joinCostsTwoRebalancesWithAutoCommit() {
        VariantResult result = run("seed: 1\n" + scenario("170s", COOPERATIVE, "", TIMELINE),
                "cooperative-count-autocommit");

        List<Series.RebalanceSpan> join = spansBetween(result, 60_000, 100_000);
        assertEquals(2, join.size(), "join: " + join);
        assertEquals(1, spansBetween(result, 100_000, 140_000).size());
    }
}
