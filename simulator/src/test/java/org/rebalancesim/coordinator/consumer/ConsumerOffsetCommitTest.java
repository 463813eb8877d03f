package org.rebalancesim.coordinator.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.rebalancesim.coordinator.consumer.GroupHarness.TOPIC;
import static org.rebalancesim.coordinator.consumer.GroupHarness.tp;
import static org.rebalancesim.coordinator.consumer.GroupHarness.tps;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rebalancesim.coordinator.Errors;

/** Offset commits of a consumer group (docs/kafka-semantics.md §10: "Offset commits need the current epoch"). */
class ConsumerOffsetCommitTest {

    @Test
    void aCommitAtTheMembersEpochIsStored() {
        GroupHarness h = new GroupHarness(Map.of(TOPIC, 2));
        h.join("m-a", List.of(TOPIC));
        assertEquals(Errors.NONE, h.commit("m-a", 1, Map.of(tp(0), 42L)));
        assertEquals(42L, h.offsets.committed(tp(0)));
    }

    @Test
    void aCommitAtAnotherEpochIsStaleAndNotStored() {
        GroupHarness h = new GroupHarness(Map.of(TOPIC, 2));
        h.join("m-a", List.of(TOPIC));
        assertEquals(Errors.STALE_MEMBER_EPOCH, h.commit("m-a", 0, Map.of(tp(0), 42L)));
        assertEquals(Errors.STALE_MEMBER_EPOCH, h.commit("m-a", 2, Map.of(tp(0), 42L)));
        assertEquals(0L, h.offsets.committed(tp(0)));
    }

    @Test
    void aMemberRevokingCommitsAtTheEpochItKept() {
        // While in UNREVOKED_PARTITIONS the member keeps its epoch: its commit before the revocation works.
        GroupHarness h = new GroupHarness(Map.of(TOPIC, 4));
        h.join("m-a", List.of(TOPIC));
        h.join("m-b", List.of(TOPIC));
        h.heartbeat("m-a", 1, tps(0, 1, 2, 3));
        assertEquals(MemberState.UNREVOKED_PARTITIONS, h.memberState("m-a"));
        assertEquals(Errors.NONE, h.commit("m-a", 1, Map.of(tp(2), 7L, tp(3), 9L)));
        assertEquals(9L, h.offsets.committed(tp(3)));
        // Once it acknowledged, its epoch is 2. 4.4.0 (KIP-1251) still accepts epoch 1 for partitions it was
        // assigned at epoch 1 or before and still holds (ConsumerGroup.validateOffsetCommit's per-partition check) ...
        h.heartbeat("m-a", 1, tps(0, 1));
        assertEquals(Errors.NONE, h.commit("m-a", 1, Map.of(tp(0), 1L)));
        assertEquals(1L, h.offsets.committed(tp(0)));
        // ... but not for one it gave up: the whole commit fails, nothing of it is stored.
        assertEquals(Errors.STALE_MEMBER_EPOCH, h.commit("m-a", 1, Map.of(tp(1), 3L, tp(2), 8L)));
        assertEquals(7L, h.offsets.committed(tp(2)));
        assertEquals(0L, h.offsets.committed(tp(1)));
        // A newer epoch than the member's is always stale.
        assertEquals(Errors.STALE_MEMBER_EPOCH, h.commit("m-a", 3, Map.of(tp(0), 2L)));
    }

    @Test
    void anOlderEpochIsStaleForAPartitionAssignedAfterIt() {
        // m-b joins at epoch 2 with nothing (m-a still holds everything), and receives partitions 2 and 3 only
        // once m-a released them: at m-b's epoch 2. Its epoch-1 commit of them is older than their assignment.
        GroupHarness h = new GroupHarness(Map.of(TOPIC, 4));
        h.join("m-a", List.of(TOPIC));
        h.join("m-b", List.of(TOPIC));
        h.heartbeat("m-a", 1, tps(0, 1, 2, 3));
        h.heartbeat("m-a", 1, tps(0, 1));
        h.heartbeat("m-b", 2, tps());
        assertEquals(2, h.memberEpoch("m-b"));
        assertEquals(Errors.STALE_MEMBER_EPOCH, h.commit("m-b", 1, Map.of(tp(2), 4L)));
        assertEquals(Errors.NONE, h.commit("m-b", 2, Map.of(tp(2), 4L)));
    }

    @Test
    void anUnknownMemberCannotCommitUnlessTheGroupIsEmptyAndItIsNotAMember() {
        GroupHarness h = new GroupHarness(Map.of(TOPIC, 2));
        // Empty group: a commit from outside the group (epoch -1) is accepted.
        assertEquals(Errors.NONE, h.commit("", -1, Map.of(tp(1), 5L)));
        h.join("m-a", List.of(TOPIC));
        assertEquals(Errors.UNKNOWN_MEMBER_ID, h.commit("", -1, Map.of(tp(1), 6L)));
        assertEquals(Errors.UNKNOWN_MEMBER_ID, h.commit("m-zz", 1, Map.of(tp(1), 6L)));
        assertEquals(5L, h.offsets.committed(tp(1)));
    }
}
