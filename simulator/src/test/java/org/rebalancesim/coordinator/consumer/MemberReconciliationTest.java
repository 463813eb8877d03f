package org.rebalancesim.coordinator.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.rebalancesim.coordinator.consumer.GroupHarness.tp;
import static org.rebalancesim.coordinator.consumer.GroupHarness.tps;

import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.rebalancesim.partition.TopicPartition;

/**
 * The pure reconciliation step, case by case from Kafka's CurrentAssignmentBuilder (4.4.0) and
 * docs/kafka-semantics.md §10 "Server reconciliation".
 */
class MemberReconciliationTest {

    private static final Set<String> SUBSCRIBED = Set.of("t");
    private static final Predicate<TopicPartition> NOBODY_ELSE = partition -> false;

    private static ConsumerGroupMember member(MemberState state, int epoch, List<TopicPartition> assigned,
                                              List<TopicPartition> pending) {
        return new ConsumerGroupMember("m", null, epoch, epoch - 1, state, 60_000, new TreeSet<>(SUBSCRIBED), null,
                new TreeSet<>(assigned), new TreeSet<>(pending));
    }

    private static ConsumerGroupMember step(ConsumerGroupMember member, int targetEpoch, List<TopicPartition> target,
                                            Collection<TopicPartition> owned, Predicate<TopicPartition> heldByOther) {
        return new MemberReconciliation(targetEpoch, Set.copyOf(target), SUBSCRIBED, false, owned, heldByOther)
                .next(member);
    }

    @Test
    void aStableMemberAtTheTargetEpochDoesNotMove() {
        ConsumerGroupMember m = member(MemberState.STABLE, 3, tps(0, 1), tps());
        assertSame(m, step(m, 3, tps(0, 1, 2), tps(0, 1), NOBODY_ELSE));
    }

    @Test
    void revokingKeepsTheEpochAndListsTheRevokedPartitionsAsPending() {
        ConsumerGroupMember m = member(MemberState.STABLE, 3, tps(0, 1, 2), tps());
        ConsumerGroupMember next = step(m, 4, tps(0, 3), tps(0, 1, 2), NOBODY_ELSE);
        assertEquals(MemberState.UNREVOKED_PARTITIONS, next.state());
        assertEquals(3, next.memberEpoch());
        assertEquals(3, next.previousMemberEpoch(), "updateMemberEpoch: previous = current, even unchanged");
        assertEquals(tps(0), List.copyOf(next.assigned()));
        assertEquals(tps(1, 2), List.copyOf(next.pendingRevocation()));
    }

    @Test
    void aMissingOwnedListMeansTheMemberStillOwnsEverything() {
        ConsumerGroupMember m = member(MemberState.STABLE, 3, tps(0, 1), tps());
        assertEquals(MemberState.UNREVOKED_PARTITIONS, step(m, 4, tps(0), null, NOBODY_ELSE).state());
        ConsumerGroupMember revoking = member(MemberState.UNREVOKED_PARTITIONS, 3, tps(0), tps(1));
        assertSame(revoking, step(revoking, 4, tps(0), null, NOBODY_ELSE));
        assertSame(revoking, step(revoking, 4, tps(0), tps(0, 1), NOBODY_ELSE));
    }

    @Test
    void theAcknowledgementMovesToTheTargetEpochWithTheFreePartitions() {
        ConsumerGroupMember revoking = member(MemberState.UNREVOKED_PARTITIONS, 3, tps(0), tps(1));
        ConsumerGroupMember next = step(revoking, 4, tps(0, 2), tps(0), NOBODY_ELSE);
        assertEquals(MemberState.STABLE, next.state());
        assertEquals(4, next.memberEpoch());
        assertEquals(3, next.previousMemberEpoch());
        assertEquals(tps(0, 2), List.copyOf(next.assigned()));
        assertEquals(Set.of(), next.pendingRevocation());
    }

    @Test
    void partitionsHeldByOthersWaitInUnreleasedPartitions() {
        ConsumerGroupMember m = member(MemberState.STABLE, 3, tps(0), tps());
        Predicate<TopicPartition> twoIsHeld = tp(2)::equals;
        ConsumerGroupMember waiting = step(m, 4, tps(0, 1, 2), tps(0), twoIsHeld);
        assertEquals(MemberState.UNRELEASED_PARTITIONS, waiting.state());
        assertEquals(4, waiting.memberEpoch());
        assertEquals(tps(0, 1), List.copyOf(waiting.assigned()));

        // Still held: nothing new (the same state again).
        assertEquals(waiting.assigned(), step(waiting, 4, tps(0, 1, 2), tps(0, 1), twoIsHeld).assigned());
        // Released: STABLE with everything.
        ConsumerGroupMember done = step(waiting, 4, tps(0, 1, 2), tps(0, 1), NOBODY_ELSE);
        assertEquals(MemberState.STABLE, done.state());
        assertEquals(tps(0, 1, 2), List.copyOf(done.assigned()));
    }

    @Test
    void onlyTheSubscribedTopicsOfTheTargetCount() {
        ConsumerGroupMember m = member(MemberState.STABLE, 1, tps(), tps());
        ConsumerGroupMember next = new MemberReconciliation(2, Set.of(tp(0), tp("u", 0)), SUBSCRIBED, false,
                List.of(), NOBODY_ELSE).next(m);
        assertEquals(tps(0), List.copyOf(next.assigned()));
    }

    @Test
    void aSubscriptionChangeStripsTheDroppedTopicFromAReconciledMember() {
        ConsumerGroupMember m = new ConsumerGroupMember("m", null, 2, 1, MemberState.STABLE, 60_000,
                new TreeSet<>(Set.of("t")), null, new TreeSet<>(List.of(tp(0), tp("u", 0))), new TreeSet<>());
        ConsumerGroupMember owning = new MemberReconciliation(2, Set.of(tp(0), tp("u", 0)), SUBSCRIBED, true,
                List.of(tp(0), tp("u", 0)), NOBODY_ELSE).next(m);
        assertEquals(MemberState.UNREVOKED_PARTITIONS, owning.state());
        assertEquals(List.of(tp("u", 0)), List.copyOf(owning.pendingRevocation()));

        ConsumerGroupMember alreadyGone = new MemberReconciliation(2, Set.of(tp(0), tp("u", 0)), SUBSCRIBED, true,
                List.of(tp(0)), NOBODY_ELSE).next(m);
        assertEquals(MemberState.STABLE, alreadyGone.state());
        assertEquals(tps(0), List.copyOf(alreadyGone.assigned()));
    }
}
