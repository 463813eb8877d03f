package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.consumer.CooperativeScenarios.COOPERATIVE;
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
 * Static membership with the cooperative client (docs/kafka-semantics.md §8, KIP-345; §9). A restarted
 * static member rejoins with an empty member id and its known group.instance.id; while the group is
 * Stable and the protocol that would be selected is unchanged there is no rebalance, and SyncGroup
 * returns the member's cached assignment. Nothing in that path depends on eager vs cooperative (the
 * new process's empty owned partitions do not trigger a rebalance: only a protocol change would).
 * If the restart outlasts session.timeout.ms, the expiry removes the member (§4): its partitions
 * are free, nobody revokes, one round; its return is then a new member joining, two rounds (§9).
 *
 * <p>c1..c3 static (group.instance.id app-cN), session 45 s; c2 crashes at 60 s; the JVM takes 2 s
 * to start.
 */
class CooperativeStaticMembershipTest {

    static final String STATIC = ", group.instance.id: app-$(POD_NAME), session.timeout.ms: 45000";

    static VariantResult crashAndRestart(String restartAfter, String extra, String name) {
        String yaml = scenario("200s", COOPERATIVE, STATIC + extra,
                "- {at: 60s, crash: {consumer: c2, restartAfter: " + restartAfter + "}}")
                .replace("session.timeout.ms: 10000, ", "");
        return run(yaml, name);
    }

    /** Back after 20 s + 2 s < 45 s: no rebalance, no eviction, the same four partitions. */
    @Test
    void crashRestartWithinSessionTimeoutCausesNoRebalance() {
        VariantResult result = crashAndRestart("20s", "", "cooperative-static-in-session");

        assertEquals("classic/cooperative (cooperative-sticky)", result.protocol());
        assertEquals(0, metric(result, "rebalances"));
        assertEquals(0, metric(result, "evictions"));
        assertEquals(ownedBy(result, "c2", 50_000), ownedBy(result, "c2", 150_000), "the cached assignment");
        assertEquals(4, ownedBy(result, "c2", 150_000).size());
        assertEquals(0, metric(result, "downtimeByCause.rebalance"), "no partition was ever unassigned");
    }

    /** A graceful restart: a static member sends no LeaveGroup (§7 step 3), so nothing rebalances either. */
    @Test
    void gracefulRestartWithinSessionTimeoutCausesNoRebalance() {
        String yaml = scenario("200s", COOPERATIVE, STATIC, "- {at: 60s, restart: {consumer: c2, downtime: 20s}}")
                .replace("session.timeout.ms: 10000, ", "");
        VariantResult result = run(yaml, "cooperative-static-graceful");

        assertEquals(0, metric(result, "rebalances"));
        assertEquals(0, metric(result, "evictions"));
        assertEquals(ownedBy(result, "c2", 50_000), ownedBy(result, "c2", 150_000));
    }

    /**
     * Back after 60 s + 2 s > 45 s: expiry at 60 s + 45 s (− up to one heartbeat interval) removes c2
     * (one rebalance: its 4 partitions go to c1 and c3, who keep all of theirs), then the new instance
     * joins at ~122 s like any new member: a withholding round and a handover round. enable.auto.commit
     * is off so that the join is not exposed to the auto-commit race (CooperativeRebalanceCountTest).
     */
    @Test
    void restartAfterSessionTimeoutCostsOneRoundForTheExpiryAndTwoForTheReturn() {
        VariantResult result = crashAndRestart("60s", ", enable.auto.commit: false", "cooperative-static-expired");

        assertEquals(1, metric(result, "evictions"));
        List<Series.RebalanceSpan> expiry = spansBetween(result, 60_000, 120_000);
        assertEquals(1, expiry.size(), "expiry: " + expiry);
        assertTrue(expiry.get(0).cause().contains("session timeout"), "cause: " + expiry.get(0).cause());
        assertTrue(expiry.get(0).startMs() >= 60_000 + 45_000 - 3_000 && expiry.get(0).startMs() <= 105_000 + 10,
                "expiry at " + expiry.get(0).startMs());
        assertEquals(4, expiry.get(0).partitionsMoved(), "c2's 4 partitions, nothing else");

        List<Series.RebalanceSpan> back = spansBetween(result, 120_000, 200_000);
        assertEquals(2, back.size(), "return: " + back);
        assertTrue(back.get(0).startMs() >= 122_000, "the new instance joins once its JVM is up: " + back);
        assertEquals(4, ownedBy(result, "c2", 190_000).size(), "balanced again: 12 / 3");
    }
}
