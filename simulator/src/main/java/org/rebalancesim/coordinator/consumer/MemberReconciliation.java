package org.rebalancesim.coordinator.consumer;

import java.util.Collection;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Predicate;
import org.rebalancesim.partition.TopicPartition;

/**
 * One reconciliation step of a member towards its target assignment: a pure function, Kafka's
 * CurrentAssignmentBuilder (group-coordinator modern/consumer/CurrentAssignmentBuilder.java, 4.4.0) with
 * topic-partition sets instead of topic-id maps (docs/kafka-semantics.md §10 "Server reconciliation").
 *
 * @param targetEpoch         the epoch of the target assignment
 * @param target              the member's partitions in the target assignment
 * @param subscribedTopics    the member's subscribed topics that exist: target partitions of other topics
 *                            are ignored and owned ones are revoked
 * @param subscriptionChanged the heartbeat changed the subscription: even a reconciled member drops the
 *                            topics it no longer subscribes to (withHasSubscriptionChanged)
 * @param owned               the partitions the member reported owning, or null when it did not send
 *                            them (which counts as still owning everything)
 * @param ownedByOther        whether another member still holds a partition (partition epoch != -1 in Kafka)
 */
record MemberReconciliation(int targetEpoch, Set<TopicPartition> target, Set<String> subscribedTopics,
                            boolean subscriptionChanged, Collection<TopicPartition> owned,
                            Predicate<TopicPartition> ownedByOther) {

    /** The member's next state, or {@code member} itself when it cannot move (CurrentAssignmentBuilder.build). */
    ConsumerGroupMember next(ConsumerGroupMember member) {
        return switch (member.state()) {
            case STABLE -> {
                if (member.memberEpoch() != targetEpoch) {
                    yield computeNextAssignment(member);
                }
                yield subscriptionChanged ? dropUnsubscribedTopics(member) : member;
            }
            case UNREVOKED_PARTITIONS -> {
                // Until the member stops reporting every revoked partition it cannot progress.
                if (ownsAnyOf(member.pendingRevocation())) {
                    yield subscriptionChanged ? dropUnsubscribedTopics(member) : member;
                }
                yield computeNextAssignment(member);
            }
            case UNRELEASED_PARTITIONS -> computeNextAssignment(member);
        };
    }

    /**
     * assigned = current ∩ target; revoke = current − assigned; toAssign = target − assigned − partitions
     * another member still holds. Revocation first (epoch kept), else the member takes the target epoch.
     */
    private ConsumerGroupMember computeNextAssignment(ConsumerGroupMember member) {
        SortedSet<TopicPartition> effectiveTarget = new TreeSet<>();
        for (TopicPartition partition : target) {
            if (subscribedTopics.contains(partition.topic())) {
                effectiveTarget.add(partition);
            }
        }
        SortedSet<TopicPartition> assigned = new TreeSet<>(member.assigned());
        assigned.retainAll(effectiveTarget);
        SortedSet<TopicPartition> revoke = new TreeSet<>(member.assigned());
        revoke.removeAll(assigned);
        SortedSet<TopicPartition> toAssign = new TreeSet<>(effectiveTarget);
        toAssign.removeAll(assigned);
        boolean unreleased = toAssign.removeIf(ownedByOther);

        if (!revoke.isEmpty() && ownsAnyOf(revoke)) {
            return member.withAssignment(MemberState.UNREVOKED_PARTITIONS, member.memberEpoch(), assigned, revoke);
        }
        assigned.addAll(toAssign);
        MemberState state = unreleased ? MemberState.UNRELEASED_PARTITIONS : MemberState.STABLE;
        return member.withAssignment(state, targetEpoch, assigned, new TreeSet<>());
    }

    /** CurrentAssignmentBuilder.updateCurrentAssignment: strips topics the member no longer subscribes to. */
    private ConsumerGroupMember dropUnsubscribedTopics(ConsumerGroupMember member) {
        SortedSet<TopicPartition> assigned = new TreeSet<>();
        SortedSet<TopicPartition> pending = new TreeSet<>(member.pendingRevocation());
        for (TopicPartition partition : member.assigned()) {
            if (subscribedTopics.contains(partition.topic())) {
                assigned.add(partition);
            } else {
                pending.add(partition);
            }
        }
        if (assigned.equals(member.assigned())) {
            return member;
        }
        if (ownsAnyOf(pending)) {
            return member.withAssignment(MemberState.UNREVOKED_PARTITIONS, member.memberEpoch(), assigned, pending);
        }
        // Already given up: shrink the assignment and keep the state.
        return member.withAssignment(member.state(), member.memberEpoch(), assigned, member.pendingRevocation());
    }

    /** CurrentAssignmentBuilder.ownsRevokedPartitions: a missing owned list means "still owns them". */
    private boolean ownsAnyOf(Set<TopicPartition> revoked) {
        if (owned == null) {
            return true;
        }
        for (TopicPartition partition : owned) {
            if (revoked.contains(partition)) {
                return true;
            }
        }
        return false;
    }
}
