package org.rebalancesim.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.coordinator.ClassicGroupState.COMPLETING_REBALANCE;
import static org.rebalancesim.coordinator.ClassicGroupState.PREPARING_REBALANCE;
import static org.rebalancesim.coordinator.ClassicGroupState.STABLE;
import static org.rebalancesim.coordinator.Harness.tp;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.coordinator.Messages.SyncGroupResponse;
import org.rebalancesim.events.RemovalReason;

/** The sync phase (docs/kafka-semantics.md §3). */
class SyncPhaseTest {

    /**
     * §3: followers park until the leader's SyncGroup; members missing from the leader's assignment get an
     * empty one; the group is stored and becomes Stable; every parked SyncGroup is answered.
     */
    @Test
    void followersParkUntilTheLeaderSyncs() {
        Harness h = new Harness();
        String c1 = h.joinDynamic("c1").memberId();
        String c2 = h.joinDynamic("c2").memberId();
        String c3 = h.joinDynamic("c3").memberId();
        h.runUntil(0);
        var c2Sync = h.sync(c2, 1);
        var c3Sync = h.sync(c3, 1);
        assertTrue(c2Sync.isEmpty() && c3Sync.isEmpty());
        assertEquals(COMPLETING_REBALANCE, h.coordinator.state());

        h.runUntil(500);
        var c1Sync = h.sync(c1, null, 1, Map.of(c1, List.of(tp(0), tp(1)), c2, List.of(tp(2))));
        assertEquals(STABLE, h.coordinator.state());
        assertEquals(new SyncGroupResponse(Errors.NONE, List.of(tp(0), tp(1))), c1Sync.single());
        assertEquals(new SyncGroupResponse(Errors.NONE, List.of(tp(2))), c2Sync.single());
        assertEquals(new SyncGroupResponse(Errors.NONE, List.of()), c3Sync.single());

        RecordingListener.StableGeneration stable = h.events.stables.get(0);
        assertEquals(1, stable.generationId());
        assertEquals(Map.of(c1, List.of(tp(0), tp(1)), c2, List.of(tp(2)), c3, List.<TopicPartition>of()),
                stable.assignment());
        assertEquals(500, stable.atMs());
        assertEquals(List.of(1), h.events.completed); // handed out whole: the rebalance is complete

        GroupSnapshot snapshot = h.coordinator.snapshot();
        assertEquals(1, snapshot.generationId());
        assertEquals("range", snapshot.protocolName());
        assertEquals(c1, snapshot.leaderId());
        assertEquals(List.of(c1, c2, c3), snapshot.members().stream().map(GroupSnapshot.MemberSnapshot::memberId).toList());
        assertEquals(List.of(tp(2)), snapshot.members().get(1).assignment());
        // Answered members' sessions start again when their SyncGroup is answered.
        assertEquals(500 + Harness.SESSION_MS, h.coordinator.sessionDueMs(c2));
    }

    @Test
    void syncGroupInStableReturnsTheCurrentAssignment() {
        Harness h = new Harness();
        List<String> ids = h.stableGroup("c1", "c2");
        assertEquals(new SyncGroupResponse(Errors.NONE, List.of(tp(1))), h.sync(ids.get(1), 1).single());
    }

    /** §1 responses per state and §3 validation. */
    @Test
    void syncGroupErrors() {
        Harness h = new Harness();
        assertEquals(Errors.UNKNOWN_MEMBER_ID, h.sync("c1-x", 0).single().error()); // Empty group

        List<String> ids = h.stableGroup("c1", "c2");
        assertEquals(Errors.UNKNOWN_MEMBER_ID, h.sync("ghost", 1).single().error());
        assertEquals(Errors.ILLEGAL_GENERATION, h.sync(ids.get(1), 0).single().error());

        h.rejoin(ids.get(0));
        assertEquals(PREPARING_REBALANCE, h.coordinator.state());
        assertEquals(Errors.REBALANCE_IN_PROGRESS, h.sync(ids.get(1), 1).single().error());
    }

    /**
     * §3 sync timeout (KAFKA-12890): the join completes at 0; the leader keeps heartbeating but never
     * syncs. The followers park (and do not expire by session timeout while parked). At 0 + rebalance
     * timeout (60000) the leader is removed (SYNC_TIMEOUT), the parked SyncGroups get
     * REBALANCE_IN_PROGRESS, and c2, the first remaining member, becomes leader.
     */
    @Test
    void syncTimeoutRemovesALeaderThatNeverSyncs() {
        Harness h = new Harness();
        String c1 = h.joinDynamic("c1").memberId();
        String c2 = h.joinDynamic("c2").memberId();
        String c3 = h.joinDynamic("c3").memberId();
        h.runUntil(0);
        h.heartbeatEvery(c1, null, 1, 3_000, 60_000);
        h.runUntil(100);
        var c2Sync = h.sync(c2, 1);
        var c3Sync = h.sync(c3, 1);

        h.runUntil(59_999);
        assertEquals(COMPLETING_REBALANCE, h.coordinator.state());
        assertTrue(h.events.removals.isEmpty(), "parked followers do not expire by session timeout");
        h.runUntil(60_000);
        assertEquals(PREPARING_REBALANCE, h.coordinator.state());
        assertEquals(1, h.events.removals.size());
        assertEquals(c1, h.events.removals.get(0).memberId());
        assertEquals(RemovalReason.SYNC_TIMEOUT, h.events.removals.get(0).reason());
        assertEquals(Errors.REBALANCE_IN_PROGRESS, c2Sync.single().error());
        assertEquals(Errors.REBALANCE_IN_PROGRESS, c3Sync.single().error());
        assertEquals(c2, h.coordinator.leaderId());

        h.rejoin(c2);
        var c3Join = h.rejoin(c3);
        assertEquals(2, c3Join.single().generationId());
        assertEquals(c2, c3Join.single().leaderId());
    }

    /**
     * §3 and §8: a static member that does not rejoin is kept at join completion and stays pending-sync;
     * the sync timeout then removes it even though the group went Stable meanwhile ("CompletingRebalance
     * or Stable of that generation"). s2's session timeout (120000) outlasts the join and sync timers.
     */
    @Test
    void syncTimeoutInStableRemovesAStaticMemberThatNeverRejoined() {
        Harness h = new Harness();
        String s1 = h.joinStatic("s1").memberId();
        String s2 = h.joinStatic("s2", 120_000, List.of(Harness.RANGE)).memberId();
        h.runUntil(0);
        h.sync(s2, "s2", 1, Map.of());
        h.sync(s1, "s1", 1, Map.of(s1, List.of(tp(0)), s2, List.of(tp(1))));
        h.heartbeatEvery(s1, "s1", 1, 3_000, 121_000);
        h.runUntil(1_000);
        h.join(new Messages.JoinGroupRequest(s1, "s1", "s1", Harness.SESSION_MS, Harness.REBALANCE_MS,
                List.of(Harness.RANGE))); // the leader rejoins: rebalance; s2 is gone silent

        h.runUntil(61_000);
        assertEquals(COMPLETING_REBALANCE, h.coordinator.state());
        assertEquals(List.of(s1, s2), h.coordinator.memberIds()); // the static s2 was not dropped
        assertTrue(h.events.removals.isEmpty());
        h.heartbeatEvery(s1, "s1", 2, 3_000, 130_000);
        h.sync(s1, "s1", 2, Map.of(s1, List.of(tp(0)), s2, List.of(tp(1))));
        assertEquals(STABLE, h.coordinator.state());

        h.runUntil(120_999);
        assertEquals(STABLE, h.coordinator.state());
        h.runUntil(121_000); // 61000 + rebalance timeout 60000
        assertEquals(PREPARING_REBALANCE, h.coordinator.state());
        assertEquals(s2, h.events.removals.get(0).memberId());
        assertEquals(RemovalReason.SYNC_TIMEOUT, h.events.removals.get(0).reason());
    }

    /** The sync timer is cancelled once every member has synced: nothing happens at the timeout. */
    @Test
    void noSyncTimeoutOnceEveryMemberSynced() {
        Harness h = new Harness();
        List<String> ids = h.stableGroup("c1", "c2");
        h.heartbeatEvery(ids.get(0), null, 1, 3_000, 70_000);
        h.heartbeatEvery(ids.get(1), null, 1, 3_000, 70_000);
        h.runUntil(70_000);
        assertEquals(STABLE, h.coordinator.state());
        assertTrue(h.events.removals.isEmpty());
    }
}
