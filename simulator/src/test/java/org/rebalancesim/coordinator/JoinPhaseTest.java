package org.rebalancesim.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.coordinator.ClassicGroupState.COMPLETING_REBALANCE;
import static org.rebalancesim.coordinator.ClassicGroupState.EMPTY;
import static org.rebalancesim.coordinator.ClassicGroupState.PREPARING_REBALANCE;
import static org.rebalancesim.coordinator.ClassicGroupState.STABLE;

import java.util.List;
import org.apache.commons.math3.random.Well19937c;
import org.junit.jupiter.api.Test;
import org.rebalancesim.coordinator.Harness.Joining;
import org.rebalancesim.coordinator.Messages.JoinGroupRequest;
import org.rebalancesim.coordinator.Messages.JoinGroupResponse;
import org.rebalancesim.events.RemovalReason;

/** The join phase (docs/kafka-semantics.md §2): barrier, early completion, member ids, new-member timeout. */
class JoinPhaseTest {
    /** KIP-394: an empty id gets MEMBER_ID_REQUIRED and a new clientId-UUID id; the rejoin with it parks. */
    @Test
    void memberIdRequiredRoundTrip() {
        Harness h = new Harness(3_000);
        JoinGroupResponse required = h.join(new JoinGroupRequest("", null, "c1", Harness.SESSION_MS,
                Harness.REBALANCE_MS, List.of(Harness.RANGE))).single();
        assertEquals(Errors.MEMBER_ID_REQUIRED, required.error());
        assertEquals(new MemberIds(new Well19937c(Harness.MEMBER_IDS_SEED)).next("c1"), required.memberId());
        assertTrue(required.memberId().startsWith("c1-"));
        // A pending id is not a member: the group is still Empty.
        assertEquals(EMPTY, h.coordinator.state());
        assertTrue(h.coordinator.memberIds().isEmpty());

        var parked = h.rejoin(required.memberId());
        assertTrue(parked.isEmpty());
        assertEquals(PREPARING_REBALANCE, h.coordinator.state());
        assertEquals(List.of(required.memberId()), h.coordinator.memberIds());
    }

    /**
     * §2: the join waits up to the rebalance timeout (60000 from the leader's JoinGroup at 1000) for c3,
     * which keeps heartbeating (REBALANCE_IN_PROGRESS, session reset) but never rejoins. At 61000 the
     * dynamic c3 is removed (JOIN_TIMEOUT, nothing answered) and generation 2 has c1 and c2.
     */
    @Test
    void joinBarrierWaitsForTheRebalanceTimeoutThenRemovesTheMissingMember() {
        Harness h = new Harness();
        List<String> ids = h.stableGroup("c1", "c2", "c3");
        String c1 = ids.get(0);
        String c2 = ids.get(1);
        String c3 = ids.get(2);
        h.runUntil(1_000);
        var c1Join = h.rejoin(c1);
        h.heartbeatEvery(c3, null, 1, 3_000, 60_000);
        h.runUntil(2_000);
        var c2Join = h.rejoin(c2);

        h.runUntil(60_999);
        assertEquals(PREPARING_REBALANCE, h.coordinator.state());
        assertTrue(c1Join.isEmpty() && c2Join.isEmpty());
        assertTrue(h.events.removals.isEmpty(), "c3 heartbeats, so its session never expires");

        h.runUntil(61_000);
        assertEquals(COMPLETING_REBALANCE, h.coordinator.state());
        assertEquals(2, h.coordinator.generationId());
        assertEquals(List.of(c1, c2), h.coordinator.memberIds());
        assertEquals(1, h.events.removals.size());
        assertEquals(c3, h.events.removals.get(0).memberId());
        assertEquals(RemovalReason.JOIN_TIMEOUT, h.events.removals.get(0).reason());
        assertEquals(61_000, h.events.removals.get(0).atMs());
        assertEquals(2, c1Join.single().members().size());
        assertEquals(c1, c2Join.single().leaderId());
        // c3's next heartbeat finds it gone.
        assertEquals(Errors.UNKNOWN_MEMBER_ID, h.heartbeat(c3, 1));
    }

    /** §2: the join completes early when every member has a parked JoinGroup. */
    @Test
    void joinCompletesAsSoonAsEveryMemberRejoined() {
        Harness h = new Harness();
        List<String> ids = h.stableGroup("c1", "c2", "c3");
        h.runUntil(1_000);
        h.rejoin(ids.get(0));
        h.runUntil(1_500);
        h.rejoin(ids.get(2));
        assertEquals(PREPARING_REBALANCE, h.coordinator.state());
        h.runUntil(2_000);
        var last = h.rejoin(ids.get(1));
        assertEquals(COMPLETING_REBALANCE, h.coordinator.state());
        assertEquals(2_000, h.events.lastTransition().atMs());
        assertEquals(2, last.single().generationId());
        assertEquals(ids, h.coordinator.memberIds());
    }

    /**
     * §2: a pending member id blocks early completion, and expires after its session timeout (10000). c3
     * got its id at 1000 and never used it: the join, with c1 and c2 parked since 2000, completes at 11000.
     */
    @Test
    void aPendingMemberIdBlocksEarlyCompletionUntilItExpires() {
        Harness h = new Harness();
        List<String> ids = h.stableGroup("c1", "c2");
        h.runUntil(1_000);
        JoinGroupResponse required = h.join(Harness.joinRequest("", null, "c3")).single();
        assertEquals(Errors.MEMBER_ID_REQUIRED, required.error());
        assertEquals(STABLE, h.coordinator.state()); // a pending id alone starts nothing
        h.runUntil(2_000);
        h.rejoin(ids.get(0));
        h.rejoin(ids.get(1));
        assertEquals(PREPARING_REBALANCE, h.coordinator.state());

        h.runUntil(10_999);
        assertEquals(PREPARING_REBALANCE, h.coordinator.state());
        h.runUntil(11_000);
        assertEquals(COMPLETING_REBALANCE, h.coordinator.state());
        assertEquals(ids, h.coordinator.memberIds());
        assertEquals(Errors.UNKNOWN_MEMBER_ID, h.rejoin(required.memberId()).single().error());
    }

    @Test
    void aPendingMemberThatJoinsCompletesTheBarrier() {
        Harness h = new Harness();
        List<String> ids = h.stableGroup("c1", "c2");
        h.runUntil(1_000);
        JoinGroupResponse required = h.join(Harness.joinRequest("", null, "c3")).single();
        h.rejoin(ids.get(0));
        h.rejoin(ids.get(1));
        h.runUntil(1_200);
        var c3 = h.rejoin(required.memberId());
        assertEquals(COMPLETING_REBALANCE, h.coordinator.state());
        assertEquals(List.of(ids.get(0), ids.get(1), required.memberId()), h.coordinator.memberIds());
        assertEquals(2, c3.single().generationId());
    }

    /** §1/§3: a follower with unchanged metadata in Stable gets the current generation, no rebalance. */
    @Test
    void followerRejoiningStableWithSameMetadataGetsTheCurrentGeneration() {
        Harness h = new Harness();
        List<String> ids = h.stableGroup("c1", "c2");
        h.events.clear();
        JoinGroupResponse response = h.rejoin(ids.get(1)).single();
        assertEquals(Errors.NONE, response.error());
        assertEquals(1, response.generationId());
        assertEquals(ids.get(0), response.leaderId());
        assertTrue(response.members().isEmpty());
        assertFalse(response.skipAssignment());
        assertEquals(STABLE, h.coordinator.state());
        assertTrue(h.events.transitions.isEmpty());
    }

    @Test
    void followerRejoiningStableWithChangedMetadataRebalances() {
        Harness h = new Harness();
        List<String> ids = h.stableGroup("c1", "c2");
        Protocol changed = Protocol.of("range", List.of("orders", "payments"));
        var parked = h.join(new JoinGroupRequest(ids.get(1), null, "c2", Harness.SESSION_MS, Harness.REBALANCE_MS,
                List.of(changed)));
        assertTrue(parked.isEmpty());
        assertEquals(PREPARING_REBALANCE, h.coordinator.state());
    }

    /**
     * §3: in CompletingRebalance the same metadata gets the current generation again (the leader with the
     * member list); different metadata rebalances, and the parked SyncGroups get REBALANCE_IN_PROGRESS.
     */
    @Test
    void rejoiningDuringCompletingRebalance() {
        Harness h = new Harness();
        String c1 = h.joinDynamic("c1").memberId();
        String c2 = h.joinDynamic("c2").memberId();
        h.runUntil(0);
        assertEquals(COMPLETING_REBALANCE, h.coordinator.state());
        JoinGroupResponse leaderAgain = h.rejoin(c1).single();
        assertEquals(1, leaderAgain.generationId());
        assertEquals(2, leaderAgain.members().size());
        assertEquals(COMPLETING_REBALANCE, h.coordinator.state());

        var c2Sync = h.sync(c2, 1);
        assertTrue(c2Sync.isEmpty());
        Protocol changed = Harness.protocol("roundrobin");
        h.join(new JoinGroupRequest(c1, null, "c1", Harness.SESSION_MS, Harness.REBALANCE_MS,
                List.of(changed, Harness.RANGE)));
        assertEquals(PREPARING_REBALANCE, h.coordinator.state());
        assertEquals(Errors.REBALANCE_IN_PROGRESS, c2Sync.single().error());
    }

    /**
     * §2 new-member timeout: a new member's parked JoinGroup expires after 300000 ms; it is removed
     * (NEW_MEMBER_JOIN_TIMEOUT) and answered UNKNOWN_MEMBER_ID. Here the join waits longer than that:
     * c1's rebalance timeout is 900000 and c2 keeps heartbeating without rejoining.
     */
    @Test
    void aNewMembersParkedJoinExpiresAfterTheNewMemberJoinTimeout() {
        Harness h = new Harness();
        String c1 = h.joinDynamic(new JoinGroupRequest("", null, "c1", Harness.SESSION_MS, 900_000,
                List.of(Harness.RANGE))).memberId();
        String c2 = h.joinDynamic("c2").memberId();
        h.runUntil(0);
        h.sync(c2, 1);
        h.sync(c1, null, 1, java.util.Map.of());
        h.heartbeatEvery(c2, null, 1, 3_000, 400_000);
        h.runUntil(1_000);
        Joining c3 = h.joinDynamic("c3");
        h.rejoin(c1);
        h.runUntil(300_999);
        assertTrue(c3.replies().isEmpty());
        h.runUntil(301_000);
        JoinGroupResponse expired = c3.replies().single();
        assertEquals(Errors.UNKNOWN_MEMBER_ID, expired.error());
        assertEquals("", expired.memberId());
        assertEquals(RemovalReason.NEW_MEMBER_JOIN_TIMEOUT, h.events.removals.get(0).reason());
        assertEquals(c3.memberId(), h.events.removals.get(0).memberId());
        assertEquals(PREPARING_REBALANCE, h.coordinator.state()); // c2 still has not rejoined
        assertEquals(List.of(c1, c2), h.coordinator.memberIds());
    }

    /**
     * §2 completion step 2: a leader that did not rejoin is replaced by the first awaiting member in
     * insertion order. The static leader s1 keeps heartbeating but does not rejoin: at the join timeout it
     * is kept (static), c2 leads generation 2, and s1 stays pending-sync.
     */
    @Test
    void theFirstRejoinedMemberLeadsWhenTheLeaderDidNotRejoin() {
        Harness h = new Harness();
        String s1 = h.joinStatic("s1").memberId();
        String c2 = h.joinDynamic("c2").memberId();
        String c3 = h.joinDynamic("c3").memberId();
        h.runUntil(0);
        assertEquals(s1, h.coordinator.leaderId());
        h.sync(c2, 1);
        h.sync(c3, 1);
        h.sync(s1, "s1", 1, java.util.Map.of());
        assertEquals(STABLE, h.coordinator.state());

        assertEquals(Errors.NONE, h.leave(c3));
        var c2Join = h.rejoin(c2);
        h.heartbeatEvery(s1, "s1", 1, 3_000, 60_000);
        h.runUntil(60_000);
        assertEquals(COMPLETING_REBALANCE, h.coordinator.state());
        assertEquals(List.of(s1, c2), h.coordinator.memberIds());
        assertEquals(c2, h.coordinator.leaderId());
        assertEquals(2, c2Join.single().members().size());
        assertTrue(h.events.removals.stream().noneMatch(r -> r.memberId().equals(s1)));
    }

}
