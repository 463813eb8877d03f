package org.rebalancesim.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.coordinator.ClassicGroupState.COMPLETING_REBALANCE;
import static org.rebalancesim.coordinator.ClassicGroupState.PREPARING_REBALANCE;
import static org.rebalancesim.coordinator.ClassicGroupState.STABLE;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.RemovalReason;

/** Heartbeats and session expiry on the coordinator (docs/kafka-semantics.md §1, §4). */
class HeartbeatAndSessionTest {

    /** §1/§4: the answer in each state. */
    @Test
    void heartbeatAnswersPerState() {
        Harness h = new Harness();
        assertEquals(Errors.UNKNOWN_MEMBER_ID, h.heartbeat("c1-x", 0)); // Empty

        String c1 = h.joinDynamic("c1").memberId();
        String c2 = h.joinDynamic("c2").memberId();
        h.runUntil(0);
        assertEquals(COMPLETING_REBALANCE, h.coordinator.state());
        h.runUntil(1_000);
        assertEquals(Errors.NONE, h.heartbeat(c2, 1)); // CompletingRebalance: NONE, timer reset
        assertEquals(1_000 + Harness.SESSION_MS, h.coordinator.sessionDueMs(c2));

        h.sync(c2, 1);
        h.sync(c1, null, 1, java.util.Map.of());
        assertEquals(STABLE, h.coordinator.state());
        assertEquals(Errors.NONE, h.heartbeat(c2, 1));
        assertEquals(Errors.UNKNOWN_MEMBER_ID, h.heartbeat("ghost", 1));
        assertEquals(Errors.ILLEGAL_GENERATION, h.heartbeat(c2, 0));
        assertEquals(Errors.ILLEGAL_GENERATION, h.heartbeat(c2, 2));

        h.rejoin(c1);
        assertEquals(PREPARING_REBALANCE, h.coordinator.state());
        h.runUntil(2_000);
        assertEquals(Errors.REBALANCE_IN_PROGRESS, h.heartbeat(c2, 1)); // but the session timer is reset
        assertEquals(2_000 + Harness.SESSION_MS, h.coordinator.sessionDueMs(c2));
    }

    /** §4: a member that stops heartbeating in Stable is removed after session.timeout.ms: rebalance. */
    @Test
    void sessionExpiryInStableRemovesTheMemberAndRebalances() {
        Harness h = new Harness();
        List<String> ids = h.stableGroup("c1", "c2");
        h.heartbeatEvery(ids.get(0), null, 1, 3_000, 30_000);
        h.runUntil(9_999); // c2's session was last reset at 0 (its SyncGroup answer)
        assertEquals(STABLE, h.coordinator.state());
        h.runUntil(10_000);
        assertEquals(PREPARING_REBALANCE, h.coordinator.state());
        assertEquals(ids.get(1), h.events.removals.get(0).memberId());
        assertEquals(RemovalReason.SESSION_TIMEOUT, h.events.removals.get(0).reason());
        assertTrue(h.events.lastTransition().reason().contains("session timeout of " + ids.get(1)));
        assertEquals(List.of(ids.get(0)), h.coordinator.memberIds());
    }

    @Test
    void heartbeatsPostponeTheExpiry() {
        Harness h = new Harness();
        List<String> ids = h.stableGroup("c1", "c2");
        h.heartbeatEvery(ids.get(0), null, 1, 3_000, 30_000);
        h.runUntil(5_000);
        assertEquals(Errors.NONE, h.heartbeat(ids.get(1), 1));
        h.runUntil(14_999);
        assertEquals(STABLE, h.coordinator.state());
        h.runUntil(15_000);
        assertEquals(PREPARING_REBALANCE, h.coordinator.state());
    }

    /**
     * §3/§4: a member parked in JoinGroup never expires by session timeout. c1 parks at 1000 and sends
     * nothing for 29 s (session 10 s); c2 rejoins at 30000 and the join completes with both.
     */
    @Test
    void aParkedMemberDoesNotExpire() {
        Harness h = new Harness();
        List<String> ids = h.stableGroup("c1", "c2");
        h.heartbeatEvery(ids.get(1), null, 1, 3_000, 30_000);
        h.runUntil(1_000);
        h.rejoin(ids.get(0));
        h.runUntil(30_000);
        assertEquals(PREPARING_REBALANCE, h.coordinator.state());
        h.rejoin(ids.get(1));
        assertEquals(COMPLETING_REBALANCE, h.coordinator.state());
        assertEquals(ids, h.coordinator.memberIds());
        assertTrue(h.events.removals.isEmpty());
    }

    /**
     * §4: when a member that did not rejoin expires during PreparingRebalance, the join may complete at
     * once: c3 goes silent at 0 and expires at 10000; c1 and c2 are parked, so generation 2 forms at 10000.
     */
    @Test
    void anExpiryDuringPreparingRebalanceCanCompleteTheJoin() {
        Harness h = new Harness();
        List<String> ids = h.stableGroup("c1", "c2", "c3");
        h.runUntil(1_000);
        h.rejoin(ids.get(0));
        h.rejoin(ids.get(1));
        h.runUntil(9_999);
        assertEquals(PREPARING_REBALANCE, h.coordinator.state());
        h.runUntil(10_000);
        assertEquals(COMPLETING_REBALANCE, h.coordinator.state());
        assertEquals(2, h.coordinator.generationId());
        assertEquals(RemovalReason.SESSION_TIMEOUT, h.events.removals.get(0).reason());
    }

    /** §1/§3: a session expiry during CompletingRebalance starts a new rebalance and fails parked syncs. */
    @Test
    void anExpiryDuringCompletingRebalanceRebalances() {
        Harness h = new Harness();
        String c1 = h.joinDynamic("c1").memberId();
        String c2 = h.joinDynamic("c2").memberId();
        String c3 = h.joinDynamic("c3").memberId();
        h.runUntil(0);
        h.heartbeatEvery(c1, null, 1, 3_000, 20_000);
        var c2Sync = h.sync(c2, 1);
        h.runUntil(10_000); // c3 neither syncs nor heartbeats
        assertEquals(PREPARING_REBALANCE, h.coordinator.state());
        assertEquals(c3, h.events.removals.get(0).memberId());
        assertEquals(Errors.REBALANCE_IN_PROGRESS, c2Sync.single().error());
    }
}
