package org.rebalancesim.coordinator.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.rebalancesim.coordinator.consumer.GroupHarness.REBALANCE_TIMEOUT_MS;
import static org.rebalancesim.coordinator.consumer.GroupHarness.TOPIC;
import static org.rebalancesim.coordinator.consumer.GroupHarness.tps;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rebalancesim.coordinator.Errors;
import org.rebalancesim.coordinator.consumer.ConsumerGroupMessages.HeartbeatRequest;
import org.rebalancesim.coordinator.consumer.ConsumerGroupMessages.HeartbeatResponse;

/**
 * Epoch checks (docs/kafka-semantics.md §10 "Epoch checks"; GMM.throwIfConsumerGroupMemberEpochIsInvalid, Kafka
 * 4.4.0) and request validation (GroupCoordinatorService.throwIfConsumerGroupHeartbeatRequestIsInvalid).
 */
class EpochValidationTest {

    /** m-a at epoch 2 (previous epoch 1) holding {0,1}; m-b at epoch 2 holding {2,3}. */
    private static GroupHarness atEpochTwo() {
        GroupHarness h = new GroupHarness(Map.of(TOPIC, 4));
        h.join("m-a", List.of(TOPIC));
        h.join("m-b", List.of(TOPIC));
        assertEquals(2, h.heartbeat("m-a", 1, tps(0, 1)).memberEpoch());
        h.heartbeat("m-b", 2, tps());
        assertEquals(1, h.coordinator.member("m-a").previousMemberEpoch());
        return h;
    }

    @Test
    void anEpochAheadOfTheCoordinatorsIsFenced() {
        GroupHarness h = atEpochTwo();
        HeartbeatResponse response = h.heartbeat("m-a", 3, tps(0, 1));
        assertEquals(Errors.FENCED_MEMBER_EPOCH, response.error());
        assertEquals("m-a", response.memberId());
        assertNull(response.assignment());
        assertEquals(2, h.memberEpoch("m-a"), "a refused request changes nothing");
    }

    @Test
    void thePreviousEpochIsAcceptedWhenTheMemberOwnsNoMoreThanItsAssignment() {
        GroupHarness h = atEpochTwo();
        // The response carrying epoch 2 was lost: the member still sends 1, owning a subset of {0,1}.
        HeartbeatResponse response = h.heartbeat("m-a", 1, tps(0));
        assertEquals(Errors.NONE, response.error());
        assertEquals(2, response.memberEpoch());
    }

    @Test
    void thePreviousEpochWithMoreThanTheAssignmentIsFenced() {
        GroupHarness h = atEpochTwo();
        assertEquals(Errors.FENCED_MEMBER_EPOCH, h.heartbeat("m-a", 1, tps(0, 1, 2)).error());
        // A missing owned list is not a subset (GMM.isSubset).
        assertEquals(Errors.FENCED_MEMBER_EPOCH, h.heartbeat("m-a", 1, null).error());
    }

    @Test
    void anOlderEpochThanThePreviousIsFenced() {
        GroupHarness h = atEpochTwo();
        h.join("m-c", List.of(TOPIC));
        h.heartbeat("m-a", 2, tps(0, 1));
        h.heartbeat("m-a", 2, h.assigned("m-a"));
        assertEquals(3, h.memberEpoch("m-a"));
        assertEquals(2, h.coordinator.member("m-a").previousMemberEpoch());
        assertEquals(Errors.FENCED_MEMBER_EPOCH, h.heartbeat("m-a", 1, tps()).error());
    }

    @Test
    void aKnownMemberRejoiningWithEpochZeroIsAccepted() {
        // KAFKA-19233 (in 4.4.0): epoch 0 always passes the epoch check; the member keeps its state.
        GroupHarness h = atEpochTwo();
        HeartbeatResponse response = h.join("m-a", List.of(TOPIC));
        assertEquals(Errors.NONE, response.error());
        assertEquals(2, response.memberEpoch());
        assertEquals(tps(0, 1), response.assignment());
        assertEquals(List.of(1, 2), h.events.bumps);
    }

    @Test
    void anUnknownMemberWithANonZeroEpochIsUnknown() {
        GroupHarness h = atEpochTwo();
        assertEquals(Errors.UNKNOWN_MEMBER_ID, h.heartbeat("m-zz", 2, tps()).error());
        assertNull(h.coordinator.member("m-zz"));
    }

    @Test
    void anAssignorTheBrokerDoesNotHaveIsUnsupported() {
        GroupHarness h = new GroupHarness(Map.of(TOPIC, 4));
        HeartbeatResponse response = h.send(new HeartbeatRequest("m-a", 0, null, REBALANCE_TIMEOUT_MS,
                List.of(TOPIC), "sticky", List.of()));
        assertEquals(Errors.UNSUPPORTED_ASSIGNOR, response.error());
        assertNull(h.coordinator.member("m-a"));
        assertEquals(List.of(), h.events.bumps);
    }

    @Test
    void aFullGroupRefusesNewMembersButNotItsOwn() {
        GroupHarness h = new GroupHarness(ConsumerGroupSettings.DEFAULTS.withAssignmentIntervalMs(0).withMaxSize(1),
                Map.of(TOPIC, 4));
        h.join("m-a", List.of(TOPIC));
        assertEquals(Errors.GROUP_MAX_SIZE_REACHED, h.join("m-b", List.of(TOPIC)).error());
        assertEquals(Errors.NONE, h.heartbeat("m-a", 1, tps(0, 1, 2, 3)).error());
        assertEquals(Errors.NONE, h.join("m-a", List.of(TOPIC)).error());
    }

    @Test
    void malformedRequestsAreModelBugs() {
        GroupHarness h = new GroupHarness(Map.of(TOPIC, 4));
        // Kafka answers these INVALID_REQUEST; only a broken client model can send them.
        assertThrows(IllegalArgumentException.class,
                () -> h.send(new HeartbeatRequest("m-a", 0, null, -1, List.of(TOPIC), null, List.of())));
        assertThrows(IllegalArgumentException.class,
                () -> h.send(new HeartbeatRequest("m-a", 0, null, REBALANCE_TIMEOUT_MS, List.of(TOPIC), null, null)));
        assertThrows(IllegalArgumentException.class,
                () -> h.send(new HeartbeatRequest("m-a", 0, null, REBALANCE_TIMEOUT_MS, List.of(TOPIC), null, tps(0))));
        assertThrows(IllegalArgumentException.class,
                () -> h.send(new HeartbeatRequest("m-a", 0, null, REBALANCE_TIMEOUT_MS, null, null, List.of())));
        assertThrows(IllegalArgumentException.class,
                () -> h.send(new HeartbeatRequest("", 0, null, REBALANCE_TIMEOUT_MS, List.of(TOPIC), null, List.of())));
        assertThrows(IllegalArgumentException.class,
                () -> h.send(new HeartbeatRequest("m-a", -2, null, -1, null, null, null)));
        assertThrows(IllegalArgumentException.class,
                () -> h.send(new HeartbeatRequest("m-a", -3, null, -1, null, null, null)));
    }
}
