package org.rebalancesim.coordinator.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.rebalancesim.coordinator.consumer.GroupHarness.SESSION_MS;
import static org.rebalancesim.coordinator.consumer.GroupHarness.TOPIC;
import static org.rebalancesim.coordinator.consumer.GroupHarness.tp;
import static org.rebalancesim.coordinator.consumer.GroupHarness.tps;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rebalancesim.coordinator.Errors;
import org.rebalancesim.coordinator.consumer.ConsumerGroupMessages.HeartbeatResponse;

/**
 * Leaving with -1 and -2, and static members (docs/kafka-semantics.md §10 "Poll timeout and close", "Static
 * members"; GMM consumerGroupLeave, getOrMaybeSubscribeStaticConsumerGroupMember, throwIfInstanceIdIsUnreleased).
 */
class LeaveAndStaticMembershipTest {

    /** m-a (static i-a, member id m-a1) holds {0,1}, m-b holds {2,3}; the group is STABLE at epoch 2. */
    private static GroupHarness stableWithStaticMember() {
        GroupHarness h = new GroupHarness(Map.of(TOPIC, 4));
        h.joinStatic("m-a1", "i-a", List.of(TOPIC));
        h.join("m-b", List.of(TOPIC));
        h.heartbeatStatic("m-a1", "i-a", 1, tps(0, 1));
        h.heartbeat("m-b", 2, tps());
        assertEquals(ConsumerGroupState.STABLE, h.coordinator.state());
        assertEquals(tps(0, 1), h.assigned("m-a1"));
        assertEquals(tps(2, 3), h.assigned("m-b"));
        return h;
    }

    @Test
    void leavingWithMinusOneFreesThePartitionsAndBumpsTheEpoch() {
        GroupHarness h = stableWithStaticMember();
        HeartbeatResponse left = h.leave("m-b");

        assertEquals(Errors.NONE, left.error());
        assertEquals(ConsumerGroupMessages.LEAVE_EPOCH, left.memberEpoch());
        assertEquals(List.of("m-b:LEAVE"), h.events.fenced);
        assertEquals(List.of(1, 2, 3), h.events.bumps);
        assertNull(h.coordinator.holder(tp(2)));
        // The target waits for the next heartbeat of any member (§10).
        assertEquals(ConsumerGroupState.ASSIGNING, h.coordinator.state());
        assertEquals(2, h.coordinator.assignmentEpoch());

        HeartbeatResponse a = h.heartbeatStatic("m-a1", "i-a", 2, tps(0, 1));
        assertEquals(3, a.memberEpoch());
        assertEquals(tps(0, 1, 2, 3), a.assignment());
        assertEquals(List.of(1, 2, 3), h.events.reached);
    }

    @Test
    void anUnknownMemberCannotLeave() {
        GroupHarness h = stableWithStaticMember();
        assertEquals(Errors.UNKNOWN_MEMBER_ID, h.leave("nobody").error());
        assertEquals(List.of(1, 2), h.events.bumps);
    }

    @Test
    void theLastMemberLeavingEmptiesTheGroup() {
        GroupHarness h = new GroupHarness(Map.of(TOPIC, 2));
        h.join("m-a", List.of(TOPIC));
        h.leave("m-a");
        assertEquals(ConsumerGroupState.EMPTY, h.coordinator.state());
        assertEquals(2, h.coordinator.groupEpoch());
        assertEquals(2, h.coordinator.assignmentEpoch());
        assertEquals(-1, h.coordinator.sessionDueMs("m-a"));
    }

    @Test
    void aStaticMemberLeavingWithMinusTwoIsReplacedByItsNextIncarnationWithoutAnEpochBump() {
        GroupHarness h = stableWithStaticMember();
        HeartbeatResponse left = h.leaveStatic("m-a1", "i-a", ConsumerGroupMessages.STATIC_LEAVE_EPOCH);

        assertEquals(Errors.NONE, left.error());
        assertEquals(ConsumerGroupMessages.STATIC_LEAVE_EPOCH, left.memberEpoch());
        // Kept at epoch -2 with its assignment; nothing is freed and nothing is recomputed.
        assertEquals(ConsumerGroupMessages.STATIC_LEAVE_EPOCH, h.memberEpoch("m-a1"));
        assertEquals(tps(0, 1), h.assigned("m-a1"));
        assertEquals("m-a1", h.coordinator.holder(tp(0)));
        assertEquals(List.of(1, 2), h.events.bumps);
        assertEquals(ConsumerGroupState.RECONCILING, h.coordinator.state());

        h.advance(20_000);
        HeartbeatResponse back = h.joinStatic("m-a2", "i-a", List.of(TOPIC));

        assertEquals(Errors.NONE, back.error());
        assertEquals(2, back.memberEpoch());
        assertEquals(tps(0, 1), back.assignment(), "always sent on join");
        assertEquals(List.of(1, 2), h.events.bumps, "same subscription: no epoch bump");
        assertEquals(List.of("m-a1:REPLACED"), h.events.fenced);
        assertNull(h.coordinator.member("m-a1"));
        assertEquals(-1, h.coordinator.sessionDueMs("m-a1"));
        assertEquals("m-a2", h.coordinator.holder(tp(0)));
        assertEquals(tps(0, 1), h.coordinator.targetAssignment("m-a2"));
        assertEquals(ConsumerGroupState.STABLE, h.coordinator.state());
        assertEquals(List.of(1, 2), h.events.reached, "epoch 2 was reached before: reported once");
    }

    @Test
    void aStaticMemberReturningWithAnotherSubscriptionBumpsTheEpoch() {
        GroupHarness h = stableWithStaticMember();
        h.partitions.put("u", 2);
        h.leaveStatic("m-a1", "i-a", ConsumerGroupMessages.STATIC_LEAVE_EPOCH);
        HeartbeatResponse back = h.joinStatic("m-a2", "i-a", List.of(TOPIC, "u"));
        assertEquals(List.of(1, 2, 3), h.events.bumps);
        assertEquals(3, back.memberEpoch());
    }

    @Test
    void aStaticMemberRestartedAfterACrashIsRefusedUntilTheOldSessionExpires() {
        GroupHarness h = stableWithStaticMember();
        // m-a1 crashes at t=0 (no -2); its replacement starts at t=10s.
        h.runUntil(10_000);
        HeartbeatResponse refused = h.joinStatic("m-a2", "i-a", List.of(TOPIC));
        assertEquals(Errors.UNRELEASED_INSTANCE_ID, refused.error());
        assertNull(refused.assignment());
        assertNull(h.coordinator.member("m-a2"));
        assertEquals(List.of(1, 2), h.events.bumps, "a refused request changes nothing");

        h.runUntil(SESSION_MS - 1);
        assertEquals(Errors.UNRELEASED_INSTANCE_ID, h.joinStatic("m-a2", "i-a", List.of(TOPIC)).error());
        h.runUntil(SESSION_MS);
        // m-b is silent too in this test; both sessions (armed at t=0) expire now.
        assertEquals(List.of("m-a1:SESSION_TIMEOUT", "m-b:SESSION_TIMEOUT"), h.events.fenced);

        HeartbeatResponse joined = h.joinStatic("m-a2", "i-a", List.of(TOPIC));
        assertEquals(Errors.NONE, joined.error());
        assertEquals(tps(0, 1, 2, 3), joined.assignment());
        assertEquals(List.of(1, 2, 3, 4, 5), h.events.bumps);
    }

    @Test
    void aStaticMemberThatLeftWithMinusTwoIsRemovedWhenItsSessionExpires() {
        GroupHarness h = stableWithStaticMember();
        h.runUntil(5_000);
        h.heartbeat("m-b", 2, tps(2, 3));
        h.leaveStatic("m-a1", "i-a", ConsumerGroupMessages.STATIC_LEAVE_EPOCH);
        h.runUntil(SESSION_MS);
        assertEquals(List.of("m-a1:SESSION_TIMEOUT"), h.events.fenced);
        assertEquals(List.of(1, 2, 3), h.events.bumps);
        assertNull(h.coordinator.holder(tp(0)));
    }

    @Test
    void staticMembersLeavingWithMinusOneAreRemoved() {
        GroupHarness h = stableWithStaticMember();
        HeartbeatResponse left = h.leaveStatic("m-a1", "i-a", ConsumerGroupMessages.LEAVE_EPOCH);
        assertEquals(ConsumerGroupMessages.LEAVE_EPOCH, left.memberEpoch());
        assertEquals(List.of("m-a1:LEAVE"), h.events.fenced);
        assertNull(h.coordinator.member("m-a1"));
        // The instance id is free again: a new incarnation joins as a new member.
        HeartbeatResponse back = h.joinStatic("m-a2", "i-a", List.of(TOPIC));
        assertEquals(Errors.NONE, back.error());
        assertEquals(List.of(1, 2, 3, 4), h.events.bumps);
    }

    @Test
    void aStaticHeartbeatFromAnotherMemberIdIsFenced() {
        GroupHarness h = stableWithStaticMember();
        assertEquals(Errors.FENCED_INSTANCE_ID, h.heartbeatStatic("m-zz", "i-a", 2, tps(0, 1)).error());
        assertEquals(Errors.UNKNOWN_MEMBER_ID, h.heartbeatStatic("m-zz", "i-unknown", 2, tps()).error());
        assertEquals(Errors.FENCED_INSTANCE_ID,
                h.leaveStatic("m-zz", "i-a", ConsumerGroupMessages.STATIC_LEAVE_EPOCH).error());
        assertNotNull(h.coordinator.member("m-a1"));
        assertEquals(2, h.memberEpoch("m-a1"));
    }
}
