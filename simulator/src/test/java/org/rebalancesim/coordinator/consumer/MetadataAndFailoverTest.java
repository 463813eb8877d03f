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
import org.rebalancesim.coordinator.Errors;
import org.rebalancesim.coordinator.consumer.ConsumerGroupMessages.HeartbeatResponse;

/**
 * Metadata changes (docs/kafka-semantics.md §10 "Group epoch": partition counts, seen at the next heartbeat of
 * any member after onNewMetadataImage requests a refresh) and failover (§11: KIP-848 groups resume
 * transparently; GMM onLoaded restarts session timers and the rebalance timers of revoking members).
 */
class MetadataAndFailoverTest {

    /** m-a holds {0,1}, m-b {2,3}: STABLE at epoch 2. */
    private static GroupHarness stable() {
        GroupHarness h = new GroupHarness(Map.of(TOPIC, 4));
        h.join("m-a", List.of(TOPIC));
        h.join("m-b", List.of(TOPIC));
        h.heartbeat("m-a", 1, tps(0, 1));
        h.heartbeat("m-b", 2, tps());
        assertEquals(ConsumerGroupState.STABLE, h.coordinator.state());
        return h;
    }

    @Test
    void morePartitionsBumpTheEpochAtTheNextHeartbeatAndGetAssigned() {
        GroupHarness h = stable();
        h.partitions.put(TOPIC, 6);
        h.coordinator.metadataChanged();
        assertEquals(List.of(1, 2), h.events.bumps, "nothing happens before a heartbeat");

        HeartbeatResponse a = h.heartbeat("m-a", 2, tps(0, 1));
        assertEquals(List.of(1, 2, 3), h.events.bumps);
        // Uniform, quota 3: both keep their partitions; the new ones, never assigned, fill m-a then m-b.
        assertEquals(Map.of("m-a", tps(0, 1, 4), "m-b", tps(2, 3, 5)), h.events.targets.get(3));
        assertEquals(3, a.memberEpoch());
        assertEquals(tps(0, 1, 4), a.assignment());
        assertEquals(tps(2, 3, 5), h.heartbeat("m-b", 2, tps(2, 3)).assignment());
        assertEquals(List.of(1, 2, 3), h.events.reached);
    }

    @Test
    void aChangeToATopicNobodySubscribesToChangesNothing() {
        GroupHarness h = stable();
        h.partitions.put("other", 3);
        h.coordinator.metadataChanged();
        h.heartbeat("m-a", 2, tps(0, 1));
        assertEquals(List.of(1, 2), h.events.bumps);
    }

    @Test
    void theRefreshHappensOnlyWhenRequested() {
        // Kafka refreshes the subscription metadata when onNewMetadataImage asks for it (or its periodic
        // deadline passes, not modelled); partitions that appear silently are seen at the next epoch bump.
        GroupHarness h = stable();
        h.partitions.put(TOPIC, 6);
        h.heartbeat("m-a", 2, tps(0, 1));
        assertEquals(List.of(1, 2), h.events.bumps);
        h.join("m-c", List.of(TOPIC));
        assertEquals(List.of(1, 2, 3), h.events.bumps);
        assertEquals(6, h.events.targets.get(3).values().stream().mapToInt(List::size).sum());
    }

    @Test
    void unloadAnswersNotCoordinatorAndStopsTheTimers() {
        GroupHarness h = stable();
        h.runUntil(1_000);
        h.coordinator.unload();

        assertEquals(ConsumerGroupState.DEAD, h.coordinator.state());
        HeartbeatResponse refused = h.heartbeat("m-a", 2, tps(0, 1));
        assertEquals(Errors.NOT_COORDINATOR, refused.error());
        assertNull(refused.assignment());
        assertEquals(Errors.NOT_COORDINATOR, h.join("m-c", List.of(TOPIC)).error());
        assertEquals(Errors.NOT_COORDINATOR, h.commit("m-a", 2, Map.of(tp(0), 1L)));
        assertEquals(-1, h.coordinator.sessionDueMs("m-a"));

        h.runUntil(10 * SESSION_MS);
        assertEquals(List.of(), h.events.fenced, "no timer runs while unloaded");
        assertNotNull(h.coordinator.member("m-a"));
    }

    @Test
    void loadResumesTheGroupAsItWasWithFreshTimers() {
        GroupHarness h = new GroupHarness(Map.of(TOPIC, 4));
        h.join("m-a", List.of(TOPIC));
        h.join("m-b", List.of(TOPIC));
        h.runUntil(1_000);
        h.heartbeat("m-a", 1, tps(0, 1, 2, 3));
        assertEquals(MemberState.UNREVOKED_PARTITIONS, h.memberState("m-a"));
        h.runUntil(2_000);
        h.coordinator.unload();
        h.runUntil(400_000);

        h.coordinator.load();
        assertEquals(ConsumerGroupState.RECONCILING, h.coordinator.state());
        assertEquals(2, h.coordinator.groupEpoch());
        assertEquals(2, h.coordinator.assignmentEpoch());
        assertEquals(tps(0, 1), h.assigned("m-a"));
        assertEquals(MemberState.UNREVOKED_PARTITIONS, h.memberState("m-a"));
        assertEquals(400_000 + SESSION_MS, h.coordinator.sessionDueMs("m-a"));
        assertEquals(400_000 + SESSION_MS, h.coordinator.sessionDueMs("m-b"));
        assertEquals(400_000 + REBALANCE_TIMEOUT_MS, h.coordinator.rebalanceDueMs("m-a"));
        assertEquals(-1, h.coordinator.rebalanceDueMs("m-b"));

        // The rebalance goes on where it was: no epoch bump, no lost assignment.
        assertEquals(2, h.heartbeat("m-a", 1, tps(0, 1)).memberEpoch());
        assertEquals(tps(2, 3), h.heartbeat("m-b", 2, tps()).assignment());
        assertEquals(ConsumerGroupState.STABLE, h.coordinator.state());
        assertEquals(List.of(1, 2), h.events.bumps);
        assertEquals(List.of(ConsumerGroupState.STABLE, ConsumerGroupState.RECONCILING, ConsumerGroupState.DEAD,
                ConsumerGroupState.RECONCILING, ConsumerGroupState.STABLE),
                h.events.states);
    }

    @Test
    void afterLoadTheRestartedRebalanceTimerFencesAMemberThatStillDoesNotAcknowledge() {
        GroupHarness h = new GroupHarness(Map.of(TOPIC, 4));
        h.join("m-a", List.of(TOPIC));
        h.join("m-b", List.of(TOPIC));
        h.heartbeat("m-a", 1, tps(0, 1, 2, 3));
        h.runUntil(1_000);
        h.coordinator.unload();
        h.runUntil(100_000);
        h.coordinator.load();
        long dueMs = 100_000 + REBALANCE_TIMEOUT_MS;
        while (h.sim.nowMs() + HEARTBEAT_MS < dueMs) {
            h.advance(HEARTBEAT_MS);
            h.heartbeat("m-a", 1, tps(0, 1, 2, 3));
            h.heartbeat("m-b", 2, tps());
        }
        assertEquals(List.of(), h.events.fenced);
        h.runUntil(dueMs);
        assertEquals(List.of("m-a:REBALANCE_TIMEOUT"), h.events.fenced);
    }

    @Test
    void sessionsRestartFromTheLoad() {
        GroupHarness h = stable();
        h.runUntil(40_000);
        h.coordinator.unload();
        h.runUntil(50_000);
        h.coordinator.load();
        h.runUntil(50_000 + SESSION_MS - 1);
        assertEquals(List.of(), h.events.fenced);
        h.runUntil(50_000 + SESSION_MS);
        assertEquals(List.of("m-a:SESSION_TIMEOUT", "m-b:SESSION_TIMEOUT"), h.events.fenced);
    }
}
