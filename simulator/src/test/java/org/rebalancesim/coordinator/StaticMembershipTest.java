package org.rebalancesim.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.coordinator.ClassicGroupState.COMPLETING_REBALANCE;
import static org.rebalancesim.coordinator.ClassicGroupState.PREPARING_REBALANCE;
import static org.rebalancesim.coordinator.ClassicGroupState.STABLE;
import static org.rebalancesim.coordinator.Harness.tp;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rebalancesim.coordinator.Harness.Joining;
import org.rebalancesim.coordinator.Messages.JoinGroupRequest;
import org.rebalancesim.coordinator.Messages.JoinGroupResponse;
import org.rebalancesim.coordinator.Messages.SyncGroupResponse;
import org.rebalancesim.events.RemovalReason;

/** Static membership (docs/kafka-semantics.md §8; KIP-345, KIP-814). */
class StaticMembershipTest {

    /** §2: a new static member skips MEMBER_ID_REQUIRED and gets instanceId-UUID directly. */
    @Test
    void aNewStaticMemberIsAddedDirectly() {
        Harness h = new Harness(3_000);
        Joining s1 = h.joinStatic("s1");
        assertTrue(s1.replies().isEmpty()); // parked, not MEMBER_ID_REQUIRED
        assertTrue(s1.memberId().startsWith("s1-"));
        assertEquals(List.of(s1.memberId()), h.coordinator.memberIds());
        assertEquals(PREPARING_REBALANCE, h.coordinator.state());
    }

    /**
     * §8: a follower restarting while the group is Stable with the same protocol: no rebalance, no new
     * generation; the response carries the current generation; SyncGroup returns the cached assignment;
     * the old id is fenced (FENCED_INSTANCE_ID) and the new mapping is persisted.
     */
    @Test
    void aFollowerRestartInStableCausesNoRebalance() {
        Harness h = new Harness();
        List<String> ids = h.stableStaticGroup("s1", "s2");
        String oldS2 = ids.get(1);
        h.events.clear();
        h.runUntil(5_000);

        JoinGroupResponse response = h.joinStatic("s2").replies().single();
        String newS2 = response.memberId();
        assertEquals(Errors.NONE, response.error());
        assertNotEquals(oldS2, newS2);
        assertTrue(newS2.startsWith("s2-"));
        assertEquals(1, response.generationId());
        assertEquals(ids.get(0), response.leaderId());
        assertFalse(response.skipAssignment());
        assertTrue(response.members().isEmpty());
        assertEquals(STABLE, h.coordinator.state());
        assertEquals(1, h.coordinator.generationId());
        assertTrue(h.events.transitions.isEmpty());
        assertEquals(new RecordingListener.Removal(oldS2, "s2", RemovalReason.REPLACED,
                "REPLACED_BY_STATIC_MEMBER", 5_000),
                h.events.removals.get(0));

        assertEquals(new SyncGroupResponse(Errors.NONE, List.of(tp(1))), h.sync(newS2, "s2", 1, Map.of()).single());
        assertEquals(Errors.FENCED_INSTANCE_ID, h.heartbeat(oldS2, "s2", 1));
        assertEquals(Errors.NONE, h.heartbeat(newS2, "s2", 1));
        assertEquals(Errors.FENCED_INSTANCE_ID, h.sync(oldS2, "s2", 1, Map.of()).single().error());

        GroupSnapshot.MemberSnapshot persisted = h.coordinator.snapshot().members().stream()
                .filter(m -> "s2".equals(m.groupInstanceId())).findFirst().orElseThrow();
        assertEquals(newS2, persisted.memberId());
        assertEquals(List.of(tp(1)), persisted.assignment());
    }

    /** §8 KIP-814: a restarted static leader is told skipAssignment=true and gets the member list. */
    @Test
    void aLeaderRestartInStableSkipsTheAssignment() {
        Harness h = new Harness();
        List<String> ids = h.stableStaticGroup("s1", "s2");
        JoinGroupResponse response = h.joinStatic("s1").replies().single();
        assertEquals(Errors.NONE, response.error());
        assertTrue(response.skipAssignment());
        assertEquals(response.memberId(), response.leaderId());
        assertEquals(2, response.members().size());
        assertEquals(STABLE, h.coordinator.state());
        assertEquals(1, h.coordinator.generationId());
        assertEquals(response.memberId(), h.coordinator.leaderId());
        assertEquals(new SyncGroupResponse(Errors.NONE, List.of(tp(0))),
                h.sync(response.memberId(), "s1", 1, Map.of()).single());
        assertEquals(Errors.FENCED_INSTANCE_ID, h.heartbeat(ids.get(0), "s1", 1));
    }

    /** §8: in Stable a restart that would change the selected protocol rebalances. */
    @Test
    void aRestartThatChangesTheProtocolRebalances() {
        Harness h = new Harness();
        h.stableStaticGroup("s1");
        h.joinStatic("s1", Harness.SESSION_MS, List.of(Harness.protocol("roundrobin"), Harness.RANGE));
        assertEquals(COMPLETING_REBALANCE, h.coordinator.state()); // alone and parked: completes at once
        assertEquals(2, h.coordinator.generationId());
        assertEquals("roundrobin", h.coordinator.protocolName());
    }

    /**
     * §8 / KAFKA-9801: a static member rejoining during CompletingRebalance always rebalances; its old
     * id's parked SyncGroup is answered FENCED_INSTANCE_ID.
     */
    @Test
    void aRestartDuringCompletingRebalanceRebalances() {
        Harness h = new Harness();
        String s1 = h.joinStatic("s1").memberId();
        String oldS2 = h.joinStatic("s2").memberId();
        h.runUntil(0);
        assertEquals(COMPLETING_REBALANCE, h.coordinator.state());
        var oldSync = h.sync(oldS2, "s2", 1, Map.of());

        Joining newS2 = h.joinStatic("s2");
        assertEquals(Errors.FENCED_INSTANCE_ID, oldSync.single().error());
        assertEquals(PREPARING_REBALANCE, h.coordinator.state());
        assertTrue(newS2.replies().isEmpty());

        var s1Join = h.join(new JoinGroupRequest(s1, "s1", "s1", Harness.SESSION_MS, Harness.REBALANCE_MS,
                List.of(Harness.RANGE)));
        assertEquals(COMPLETING_REBALANCE, h.coordinator.state());
        assertEquals(2, h.coordinator.generationId());
        assertEquals(List.of(s1, newS2.memberId()),
                s1Join.single().members().stream().map(Messages.JoinedMember::memberId).toList());
        assertEquals(2, newS2.replies().single().generationId());
    }

    /**
     * §8: during PreparingRebalance the restarted member replaces the old id and keeps waiting; the old
     * id's parked JoinGroup gets FENCED_INSTANCE_ID. Here everybody is then parked: the join completes.
     */
    @Test
    void aRestartDuringPreparingRebalanceReplacesAndWaits() {
        Harness h = new Harness();
        List<String> ids = h.stableStaticGroup("s1", "s2", "s3");
        h.join(new JoinGroupRequest(ids.get(0), "s1", "s1", Harness.SESSION_MS, Harness.REBALANCE_MS,
                List.of(Harness.RANGE)));
        var oldS2Join = h.join(new JoinGroupRequest(ids.get(1), "s2", "s2", Harness.SESSION_MS, Harness.REBALANCE_MS,
                List.of(Harness.RANGE)));
        assertEquals(PREPARING_REBALANCE, h.coordinator.state());

        Joining newS2 = h.joinStatic("s2");
        assertEquals(Errors.FENCED_INSTANCE_ID, oldS2Join.single().error());
        assertEquals(PREPARING_REBALANCE, h.coordinator.state()); // s3 has not rejoined
        assertTrue(newS2.replies().isEmpty());

        h.join(new JoinGroupRequest(ids.get(2), "s3", "s3", Harness.SESSION_MS, Harness.REBALANCE_MS,
                List.of(Harness.RANGE)));
        assertEquals(COMPLETING_REBALANCE, h.coordinator.state());
        assertEquals(2, newS2.replies().single().generationId());
    }

    /** §8: static members are removed by session expiry (they never send LeaveGroup). */
    @Test
    void aStaticMemberThatStaysAwayLongerThanItsSessionIsRemoved() {
        Harness h = new Harness();
        List<String> ids = h.stableStaticGroup("s1", "s2");
        h.heartbeatEvery(ids.get(0), "s1", 1, 3_000, 20_000);
        h.runUntil(10_000);
        assertEquals(PREPARING_REBALANCE, h.coordinator.state());
        assertEquals(new RecordingListener.Removal(ids.get(1), "s2", RemovalReason.SESSION_TIMEOUT, "SESSION_TIMEOUT", 10_000),
                h.events.removals.get(0));
        // The instance rejoining later is a new static member.
        Joining back = h.joinStatic("s2");
        assertTrue(back.replies().isEmpty());
        assertEquals(2, h.coordinator.memberIds().size());
    }

    /** §1 GMM acceptJoiningMember: a full Stable group refuses even a returning static instance. */
    @Test
    void aFullGroupRefusesARestartedStaticMember() {
        Harness h = new Harness(0, 2);
        h.stableStaticGroup("s1", "s2");
        assertEquals(Errors.GROUP_MAX_SIZE_REACHED, h.joinStatic("s2").replies().single().error());
    }
}
