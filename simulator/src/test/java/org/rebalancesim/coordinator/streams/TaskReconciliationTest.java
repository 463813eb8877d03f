package org.rebalancesim.coordinator.streams;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.rebalancesim.coordinator.streams.StreamsHarness.active;
import static org.rebalancesim.coordinator.streams.StreamsHarness.tasks;

import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * {@link TaskReconciliation} transition by transition, each expected value written from the rules of Kafka
 * 4.4.0's streams CurrentAssignmentBuilder (docs/kafka-semantics.md §27): revocation first, at the member's
 * epoch; one epoch up once the revoked tasks are no longer reported; an active task granted only when no member
 * holds it active and no other member of the same process holds it as a replica; UNRELEASED_TASKS at the target
 * epoch while something is withheld.
 */
class TaskReconciliationTest {

    private static final TaskSets NONE = TaskSets.EMPTY;

    private static TaskSets standby(int... partitionIds) {
        return new TaskSets(new TreeSet<>(), tasks(partitionIds), new TreeSet<>());
    }

    private static StreamsGroupMember member(String id, String process, int epoch, StreamsMemberState state,
                                             TaskSets assigned, TaskSets pending) {
        return new StreamsGroupMember(id, null, process, epoch, epoch - 1, state, 30_000, new TreeMap<>(),
                assigned, pending);
    }

    private static StreamsGroupMember stable(String id, String process, int epoch, TaskSets assigned) {
        return member(id, process, epoch, StreamsMemberState.STABLE, assigned, NONE);
    }

    /** The holders of a group made of these members. */
    private static TaskHolders holders(StreamsGroupMember... members) {
        TaskHolders holders = new TaskHolders("g");
        for (StreamsGroupMember m : members) {
            holders.update(null, m);
        }
        return holders;
    }

    private static StreamsGroupMember step(StreamsGroupMember m, int targetEpoch, TaskSets target, TaskSets owned,
                                           TaskHolders holders) {
        return new TaskReconciliation(targetEpoch, target, owned, holders).next(m);
    }

    private static void assertMember(StreamsMemberState state, int epoch, TaskSets assigned, TaskSets pending,
                                     StreamsGroupMember actual) {
        assertEquals(state, actual.state(), "state of " + actual);
        assertEquals(epoch, actual.memberEpoch(), "epoch of " + actual);
        assertEquals(assigned, actual.assigned(), "assigned of " + actual);
        assertEquals(pending, actual.pendingRevocation(), "pending revocation of " + actual);
    }

    @Test
    void aStableMemberAtTheTargetEpochStaysAsItIs() {
        StreamsGroupMember a = stable("a", "p1", 3, active(0, 1));
        assertSame(a, step(a, 3, active(0, 1), active(0, 1), holders(a)));
    }

    @Test
    void stableToUnrevokedKeepsTheEpochAndTheTasksStillTargeted() {
        StreamsGroupMember a = stable("a", "p1", 1, active(0, 1, 2));
        StreamsGroupMember next = step(a, 2, active(0, 1), active(0, 1, 2), holders(a));
        assertMember(StreamsMemberState.UNREVOKED_TASKS, 1, active(0, 1), active(2), next);
    }

    @Test
    void ownedNotSentCountsAsStillOwningEverything() {
        StreamsGroupMember a = stable("a", "p1", 1, active(0, 1, 2));
        StreamsGroupMember next = step(a, 2, active(0, 1), null, holders(a));
        assertMember(StreamsMemberState.UNREVOKED_TASKS, 1, active(0, 1), active(2), next);
        // And in UNREVOKED_TASKS, no owned tasks sent is no acknowledgement.
        assertSame(next, step(next, 2, active(0, 1), null, holders(next)));
    }

    @Test
    void unrevokedStaysWhileARevokedTaskIsStillReported() {
        StreamsGroupMember a = member("a", "p1", 1, StreamsMemberState.UNREVOKED_TASKS, active(0, 1), active(2));
        assertSame(a, step(a, 2, active(0, 1), active(0, 1, 2), holders(a)));
        assertSame(a, step(a, 2, active(0, 1), active(2), holders(a)));
    }

    @Test
    void unrevokedToStableOnceTheRevokedTasksAreGone() {
        StreamsGroupMember a = member("a", "p1", 1, StreamsMemberState.UNREVOKED_TASKS, active(0, 1), active(2));
        StreamsGroupMember next = step(a, 2, active(0, 1), active(0, 1), holders(a));
        assertMember(StreamsMemberState.STABLE, 2, active(0, 1), NONE, next);
    }

    @Test
    void unrevokedMovesOneEpochUpAndRevokesAgainForANewerTarget() {
        // Acknowledged at epoch 1, but the target (epoch 3) now also takes 0_1 away: the member goes to epoch 2
        // (its epoch + 1), not 3, and revokes again.
        StreamsGroupMember a = member("a", "p1", 1, StreamsMemberState.UNREVOKED_TASKS, active(0, 1), active(2));
        StreamsGroupMember next = step(a, 3, active(0), active(0, 1), holders(a));
        assertMember(StreamsMemberState.UNREVOKED_TASKS, 2, active(0), active(1), next);
    }

    @Test
    void unrevokedToUnreleasedWhenATargetTaskIsStillActiveElsewhere() {
        StreamsGroupMember a = member("a", "p1", 1, StreamsMemberState.UNREVOKED_TASKS, active(0), active(1));
        StreamsGroupMember c = stable("c", "p2", 1, active(3));
        StreamsGroupMember next = step(a, 2, active(0, 3), active(0), holders(a, c));
        assertMember(StreamsMemberState.UNRELEASED_TASKS, 2, active(0), NONE, next);
    }

    @Test
    void unreleasedWaitsWhileTheHolderStillRevokesThenBecomesStable() {
        StreamsGroupMember b = member("b", "p2", 2, StreamsMemberState.UNRELEASED_TASKS, NONE, NONE);
        StreamsGroupMember revoking = member("a", "p1", 1, StreamsMemberState.UNREVOKED_TASKS, active(0),
                active(1));
        StreamsGroupMember waiting = step(b, 2, active(1), NONE, holders(b, revoking));
        assertMember(StreamsMemberState.UNRELEASED_TASKS, 2, NONE, NONE, waiting);

        StreamsGroupMember released = stable("a", "p1", 2, active(0));
        StreamsGroupMember next = step(waiting, 2, active(1), NONE, holders(waiting, released));
        assertMember(StreamsMemberState.STABLE, 2, active(1), NONE, next);
    }

    @Test
    void aMembersOwnStandbyIsPromotedAtOnceWhenNobodyHoldsTheActive() {
        StreamsGroupMember a = stable("a", "p1", 1, standby(0));
        StreamsGroupMember next = step(a, 2, active(0), standby(0), holders(a));
        assertMember(StreamsMemberState.STABLE, 2, active(0), NONE, next);
    }

    @Test
    void aPromotedStandbyIsKeptUntilTheActiveIsReleased() {
        StreamsGroupMember a = stable("a", "p1", 1, standby(0));
        StreamsGroupMember c = member("c", "p2", 1, StreamsMemberState.UNREVOKED_TASKS, NONE, active(0));
        // The standby is neither revoked nor dropped: kept as a standby while c still holds 0_0 active.
        StreamsGroupMember waiting = step(a, 2, active(0), standby(0), holders(a, c));
        assertMember(StreamsMemberState.UNRELEASED_TASKS, 2, standby(0), NONE, waiting);

        StreamsGroupMember cReleased = stable("c", "p2", 2, NONE);
        StreamsGroupMember next = step(waiting, 2, active(0), standby(0), holders(waiting, cReleased));
        assertMember(StreamsMemberState.STABLE, 2, active(0), NONE, next);
    }

    @Test
    void anActiveTaskWaitsForAStandbyOfAnotherMemberOfTheSameProcess() {
        StreamsGroupMember a = stable("a", "p1", 1, NONE);
        StreamsGroupMember sibling = stable("s", "p1", 1, standby(0));
        StreamsGroupMember next = step(a, 2, active(0), NONE, holders(a, sibling));
        assertMember(StreamsMemberState.UNRELEASED_TASKS, 2, NONE, NONE, next);
    }

    @Test
    void aStandbyOfAMemberOfAnotherProcessDoesNotBlockTheActive() {
        StreamsGroupMember a = stable("a", "p1", 1, NONE);
        StreamsGroupMember other = stable("o", "p2", 1, standby(0));
        StreamsGroupMember next = step(a, 2, active(0), NONE, holders(a, other));
        assertMember(StreamsMemberState.STABLE, 2, active(0), NONE, next);
    }

    @Test
    void aStandbyWaitsWhileAnotherMemberOfTheSameProcessHoldsTheTask() {
        StreamsGroupMember a = stable("a", "p1", 1, NONE);
        StreamsGroupMember sibling = stable("s", "p1", 1, active(0));
        StreamsGroupMember next = step(a, 2, standby(0), NONE, holders(a, sibling));
        assertMember(StreamsMemberState.UNRELEASED_TASKS, 2, NONE, NONE, next);

        StreamsGroupMember siblingReplica = stable("s", "p1", 1, standby(1));
        StreamsGroupMember next1 = step(a, 2, standby(1), NONE, holders(a, siblingReplica));
        assertMember(StreamsMemberState.UNRELEASED_TASKS, 2, NONE, NONE, next1);
    }

    @Test
    void aStandbyOfATaskActiveInAnotherProcessIsGranted() {
        StreamsGroupMember a = stable("a", "p1", 1, NONE);
        StreamsGroupMember other = stable("o", "p2", 1, active(0));
        StreamsGroupMember next = step(a, 2, standby(0), NONE, holders(a, other));
        assertMember(StreamsMemberState.STABLE, 2, standby(0), NONE, next);
    }

    @Test
    void aJoiningMemberGetsWhatIsFreeAndWaitsForTheRest() {
        StreamsGroupMember b = StreamsGroupMember.newMember("b", null, "p2");
        StreamsGroupMember a = member("a", "p1", 1, StreamsMemberState.UNREVOKED_TASKS, active(0), active(1));
        StreamsGroupMember next = step(b, 2, active(1, 2), NONE, holders(a, b));
        assertMember(StreamsMemberState.UNRELEASED_TASKS, 2, active(2), NONE, next);
    }
}
