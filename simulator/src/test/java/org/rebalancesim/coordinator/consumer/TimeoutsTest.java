package org.rebalancesim.coordinator.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.rebalancesim.coordinator.consumer.GroupHarness.HEARTBEAT_MS;
import static org.rebalancesim.coordinator.consumer.GroupHarness.REBALANCE_TIMEOUT_MS;
import static org.rebalancesim.coordinator.consumer.GroupHarness.SESSION_MS;
import static org.rebalancesim.coordinator.consumer.GroupHarness.TOPIC;
import static org.rebalancesim.coordinator.consumer.GroupHarness.tp;
import static org.rebalancesim.coordinator.consumer.GroupHarness.tps;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.coordinator.Errors;
import org.rebalancesim.coordinator.consumer.ConsumerGroupMessages.HeartbeatRequest;

/**
 * The rebalance timer and the session timer (docs/kafka-semantics.md §10 "Fencing"; GMM
 * scheduleConsumerGroupRebalanceTimeout, scheduleConsumerGroupSessionTimeout).
 */
class TimeoutsTest {

    /** m-a holds all 4 partitions and has been asked to revoke {2,3} at t=1000; m-b waits for them. */
    private static GroupHarness revoking() {
        GroupHarness h = new GroupHarness(Map.of(TOPIC, 4));
        h.join("m-a", List.of(TOPIC));
        h.join("m-b", List.of(TOPIC));
        h.runUntil(1_000);
        h.heartbeat("m-a", 1, tps(0, 1, 2, 3));
        assertEquals(MemberState.UNREVOKED_PARTITIONS, h.memberState("m-a"));
        return h;
    }

    /** Both members heartbeat every interval until {@code endMs}; m-a never gives up what it holds. */
    private static void keepAlive(GroupHarness h, long endMs, List<TopicPartition> ownedByA) {
        while (h.sim.nowMs() + HEARTBEAT_MS <= endMs) {
            h.advance(HEARTBEAT_MS);
            if (h.coordinator.member("m-a") != null) {
                h.heartbeat("m-a", h.memberEpoch("m-a"), ownedByA);
            }
            h.heartbeat("m-b", h.memberEpoch("m-b"), h.assigned("m-b"));
        }
    }

    @Test
    void aMemberThatNeverAcknowledgesItsRevocationIsFencedAtItsRebalanceTimeout() {
        GroupHarness h = revoking();
        long dueMs = 1_000 + REBALANCE_TIMEOUT_MS;
        assertEquals(dueMs, h.coordinator.rebalanceDueMs("m-a"));

        keepAlive(h, dueMs - 1, tps(0, 1, 2, 3));
        assertNotNull(h.coordinator.member("m-a"), "alive by its heartbeats, still revoking");
        h.runUntil(dueMs);

        assertNull(h.coordinator.member("m-a"));
        assertEquals(List.of("m-a:REBALANCE_TIMEOUT"), h.events.fenced);
        assertEquals(List.of(1, 2, 3), h.events.bumps);
        assertNull(h.coordinator.holder(tp(2)), "its partitions are free");
        assertEquals(ConsumerGroupState.ASSIGNING, h.coordinator.state());

        // The next heartbeat of any member computes the target of epoch 3: m-b gets everything.
        assertEquals(tps(0, 1, 2, 3), h.heartbeat("m-b", 2, tps()).assignment());
        assertEquals(3, h.memberEpoch("m-b"));
        // The fenced member is unknown now; its client rejoins with epoch 0.
        assertEquals(Errors.UNKNOWN_MEMBER_ID, h.heartbeat("m-a", 1, tps(0, 1, 2, 3)).error());
    }

    @Test
    void anAcknowledgedRevocationCancelsTheRebalanceTimer() {
        GroupHarness h = revoking();
        h.advance(2_000);
        h.heartbeat("m-a", 1, tps(0, 1));
        assertEquals(-1, h.coordinator.rebalanceDueMs("m-a"));

        keepAlive(h, 1_000 + REBALANCE_TIMEOUT_MS + 10_000, tps(0, 1));
        assertEquals(List.of(), h.events.fenced);
        assertEquals(ConsumerGroupState.STABLE, h.coordinator.state());
    }

    @Test
    void theRebalanceTimerFencesOnlyAtTheEpochItWasSetFor() {
        // A static member with a short rebalance timeout leaves temporarily (-2) while revoking: its epoch
        // is -2 when the timer fires, so the timer does nothing (GMM re-checks the epoch); the session does.
        GroupHarness h = new GroupHarness(Map.of(TOPIC, 4));
        h.send(new HeartbeatRequest("m-a", 0, "i-a", 10_000, List.of(TOPIC), null, List.of()));
        h.join("m-b", List.of(TOPIC));
        h.runUntil(1_000);
        h.heartbeatStatic("m-a", "i-a", 1, tps(0, 1, 2, 3));
        assertEquals(11_000, h.coordinator.rebalanceDueMs("m-a"));
        h.runUntil(2_000);
        h.leaveStatic("m-a", "i-a", ConsumerGroupMessages.STATIC_LEAVE_EPOCH);

        h.runUntil(11_000);
        assertEquals(List.of(), h.events.fenced);
        assertEquals(ConsumerGroupMessages.STATIC_LEAVE_EPOCH, h.memberEpoch("m-a"));

        // Its session runs from its last regular heartbeat (t=1000): the leave does not re-arm it.
        // (m-b, silent since t=0, expires first.)
        h.runUntil(1_000 + SESSION_MS - 1);
        assertNotNull(h.coordinator.member("m-a"));
        assertEquals(List.of("m-b:SESSION_TIMEOUT"), h.events.fenced);
        h.runUntil(1_000 + SESSION_MS);
        assertEquals(List.of("m-b:SESSION_TIMEOUT", "m-a:SESSION_TIMEOUT"), h.events.fenced);
    }

    @Test
    void eachHeartbeatReArmsTheSessionAndSilenceFencesTheMember() {
        GroupHarness h = new GroupHarness(Map.of(TOPIC, 4));
        h.join("m-a", List.of(TOPIC));
        assertEquals(SESSION_MS, h.coordinator.sessionDueMs("m-a"));
        h.runUntil(5_000);
        h.heartbeat("m-a", 1, tps(0, 1, 2, 3));
        assertEquals(5_000 + SESSION_MS, h.coordinator.sessionDueMs("m-a"));

        h.runUntil(5_000 + SESSION_MS - 1);
        assertNotNull(h.coordinator.member("m-a"));
        h.runUntil(5_000 + SESSION_MS);

        assertNull(h.coordinator.member("m-a"));
        assertEquals(List.of("m-a:SESSION_TIMEOUT"), h.events.fenced);
        assertEquals(List.of(1, 2), h.events.bumps);
        // The last member gone: EMPTY, and its empty target is current at the new epoch.
        assertEquals(ConsumerGroupState.EMPTY, h.coordinator.state());
        assertEquals(2, h.coordinator.assignmentEpoch());
        assertNull(h.coordinator.holder(tp(0)));
    }

    @Test
    void aSessionExpiryFreesThePartitionsForTheOthers() {
        GroupHarness h = new GroupHarness(Map.of(TOPIC, 4));
        h.join("m-a", List.of(TOPIC));
        h.join("m-b", List.of(TOPIC));
        h.heartbeat("m-a", 1, tps(0, 1));
        h.heartbeat("m-b", 2, tps());
        assertEquals(ConsumerGroupState.STABLE, h.coordinator.state());
        // m-a goes silent; m-b keeps heartbeating.
        while (h.sim.nowMs() + HEARTBEAT_MS <= SESSION_MS + HEARTBEAT_MS) {
            h.advance(HEARTBEAT_MS);
            h.heartbeat("m-b", h.memberEpoch("m-b"), h.assigned("m-b"));
        }
        assertEquals(List.of("m-a:SESSION_TIMEOUT"), h.events.fenced);
        assertEquals(3, h.memberEpoch("m-b"));
        assertEquals(tps(0, 1, 2, 3), h.assigned("m-b"));
        assertEquals(List.of(1, 2, 3), h.events.reached);
    }
}
