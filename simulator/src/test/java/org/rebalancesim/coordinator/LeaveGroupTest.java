package org.rebalancesim.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.coordinator.ClassicGroupState.COMPLETING_REBALANCE;
import static org.rebalancesim.coordinator.ClassicGroupState.EMPTY;
import static org.rebalancesim.coordinator.ClassicGroupState.PREPARING_REBALANCE;
import static org.rebalancesim.coordinator.ClassicGroupState.STABLE;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.RemovalReason;

/** LeaveGroup (docs/kafka-semantics.md §7). */
class LeaveGroupTest {

    /** §7: the member is removed at once and a rebalance starts from Stable. */
    @Test
    void leaveFromStableRemovesAtOnceAndRebalances() {
        Harness h = new Harness();
        List<String> ids = h.stableGroup("c1", "c2", "c3");
        h.runUntil(2_000);
        assertEquals(Errors.NONE, h.leave(ids.get(1)));
        assertEquals(PREPARING_REBALANCE, h.coordinator.state());
        assertEquals(List.of(ids.get(0), ids.get(2)), h.coordinator.memberIds());
        assertEquals(new RecordingListener.Removal(ids.get(1), null, RemovalReason.LEAVE, "LEAVE_GROUP", 2_000),
                h.events.removals.get(0));
        assertTrue(h.events.lastTransition().reason().contains(ids.get(1) + " left the group"));

        h.rejoin(ids.get(0));
        var last = h.rejoin(ids.get(2));
        assertEquals(COMPLETING_REBALANCE, h.coordinator.state());
        assertEquals(2, last.single().generationId());
    }

    /** §7: during PreparingRebalance a leave may complete the join (everyone left has joined). */
    @Test
    void leaveDuringPreparingRebalanceCanCompleteTheJoin() {
        Harness h = new Harness();
        List<String> ids = h.stableGroup("c1", "c2", "c3");
        h.rejoin(ids.get(0));
        h.rejoin(ids.get(2));
        assertEquals(PREPARING_REBALANCE, h.coordinator.state());
        assertEquals(Errors.NONE, h.leave(ids.get(1)));
        assertEquals(COMPLETING_REBALANCE, h.coordinator.state());
        assertEquals(List.of(ids.get(0), ids.get(2)), h.coordinator.memberIds());
    }

    /** §1: the last member leaving a Stable group: PreparingRebalance completes with nobody -> Empty, gen + 1. */
    @Test
    void theLastMemberLeavingEmptiesTheGroup() {
        Harness h = new Harness();
        List<String> ids = h.stableGroup("c1");
        h.events.clear();
        assertEquals(Errors.NONE, h.leave(ids.get(0)));
        assertEquals(List.of("STABLE->PREPARING_REBALANCE", "PREPARING_REBALANCE->EMPTY"), h.events.path());
        assertEquals(EMPTY, h.coordinator.state());
        assertEquals(2, h.coordinator.generationId());
        assertNull(h.coordinator.leaderId());
        assertTrue(h.coordinator.memberIds().isEmpty());
        // The Empty group is persisted at its new generation.
        assertEquals(GroupSnapshot.empty(2), h.coordinator.snapshot());
    }

    /** A member leaving while its JoinGroup is parked gets UNKNOWN_MEMBER_ID on that JoinGroup. */
    @Test
    void aParkedJoinOfALeavingMemberIsAnswered() {
        Harness h = new Harness();
        List<String> ids = h.stableGroup("c1", "c2");
        var parked = h.rejoin(ids.get(0));
        assertEquals(Errors.NONE, h.leave(ids.get(0)));
        assertEquals(Errors.UNKNOWN_MEMBER_ID, parked.single().error());
    }

    /** §1: a LeaveGroup during CompletingRebalance starts a rebalance; parked syncs get REBALANCE_IN_PROGRESS. */
    @Test
    void leaveDuringCompletingRebalanceRebalances() {
        Harness h = new Harness();
        String c1 = h.joinDynamic("c1").memberId();
        String c2 = h.joinDynamic("c2").memberId();
        String c3 = h.joinDynamic("c3").memberId();
        h.runUntil(0);
        var c2Sync = h.sync(c2, 1);
        assertEquals(Errors.NONE, h.leave(c3));
        assertEquals(PREPARING_REBALANCE, h.coordinator.state());
        assertEquals(Errors.REBALANCE_IN_PROGRESS, c2Sync.single().error());
        assertEquals(List.of(c1, c2), h.coordinator.memberIds());
    }

    @Test
    void unknownMembersCannotLeave() {
        Harness h = new Harness();
        h.stableGroup("c1");
        assertEquals(Errors.UNKNOWN_MEMBER_ID, h.leave("ghost"));
        assertEquals(Errors.UNKNOWN_MEMBER_ID, h.leave("", "no-such-instance"));
        assertEquals(STABLE, h.coordinator.state());
    }

    /** GMM classicGroupLeave: an empty member id with a known instance id is an admin removal. */
    @Test
    void anAdminLeaveByInstanceIdRemovesTheStaticMember() {
        Harness h = new Harness();
        List<String> ids = h.stableStaticGroup("s1", "s2");
        assertEquals(Errors.NONE, h.leave("", "s2"));
        assertEquals(List.of(ids.get(0)), h.coordinator.memberIds());
        assertEquals(PREPARING_REBALANCE, h.coordinator.state());
        assertEquals("s2", h.events.removals.get(0).groupInstanceId());
    }
}
