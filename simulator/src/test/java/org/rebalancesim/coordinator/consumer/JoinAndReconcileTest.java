package org.rebalancesim.coordinator.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.rebalancesim.coordinator.consumer.GroupHarness.HEARTBEAT_MS;
import static org.rebalancesim.coordinator.consumer.GroupHarness.REBALANCE_TIMEOUT_MS;
import static org.rebalancesim.coordinator.consumer.GroupHarness.TOPIC;
import static org.rebalancesim.coordinator.consumer.GroupHarness.tp;
import static org.rebalancesim.coordinator.consumer.GroupHarness.tps;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rebalancesim.coordinator.Errors;
import org.rebalancesim.coordinator.consumer.ConsumerGroupMessages.HeartbeatRequest;
import org.rebalancesim.coordinator.consumer.ConsumerGroupMessages.HeartbeatResponse;

/**
 * Joining and server-side reconciliation (docs/kafka-semantics.md §10 "Group epoch", "Target assignment", "Server
 * reconciliation", "Consequences"). Targets are computed inside the heartbeat (interval 0) and come from
 * Kafka's uniform assignor; the expected targets are worked out from §13 "Server Uniform, homogeneous"
 * (members visited in sorted member-id order: m-a, m-b, m-c).
 */
class JoinAndReconcileTest {

    @Test
    void theFirstMemberTakesEpochOneAndEveryPartition() {
        GroupHarness h = new GroupHarness(Map.of(TOPIC, 4));

        HeartbeatResponse response = h.join("m-a", List.of(TOPIC));

        // A new group starts at epoch 0; the join bumps it to 1 and the target is computed at once.
        assertEquals(Errors.NONE, response.error());
        assertEquals("m-a", response.memberId());
        assertEquals(1, response.memberEpoch());
        assertEquals(HEARTBEAT_MS, response.heartbeatIntervalMs());
        assertEquals(tps(0, 1, 2, 3), response.assignment());
        assertEquals(List.of(1), h.events.bumps);
        assertEquals(List.of(true), h.events.startsFromEmpty); // the bump starts a rebalance of an empty group
        assertEquals(Map.of("m-a", tps(0, 1, 2, 3)), h.events.targets.get(1));
        assertEquals(ConsumerGroupState.STABLE, h.coordinator.state());
        assertEquals(List.of(1), h.events.reached);
        assertEquals(List.of("epoch", "target", "state", "reached"), h.events.kinds());

        // Nothing changed: no assignment in the response (GMM sends it only when it changed).
        HeartbeatResponse next = h.heartbeat("m-a", 1, tps(0, 1, 2, 3));
        assertEquals(1, next.memberEpoch());
        assertNull(next.assignment());
        assertEquals(HEARTBEAT_MS, next.heartbeatIntervalMs());
    }

    @Test
    void aSecondMemberGetsPartitionsOnlyAfterTheFirstAcknowledgesTheirRevocation() {
        GroupHarness h = new GroupHarness(Map.of(TOPIC, 4));
        h.join("m-a", List.of(TOPIC));

        HeartbeatResponse b = h.join("m-b", List.of(TOPIC));
        // Epoch 2; uniform: quota 2 each, m-a keeps {0,1} of its previous target, m-b takes the released {2,3}.
        assertEquals(List.of(1, 2), h.events.bumps);
        assertEquals(List.of(true, false), h.events.startsFromEmpty);
        assertEquals(Map.of("m-a", tps(0, 1), "m-b", tps(2, 3)), h.events.targets.get(2));
        // m-b's target partitions are all still held by m-a: it is at the target epoch with nothing.
        assertEquals(2, b.memberEpoch());
        assertEquals(List.of(), b.assignment());
        assertEquals(MemberState.UNRELEASED_PARTITIONS, h.memberState("m-b"));
        assertEquals(ConsumerGroupState.RECONCILING, h.coordinator.state());

        // m-a must revoke {2,3}: UNREVOKED_PARTITIONS, epoch kept, response lists only the kept partitions,
        // and its rebalance timer (= its rebalance timeout) starts.
        HeartbeatResponse a = h.heartbeat("m-a", 1, tps(0, 1, 2, 3));
        assertEquals(1, a.memberEpoch());
        assertEquals(tps(0, 1), a.assignment());
        assertEquals(MemberState.UNREVOKED_PARTITIONS, h.memberState("m-a"));
        assertEquals(h.sim.nowMs() + REBALANCE_TIMEOUT_MS, h.coordinator.rebalanceDueMs("m-a"));

        // Until m-a acknowledges, m-b gets nothing; a heartbeat without owned list counts as still owning.
        assertNull(h.heartbeat("m-b", 2, List.of()).assignment());
        HeartbeatResponse noOwnedList = h.heartbeat("m-a", 1, null);
        assertEquals(1, noOwnedList.memberEpoch());
        assertNull(noOwnedList.assignment());
        assertEquals(MemberState.UNREVOKED_PARTITIONS, h.memberState("m-a"));
        assertEquals("m-a", h.coordinator.holder(tp(2)));

        // The acknowledgement: no revoked partition reported → STABLE at epoch 2; its partitions unchanged.
        HeartbeatResponse ack = h.heartbeat("m-a", 1, tps(0, 1));
        assertEquals(2, ack.memberEpoch());
        assertNull(ack.assignment());
        assertEquals(MemberState.STABLE, h.memberState("m-a"));
        assertEquals(-1, h.coordinator.rebalanceDueMs("m-a"));
        assertNull(h.coordinator.holder(tp(2)));

        // m-b gets the rest at its next heartbeat (nothing is pushed).
        HeartbeatResponse rest = h.heartbeat("m-b", 2, List.of());
        assertEquals(tps(2, 3), rest.assignment());
        assertEquals(MemberState.STABLE, h.memberState("m-b"));
        assertEquals(ConsumerGroupState.STABLE, h.coordinator.state());
        assertEquals(List.of(1, 2), h.events.reached);
    }

    @Test
    void thereIsNoGroupWideBarrierTheKeptPartitionsNeverStop() {
        GroupHarness h = new GroupHarness(Map.of(TOPIC, 4));
        List<Runnable> steps = List.of(
                () -> h.join("m-a", List.of(TOPIC)),
                () -> h.join("m-b", List.of(TOPIC)),
                () -> h.heartbeat("m-a", 1, tps(0, 1, 2, 3)),
                () -> h.heartbeat("m-b", 2, List.of()),
                () -> h.heartbeat("m-a", 1, tps(0, 1)),
                () -> h.heartbeat("m-b", 2, List.of()));
        // After every step m-a still holds {0,1}: they are never revoked, nor handed to anyone else.
        for (Runnable step : steps) {
            step.run();
            assertEquals("m-a", h.coordinator.holder(tp(0)));
            assertEquals("m-a", h.coordinator.holder(tp(1)));
            assertEquals(List.of(tp(0), tp(1)), h.assigned("m-a").subList(0, 2));
        }
        assertEquals(tps(0, 1), h.assigned("m-a"));
        assertEquals(tps(2, 3), h.assigned("m-b"));
    }

    @Test
    void aNewMemberGetsAtOnceWhatNobodyHoldsAndTheRestAsItIsReleased() {
        GroupHarness h = new GroupHarness(Map.of(TOPIC, 6));
        h.join("m-a", List.of(TOPIC));
        h.join("m-b", List.of(TOPIC));
        h.heartbeat("m-a", 1, tps(0, 1, 2, 3, 4, 5));
        h.heartbeat("m-a", 1, tps(0, 1, 2));
        assertEquals(tps(3, 4, 5), h.heartbeat("m-b", 2, List.of()).assignment());

        HeartbeatResponse c = h.join("m-c", List.of(TOPIC));
        // Epoch 3, quota 2: m-a keeps {0,1} and releases 2, m-b keeps {3,4} and releases 5; m-c gets [2,5].
        assertEquals(Map.of("m-a", tps(0, 1), "m-b", tps(3, 4), "m-c", tps(2, 5)), h.events.targets.get(3));
        assertEquals(List.of(), c.assignment());

        h.heartbeat("m-a", 2, tps(0, 1, 2));
        h.heartbeat("m-a", 2, tps(0, 1));
        // Partition 2 is free, 5 is still held by m-b: m-c takes 2 only and waits for 5.
        HeartbeatResponse partial = h.heartbeat("m-c", 3, List.of());
        assertEquals(tps(2), partial.assignment());
        assertEquals(3, partial.memberEpoch());
        assertEquals(MemberState.UNRELEASED_PARTITIONS, h.memberState("m-c"));

        h.heartbeat("m-b", 2, tps(3, 4, 5));
        h.heartbeat("m-b", 2, tps(3, 4));
        HeartbeatResponse rest = h.heartbeat("m-c", 3, tps(2));
        assertEquals(tps(2, 5), rest.assignment());
        assertEquals(MemberState.STABLE, h.memberState("m-c"));
        assertEquals(List.of(1, 2, 3), h.events.reached);
    }

    @Test
    void aRevocationAlreadyDoneBeforeTheHeartbeatGoesStraightToTheTarget() {
        GroupHarness h = new GroupHarness(Map.of(TOPIC, 4));
        h.join("m-a", List.of(TOPIC));
        h.join("m-b", List.of(TOPIC));
        // CAB: something to revoke but not reported as owned → no UNREVOKED_PARTITIONS step.
        HeartbeatResponse a = h.heartbeat("m-a", 1, tps(0, 1));
        assertEquals(2, a.memberEpoch());
        assertEquals(tps(0, 1), a.assignment());
        assertEquals(MemberState.STABLE, h.memberState("m-a"));
    }

    @Test
    void aSubscriptionChangeBumpsTheEpochAndRevokesTheDroppedTopic() {
        GroupHarness h = new GroupHarness(Map.of(TOPIC, 2, "u", 2));
        h.join("m-a", List.of(TOPIC, "u"));
        List<org.rebalancesim.partition.TopicPartition> all = List.of(tp(0), tp(1), GroupHarness.tp("u", 0),
                GroupHarness.tp("u", 1));
        assertEquals(all.stream().sorted().toList(), h.assigned("m-a"));

        HeartbeatResponse changed = h.send(new HeartbeatRequest("m-a", 1, null, -1, List.of(TOPIC), null, all));
        assertEquals(List.of(1, 2), h.events.bumps);
        assertEquals(List.of(true, false), h.events.startsFromEmpty);
        assertEquals(1, changed.memberEpoch());
        assertEquals(tps(0, 1), changed.assignment());
        assertEquals(MemberState.UNREVOKED_PARTITIONS, h.memberState("m-a"));

        HeartbeatResponse ack = h.heartbeat("m-a", 1, tps(0, 1));
        assertEquals(2, ack.memberEpoch());
        assertEquals(ConsumerGroupState.STABLE, h.coordinator.state());
    }

    @Test
    void aMemberThatSendsTheSameSubscriptionAgainDoesNotBumpTheEpoch() {
        GroupHarness h = new GroupHarness(Map.of(TOPIC, 2));
        h.join("m-a", List.of(TOPIC));
        HeartbeatResponse full = h.send(new HeartbeatRequest("m-a", 1, null, REBALANCE_TIMEOUT_MS, List.of(TOPIC),
                null, tps(0, 1)));
        assertEquals(List.of(1), h.events.bumps);
        // A full request (rebalance timeout, subscription and owned partitions set) gets the assignment.
        assertEquals(tps(0, 1), full.assignment());
    }
}
