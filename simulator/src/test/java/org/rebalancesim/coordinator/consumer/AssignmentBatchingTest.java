package org.rebalancesim.coordinator.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.rebalancesim.coordinator.consumer.GroupHarness.TOPIC;
import static org.rebalancesim.coordinator.consumer.GroupHarness.tp;
import static org.rebalancesim.coordinator.consumer.GroupHarness.tps;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rebalancesim.coordinator.consumer.ConsumerGroupMessages.HeartbeatRequest;
import org.rebalancesim.coordinator.consumer.ConsumerGroupMessages.HeartbeatResponse;

/**
 * group.consumer.assignment.interval.ms (KIP-1263; Kafka 4.4.0 GMM.canComputeNextTargetAssignment): a
 * heartbeat computes a stale target only when none was ever computed, the interval is 0, or the interval
 * has passed since the last computation; otherwise members reconcile towards the last target.
 */
class AssignmentBatchingTest {

    private static final long INTERVAL_MS = ConsumerGroupSettings.DEFAULT_ASSIGNMENT_INTERVAL_MS;

    private static GroupHarness batched() {
        return new GroupHarness(ConsumerGroupSettings.DEFAULTS, Map.of(TOPIC, 4));
    }

    private static List<Long> targetTimes(GroupHarness h) {
        return h.events.events.stream().filter(e -> e.kind().equals("target")).map(EventLog.Event::atMs).toList();
    }

    @Test
    void theDefaultIntervalIsOneSecond() {
        assertEquals(1_000, INTERVAL_MS);
    }

    @Test
    void targetsAreComputedAtMostOncePerIntervalAndOnlyInsideAHeartbeat() {
        GroupHarness h = batched();
        // t=0: never computed → at once.
        assertEquals(tps(0, 1, 2, 3), h.join("m-a", List.of(TOPIC)).assignment());

        h.runUntil(100);
        HeartbeatResponse b = h.join("m-b", List.of(TOPIC));
        // Epoch 2 but no target for it yet: m-b reconciles towards the last target (epoch 1), where it has none.
        assertEquals(List.of(1, 2), h.events.bumps);
        assertEquals(1, b.memberEpoch());
        assertEquals(List.of(), b.assignment());
        assertEquals(ConsumerGroupState.ASSIGNING, h.coordinator.state());

        h.runUntil(999);
        assertNull(h.heartbeat("m-a", 1, tps(0, 1, 2, 3)).assignment());
        assertEquals(1, h.coordinator.assignmentEpoch());

        // t=1000: the interval has passed; m-b's heartbeat computes the target of epoch 2.
        h.runUntil(1_000);
        HeartbeatResponse computed = h.heartbeat("m-b", 1, tps());
        assertEquals(2, h.coordinator.assignmentEpoch());
        assertEquals(2, computed.memberEpoch());
        assertEquals(MemberState.UNRELEASED_PARTITIONS, h.memberState("m-b"));

        // t=1100: m-c joins (epoch 3) within the interval: not computed until t=2000.
        h.runUntil(1_100);
        assertEquals(2, h.join("m-c", List.of(TOPIC)).memberEpoch());
        h.runUntil(1_999);
        h.heartbeat("m-a", 1, tps(0, 1, 2, 3));
        assertEquals(2, h.coordinator.assignmentEpoch());
        h.runUntil(2_000);
        h.heartbeat("m-a", 1, tps(0, 1, 2, 3));
        assertEquals(3, h.coordinator.assignmentEpoch());

        assertEquals(List.of(0L, 1_000L, 2_000L), targetTimes(h));
        assertEquals(List.of(1, 2, 3), List.copyOf(h.events.targets.keySet()));
    }

    @Test
    void aQuietGroupStaysAssigningUntilTheNextHeartbeatAfterTheInterval() {
        GroupHarness h = batched();
        h.join("m-a", List.of(TOPIC));
        h.runUntil(100);
        h.join("m-b", List.of(TOPIC));
        h.runUntil(4_999);
        assertEquals(ConsumerGroupState.ASSIGNING, h.coordinator.state());
        h.runUntil(5_000);
        h.heartbeat("m-a", 1, tps(0, 1, 2, 3));
        assertEquals(List.of(0L, 5_000L), targetTimes(h));
        assertEquals(ConsumerGroupState.RECONCILING, h.coordinator.state());
    }

    @Test
    void intervalZeroComputesInsideTheJoiningHeartbeat() {
        GroupHarness h = new GroupHarness(ConsumerGroupSettings.DEFAULTS.withAssignmentIntervalMs(0), Map.of(TOPIC, 4));
        h.join("m-a", List.of(TOPIC));
        h.runUntil(100);
        HeartbeatResponse b = h.join("m-b", List.of(TOPIC));
        assertEquals(2, b.memberEpoch());
        assertEquals(List.of(0L, 100L), targetTimes(h));
    }

    @Test
    void aGroupThatEmptiedComputesAtOnceAgain() {
        GroupHarness h = batched();
        h.join("m-a", List.of(TOPIC));
        h.runUntil(10);
        h.leave("m-a");
        h.runUntil(20);
        assertEquals(tps(0, 1, 2, 3), h.join("m-b", List.of(TOPIC)).assignment());
        assertEquals(List.of(0L, 20L), targetTimes(h));
    }

    @Test
    void aSubscriptionChangeBeforeTheNextTargetStillDropsTheUnsubscribedTopic() {
        // CAB updateCurrentAssignment: the reconciled member strips the topic it left, even though the target
        // (computed before the change) still lists it.
        GroupHarness h = new GroupHarness(ConsumerGroupSettings.DEFAULTS, Map.of(TOPIC, 2, "u", 2));
        h.join("m-a", List.of(TOPIC, "u"));
        h.runUntil(100);
        List<org.rebalancesim.partition.TopicPartition> all = h.assigned("m-a");
        HeartbeatResponse changed = h.send(new HeartbeatRequest("m-a", 1, null, -1, List.of(TOPIC), null, all));
        assertEquals(1, h.coordinator.assignmentEpoch(), "not due yet");
        assertEquals(tps(0, 1), changed.assignment());
        assertEquals(1, changed.memberEpoch());
        assertEquals(MemberState.UNREVOKED_PARTITIONS, h.memberState("m-a"));
        assertEquals("m-a", h.coordinator.holder(tp("u", 0)));

        HeartbeatResponse ack = h.heartbeat("m-a", 1, tps(0, 1));
        assertNull(h.coordinator.holder(tp("u", 0)));
        assertEquals(1, ack.memberEpoch());
        assertEquals(MemberState.STABLE, h.memberState("m-a"));
    }
}
