package org.rebalancesim.coordinator.streams;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.coordinator.streams.StreamsHarness.INITIAL_DELAY_MS;
import static org.rebalancesim.coordinator.streams.StreamsHarness.INTERVAL_MS;
import static org.rebalancesim.coordinator.streams.StreamsHarness.REBALANCE_TIMEOUT_MS;
import static org.rebalancesim.coordinator.streams.StreamsHarness.SESSION_MS;
import static org.rebalancesim.coordinator.streams.StreamsHarness.TOPIC;
import static org.rebalancesim.coordinator.streams.StreamsHarness.active;
import static org.rebalancesim.coordinator.streams.StreamsHarness.stableTwoMembers;
import static org.rebalancesim.coordinator.streams.StreamsHarness.tasks;

import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.rebalancesim.coordinator.Errors;
import org.rebalancesim.coordinator.streams.StreamsGroupMessages.HeartbeatResponse;
import org.rebalancesim.partition.TaskId;
import org.rebalancesim.partition.TopicPartition;

/**
 * The streams group coordinator driven heartbeat by heartbeat (Kafka 4.4.0 GMM streamsGroupHeartbeat,
 * docs/kafka-semantics.md §27). A new group is at group epoch 1, assignment epoch 1; each new member bumps the
 * group epoch; the first target waits for the initial-delay timer (3000 ms), later ones for the assignment
 * interval (1000 ms) since the last one.
 */
class StreamsGroupCoordinatorTest {

    @Test
    void twoMembersJoiningWithinTheInitialDelayGetNothingUntilTheTimerThenABalancedTarget() {
        StreamsHarness h = new StreamsHarness();
        HeartbeatResponse a = h.join("m-a", "p-a");
        // Group epoch 1 -> 2; the member is reconciled to the assignment epoch 1, with no task.
        assertEquals(Errors.NONE, a.error());
        assertEquals(1, a.memberEpoch());
        assertEquals(TaskSets.EMPTY, a.assignment());
        assertTrue(a.assignmentDelayed());
        assertEquals(2, h.coordinator.groupEpoch());
        assertEquals(1, h.coordinator.assignmentEpoch());

        h.runUntil(1_000);
        HeartbeatResponse b = h.join("m-b", "p-b");
        assertEquals(1, b.memberEpoch());
        assertEquals(TaskSets.EMPTY, b.assignment());
        assertTrue(b.assignmentDelayed());
        assertEquals(List.of(2, 3), h.bumps);

        h.runUntil(2_000);
        HeartbeatResponse a2 = h.heartbeat("m-a", 1, TaskSets.EMPTY);
        assertTrue(a2.assignmentDelayed());
        assertNull(a2.assignment(), "nothing changed");
        assertEquals(1, h.coordinator.assignmentEpoch());

        // The timer armed by the first heartbeat (at 0) fires at 3000 and computes the target at epoch 3 alone.
        h.runUntil(INITIAL_DELAY_MS - 1);
        assertEquals(1, h.coordinator.assignmentEpoch());
        h.runUntil(INITIAL_DELAY_MS);
        assertEquals(3, h.coordinator.assignmentEpoch());
        assertEquals(1, h.member("m-a").memberEpoch(), "members see the target only at their next heartbeat");
        assertTrue(h.member("m-a").assigned().isEmpty());

        h.runUntil(3_500);
        HeartbeatResponse a3 = h.heartbeat("m-a", 1, TaskSets.EMPTY);
        HeartbeatResponse b3 = h.heartbeat("m-b", 1, TaskSets.EMPTY);
        assertFalse(a3.assignmentDelayed());
        assertFalse(b3.assignmentDelayed());
        assertEquals(3, a3.memberEpoch());
        assertEquals(3, b3.memberEpoch());
        assertEquals(2, a3.assignment().active().size());
        assertEquals(2, b3.assignment().active().size());
        SortedSet<TaskId> all = new TreeSet<>(a3.assignment().active());
        all.addAll(b3.assignment().active());
        assertEquals(tasks(0, 1, 2, 3), all);
        assertEquals(StreamsGroupState.STABLE, h.coordinator.state());
        assertEquals(List.of(2, 3), h.bumps);
    }

    @Test
    void aJoinWithinTheIntervalIsDelayedWithoutATimerAndTheNextLateHeartbeatComputes() {
        StreamsHarness h = new StreamsHarness();
        h.join("m-a", "p-a");
        h.runUntil(INITIAL_DELAY_MS);
        assertEquals(2, h.coordinator.assignmentEpoch());
        h.runUntil(3_100);
        assertEquals(active(0, 1, 2, 3), h.heartbeat("m-a", 1, TaskSets.EMPTY).assignment());

        // Less than 1000 ms since the computation at 3000: delayed, at the old assignment epoch.
        h.runUntil(3_200);
        HeartbeatResponse b = h.join("m-b", "p-b");
        assertTrue(b.assignmentDelayed());
        assertEquals(2, b.memberEpoch());
        assertEquals(TaskSets.EMPTY, b.assignment());
        assertEquals(3, h.coordinator.groupEpoch());
        h.runUntil(3_900);
        assertTrue(h.heartbeat("m-a", 2, active(0, 1, 2, 3)).assignmentDelayed());

        // No timer: nothing is computed without a heartbeat, however long it takes.
        h.runUntil(3_000 + INTERVAL_MS + 5_000);
        assertEquals(2, h.coordinator.assignmentEpoch());
        assertEquals(StreamsGroupState.ASSIGNING, h.coordinator.state());

        HeartbeatResponse a = h.heartbeat("m-a", 2, active(0, 1, 2, 3));
        assertFalse(a.assignmentDelayed());
        assertEquals(3, h.coordinator.assignmentEpoch());
        // m-a must give up half its tasks: it keeps its epoch while it revokes.
        assertEquals(2, a.memberEpoch());
        assertEquals(2, a.assignment().active().size());
        assertEquals(StreamsMemberState.UNREVOKED_TASKS, h.member("m-a").state());
    }

    @Test
    void aTaskMovesToANewMemberOnlyAfterTheOldOwnerAcknowledgesItsRevocation() {
        StreamsHarness h = new StreamsHarness();
        h.join("m-a", "p-a");
        h.runUntil(3_100);
        h.heartbeat("m-a", 1, TaskSets.EMPTY);
        TaskSets all = active(0, 1, 2, 3);
        assertEquals(all, h.member("m-a").assigned());

        h.runUntil(5_000);
        HeartbeatResponse b = h.join("m-b", "p-b");
        assertEquals(3, h.coordinator.assignmentEpoch(), "computed at once: the interval has passed");
        SortedSet<TaskId> moving = h.coordinator.targetAssignment("m-b").active();
        SortedSet<TaskId> staying = h.coordinator.targetAssignment("m-a").active();
        assertEquals(2, moving.size());
        // Every task m-b is to get is still active on m-a: m-b waits at the target epoch with nothing.
        assertEquals(3, b.memberEpoch());
        assertEquals(TaskSets.EMPTY, b.assignment());
        assertEquals(StreamsMemberState.UNRELEASED_TASKS, h.member("m-b").state());

        HeartbeatResponse a = h.heartbeat("m-a", 2, all);
        assertEquals(2, a.memberEpoch());
        assertEquals(active(staying), a.assignment());
        assertEquals(active(moving), h.member("m-a").pendingRevocation());

        // m-a still reports the moving tasks: nothing moves.
        h.runUntil(6_000);
        assertEquals(2, h.heartbeat("m-a", 2, all).memberEpoch());
        HeartbeatResponse bWaiting = h.heartbeat("m-b", 3, TaskSets.EMPTY);
        assertNull(bWaiting.assignment(), "unchanged: still nothing");
        assertEquals(StreamsMemberState.UNRELEASED_TASKS, h.member("m-b").state());

        // m-a acknowledges: epoch 2 + 1 = 3, STABLE; only then m-b gets the tasks.
        HeartbeatResponse aDone = h.heartbeat("m-a", 2, active(staying));
        assertEquals(3, aDone.memberEpoch());
        assertNull(aDone.assignment(), "its assigned tasks did not change");
        assertEquals(StreamsMemberState.STABLE, h.member("m-a").state());
        HeartbeatResponse bDone = h.heartbeat("m-b", 3, TaskSets.EMPTY);
        assertEquals(3, bDone.memberEpoch());
        assertEquals(active(moving), bDone.assignment());
        assertEquals(StreamsGroupState.STABLE, h.coordinator.state());
        assertEquals(List.of(2, 3), h.bumps);
    }

    @Test
    void aStaticMemberLeavingWithMinusTwoAndRejoiningKeepsItsTasksWithoutABump() {
        StreamsHarness h = stableTwoMembers("i-a");
        TaskSets tasksOfA = h.member("m-a").assigned();
        List<Integer> bumpsBefore = List.copyOf(h.bumps);

        HeartbeatResponse left = h.leave("m-a", "i-a", StreamsGroupMessages.STATIC_LEAVE_EPOCH);
        assertEquals(Errors.NONE, left.error());
        assertEquals(StreamsGroupMessages.STATIC_LEAVE_EPOCH, left.memberEpoch());
        StreamsGroupMember away = h.member("m-a");
        assertNotNull(away, "kept while away");
        assertEquals(StreamsGroupMessages.STATIC_LEAVE_EPOCH, away.memberEpoch());
        assertEquals(tasksOfA, away.assigned());
        assertEquals(3, h.coordinator.groupEpoch());

        h.runUntil(10_000);
        HeartbeatResponse back = h.joinStatic("m-a2", "i-a", "p-a");
        assertEquals(Errors.NONE, back.error());
        assertEquals(3, back.memberEpoch());
        assertEquals(tasksOfA, back.assignment());
        assertNull(h.member("m-a"));
        assertEquals(tasksOfA, h.member("m-a2").assigned());
        assertEquals(3, h.coordinator.groupEpoch());
        assertEquals(bumpsBefore, h.bumps);
        assertEquals(StreamsGroupState.STABLE, h.coordinator.state());
    }

    @Test
    void aStaticMemberThatDidNotLeaveKeepsItsInstanceId() {
        StreamsHarness h = stableTwoMembers("i-a");
        HeartbeatResponse refused = h.joinStatic("m-a2", "i-a", "p-a");
        assertEquals(Errors.UNRELEASED_INSTANCE_ID, refused.error());
        assertNull(h.member("m-a2"));
        assertEquals(3, h.member("m-a").memberEpoch());
        assertEquals(3, h.coordinator.groupEpoch());
    }

    @Test
    void aSilentMemberIsFencedWhenItsSessionExpires() {
        StreamsHarness h = stableTwoMembers(null);
        long lastOfA = 3_100;
        // m-b keeps heartbeating, m-a is silent.
        for (long t = 8_000; t < lastOfA + SESSION_MS; t += 5_000) {
            h.runUntil(t);
            h.heartbeat("m-b", 3, h.member("m-b").assigned());
        }
        h.runUntil(lastOfA + SESSION_MS - 1);
        assertNotNull(h.member("m-a"));
        h.runUntil(lastOfA + SESSION_MS);
        assertNull(h.member("m-a"));
        assertEquals(List.of("m-a:SESSION_TIMEOUT"), h.removed);
        assertEquals(4, h.coordinator.groupEpoch());
        assertEquals(List.of(2, 3, 4), h.bumps);

        HeartbeatResponse b = h.heartbeat("m-b", 3, h.member("m-b").assigned());
        assertEquals(4, b.memberEpoch());
        assertEquals(active(0, 1, 2, 3), b.assignment());
    }

    @Test
    void leavingWithMinusOneFencesAndBumps() {
        StreamsHarness h = stableTwoMembers(null);
        h.runUntil(5_000);
        HeartbeatResponse left = h.leave("m-b", null, StreamsGroupMessages.LEAVE_EPOCH);
        assertEquals(Errors.NONE, left.error());
        assertEquals(StreamsGroupMessages.LEAVE_EPOCH, left.memberEpoch());
        assertNull(h.member("m-b"));
        assertEquals(List.of("m-b:LEAVE"), h.removed);
        assertEquals(List.of(2, 3, 4), h.bumps);
        assertEquals(StreamsGroupState.ASSIGNING, h.coordinator.state());

        HeartbeatResponse a = h.heartbeat("m-a", 3, h.member("m-a").assigned());
        assertEquals(4, a.memberEpoch());
        assertEquals(active(0, 1, 2, 3), a.assignment());
    }

    @Test
    void aMemberThatNeverRevokesIsFencedAfterItsRebalanceTimeout() {
        StreamsHarness h = new StreamsHarness();
        h.join("m-a", "p-a");
        h.runUntil(3_100);
        TaskSets all = active(0, 1, 2, 3);
        h.heartbeat("m-a", 1, TaskSets.EMPTY);
        h.runUntil(5_000);
        h.join("m-b", "p-b");
        long revokeFromMs = 5_100;
        h.runUntil(revokeFromMs);
        h.heartbeat("m-a", 2, all);
        assertEquals(StreamsMemberState.UNREVOKED_TASKS, h.member("m-a").state());
        // It keeps heartbeating but never gives its tasks up; the timer is not re-armed by those heartbeats.
        for (long t = 10_000; t < revokeFromMs + REBALANCE_TIMEOUT_MS; t += 5_000) {
            h.runUntil(t);
            h.heartbeat("m-a", 2, all);
            h.heartbeat("m-b", 3, TaskSets.EMPTY);
        }
        h.runUntil(revokeFromMs + REBALANCE_TIMEOUT_MS - 1);
        assertNotNull(h.member("m-a"));
        h.runUntil(revokeFromMs + REBALANCE_TIMEOUT_MS);
        assertNull(h.member("m-a"));
        assertEquals(List.of("m-a:REBALANCE_TIMEOUT"), h.removed);
        assertEquals(List.of(2, 3, 4), h.bumps);
    }

    @Test
    void anOffsetCommitIsValidatedByTheMembersEpoch() {
        StreamsHarness h = new StreamsHarness();
        TopicPartition p0 = new TopicPartition(TOPIC, 0);
        TopicPartition p1 = new TopicPartition(TOPIC, 1);
        // Empty group: a commit from outside the group (epoch -1) is accepted.
        assertEquals(Errors.NONE, h.commit("", -1, Map.of(p1, 5L)));
        assertEquals(5L, h.offsets.committed(p1));

        h.join("m-a", "p-a");
        h.runUntil(3_100);
        h.heartbeat("m-a", 1, TaskSets.EMPTY);
        assertEquals(2, h.member("m-a").memberEpoch());
        assertEquals(Errors.NONE, h.commit("m-a", 2, Map.of(p0, 42L)));
        assertEquals(42L, h.offsets.committed(p0));
        // An older epoch only for partitions of active tasks the member still holds (createAssignmentEpochValidator):
        // a partition no task of it reads is refused.
        assertEquals(Errors.STALE_MEMBER_EPOCH, h.commit("m-a", 1, Map.of(new TopicPartition("elsewhere", 0), 43L)));
        assertEquals(Errors.STALE_MEMBER_EPOCH, h.commit("m-a", 3, Map.of(p0, 44L)));
        assertEquals(Errors.UNKNOWN_MEMBER_ID, h.commit("m-zz", 2, Map.of(p0, 45L)));
        assertEquals(Errors.UNKNOWN_MEMBER_ID, h.commit("", -1, Map.of(p1, 6L)));
        assertEquals(42L, h.offsets.committed(p0));
        assertEquals(5L, h.offsets.committed(p1));

        // While it revokes, the member keeps its epoch 2: a commit at 2 is current.
        h.runUntil(5_000);
        h.join("m-b", "p-b");
        h.heartbeat("m-a", 2, active(0, 1, 2, 3));
        assertEquals(StreamsMemberState.UNREVOKED_TASKS, h.member("m-a").state());
        assertEquals(Errors.NONE, h.commit("m-a", 2, Map.of(p0, 50L)));
        assertEquals(50L, h.offsets.committed(p0));
    }

    @Test
    void aGroupThatEmptiedWaitsForTheInitialDelayAgain() {
        StreamsHarness h = stableTwoMembers(null);
        h.runUntil(5_000);
        h.leave("m-a", null, StreamsGroupMessages.LEAVE_EPOCH);
        h.leave("m-b", null, StreamsGroupMessages.LEAVE_EPOCH);
        assertEquals(StreamsGroupState.EMPTY, h.coordinator.state());

        long joinMs = 6_000;
        h.runUntil(joinMs);
        HeartbeatResponse c = h.join("m-c", "p-c");
        assertTrue(c.assignmentDelayed(), "the heartbeat found the group empty: the initial delay runs again");
        assertEquals(TaskSets.EMPTY, c.assignment());
        int epochOfC = h.coordinator.groupEpoch();
        h.runUntil(joinMs + INITIAL_DELAY_MS - 1);
        assertTrue(h.heartbeat("m-c", c.memberEpoch(), TaskSets.EMPTY).assignmentDelayed());
        h.runUntil(joinMs + INITIAL_DELAY_MS);
        assertEquals(epochOfC, h.coordinator.assignmentEpoch());
        HeartbeatResponse c2 = h.heartbeat("m-c", c.memberEpoch(), TaskSets.EMPTY);
        assertFalse(c2.assignmentDelayed());
        assertEquals(epochOfC, c2.memberEpoch());
        assertEquals(active(0, 1, 2, 3), c2.assignment());
    }
}
