package org.rebalancesim.coordinator.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rebalancesim.assignor.AssignmentCost;
import org.rebalancesim.assignor.ServerAssignors;
import org.rebalancesim.partition.TopicPartition;

/**
 * The coordinator's server assignor takes AssignmentCost.SERVER's measured time: a target computed at a
 * heartbeat becomes the group's computeMs later; meanwhile the group is ASSIGNING and no other
 * computation starts. (Small groups cost 0 ms: every other coordinator test sees the target at once.)
 */
class TargetComputeTimeTest {

    static final int PARTITIONS = 10_000;
    static final int MEMBERS = 1000;
    static final List<String> TOPICS = List.of(GroupHarness.TOPIC);

    static String member(int i) {
        return String.format("m%04d", i);
    }

    /** Every member joins at 0; the first join computes for one member, the rest wait for it. */
    static GroupHarness joinedGroup() {
        GroupHarness h = new GroupHarness(Map.of(GroupHarness.TOPIC, PARTITIONS));
        for (int i = 1; i <= MEMBERS; i++) {
            h.join(member(i), TOPICS);
        }
        return h;
    }

    @Test
    void theTargetBecomesCurrentComputeMsAfterTheHeartbeatThatComputedIt() {
        long firstMs = AssignmentCost.SERVER.computeMs(ServerAssignors.UNIFORM, 1, PARTITIONS);
        long fullMs = AssignmentCost.SERVER.computeMs(ServerAssignors.UNIFORM, MEMBERS, PARTITIONS);
        assertTrue(firstMs >= 1 && fullMs >= firstMs, firstMs + " / " + fullMs);
        GroupHarness h = joinedGroup();
        assertEquals(MEMBERS, h.coordinator.groupEpoch());
        assertEquals(0, h.coordinator.assignmentEpoch(), "the first computation is still running");
        assertEquals(ConsumerGroupState.ASSIGNING, h.coordinator.state());

        h.runUntil(firstMs);
        assertEquals(1, h.coordinator.assignmentEpoch(), "the first member's target, computed at 0");
        assertEquals(PARTITIONS, h.coordinator.targetAssignment(member(1)).size());

        long computedAtMs = 1000;
        h.runUntil(computedAtMs);
        // m2 still holds nothing at epoch 0, so its heartbeat is a full one (as its first was).
        h.join(member(2), TOPICS);
        h.runUntil(computedAtMs + fullMs - 1);
        assertEquals(1, h.coordinator.assignmentEpoch(), "not before computeMs");
        h.join(member(3), TOPICS);
        h.runUntil(computedAtMs + fullMs);
        assertEquals(MEMBERS, h.coordinator.assignmentEpoch(), "one computation for the whole group, done");
        assertEquals(PARTITIONS / MEMBERS, h.coordinator.targetAssignment(member(MEMBERS)).size());
        assertEquals(ConsumerGroupState.RECONCILING, h.coordinator.state());
        assertEquals(List.of(1, MEMBERS), List.copyOf(h.events.targets.keySet()));
    }

    /** A computation running when the coordinator unloads is lost; after the load a heartbeat starts it again. */
    @Test
    void aComputationInProgressIsLostWithTheCoordinator() {
        long firstMs = AssignmentCost.SERVER.computeMs(ServerAssignors.UNIFORM, 1, PARTITIONS);
        long fullMs = AssignmentCost.SERVER.computeMs(ServerAssignors.UNIFORM, MEMBERS, PARTITIONS);
        GroupHarness h = joinedGroup();
        h.runUntil(firstMs);
        h.join(member(2), TOPICS);
        h.coordinator.unload();
        h.advance(fullMs);
        h.coordinator.load();
        assertEquals(1, h.coordinator.assignmentEpoch(), "the unloaded coordinator's computation never lands");

        long restartMs = h.sim.nowMs();
        h.join(member(2), TOPICS);
        h.runUntil(restartMs + fullMs);
        assertEquals(MEMBERS, h.coordinator.assignmentEpoch());
    }

    /**
     * Members fenced while a computation runs are left out of its target when it lands; a static member
     * replaced meanwhile (no epoch bump) has its part handed to its new incarnation.
     */
    @Test
    void aTargetLandingAfterMembersLeftOrWereReplacedIsFittedToTheMembersThen() {
        long firstMs = AssignmentCost.SERVER.computeMs(ServerAssignors.UNIFORM, 1, PARTITIONS);
        long fullMs = AssignmentCost.SERVER.computeMs(ServerAssignors.UNIFORM, MEMBERS, PARTITIONS);
        GroupHarness h = new GroupHarness(Map.of(GroupHarness.TOPIC, PARTITIONS));
        for (int i = 1; i < MEMBERS; i++) {
            h.join(member(i), TOPICS);
        }
        h.joinStatic(member(MEMBERS), "i-last", TOPICS);
        h.runUntil(firstMs);
        long computedAtMs = 1000;
        h.runUntil(computedAtMs);
        h.join(member(2), TOPICS);
        h.runUntil(computedAtMs + 1);
        h.leave(member(5));
        h.leaveStatic(member(MEMBERS), "i-last", ConsumerGroupMessages.STATIC_LEAVE_EPOCH);
        h.joinStatic("m-new", "i-last", TOPICS);
        h.runUntil(computedAtMs + fullMs);

        assertEquals(MEMBERS, h.coordinator.assignmentEpoch());
        Map<String, List<TopicPartition>> target = h.events.targets.get(MEMBERS);
        assertEquals(MEMBERS - 1, target.size());
        assertFalse(target.containsKey(member(5)));
        assertFalse(target.containsKey(member(MEMBERS)));
        assertEquals(PARTITIONS / MEMBERS, target.get("m-new").size());
        assertEquals(target.get("m-new"), h.coordinator.targetAssignment("m-new"));
        assertEquals(List.of(), h.coordinator.targetAssignment(member(5)));
    }
}
