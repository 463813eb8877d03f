package org.rebalancesim.consumer;

import java.util.ArrayList;
import java.util.List;
import org.rebalancesim.events.ListenerCallback;
import org.rebalancesim.partition.TopicPartition;

/**
 * The cooperative protocol (KIP-429): a member keeps its partitions, and keeps processing them,
 * through the rebalance. The leader's CooperativeStickyAssignor withholds every partition that must
 * move; its owner revokes just those when the assignment arrives and rejoins at once, and the
 * follow-up rebalance hands them to their new owner. The revocation in onJoinComplete does not
 * auto-commit (docs/kafka-semantics.md §6), so with auto-commit on, what was processed between the commit
 * before the JoinGroup and the revocation is processed again by its next owner. A member that owns
 * nothing counts as blocked; the metrics count that only while the group rebalances.
 */
final class CooperativeRebalance implements RebalanceStyle {

    private final ClassicMember member;
    /** A revocation of the last assignment is committing: no JoinGroup goes out before it is done. */
    private boolean revoking;
    /** The join asked for meanwhile, sent once the revocation is done. */
    private Runnable joinAfterRevocation;

    CooperativeRebalance(ClassicMember member) {
        this.member = member;
    }

    @Override
    public void prepareJoin(Runnable thenJoin) {
        if (revoking) {
            // ConsumerCoordinator#onJoinComplete revokes (and the application commits) inside the poll that
            // took the assignment, before anything can send a JoinGroup: a rejoin asked for meanwhile (a Kafka
            // Streams follow-up) goes out after it, without the revoked partitions among those it owns.
            joinAfterRevocation = thenJoin;
            return;
        }
        PollLoop loop = member.pollLoop;
        if (member.generation < 0 && !loop.owned().isEmpty()) {
            // onJoinPrepare: the generation was reset, so onPartitionsLost(all owned); the JoinGroup follows it.
            member.callbacks.call(ListenerCallback.LOST, loop.owned(), ms -> loop.loseAll(), ms -> join(thenJoin));
            return;
        }
        if (member.generation >= 0) {
            // Only topics no longer subscribed are revoked before joining.
            List<TopicPartition> unsubscribed = new ArrayList<>();
            for (TopicPartition tp : loop.owned()) {
                if (!loop.subscription().contains(tp.topic())) {
                    unsubscribed.add(tp);
                }
            }
            if (!unsubscribed.isEmpty()) {
                member.callbacks.call(ListenerCallback.REVOKED, unsubscribed, ms -> loop.revoke(unsubscribed, ms),
                        ms -> join(thenJoin));
                return;
            }
        }
        join(thenJoin);
    }

    private void join(Runnable thenJoin) {
        PollLoop loop = member.pollLoop;
        // Blocked only while it holds nothing it may process.
        member.setBlocked(loop.owned().isEmpty());
        if (member.generation >= 0 && member.config.enableAutoCommit()) {
            // onJoinPrepare commits what was consumed before every JoinGroup, cooperative too
            // (ConsumerCoordinator#onJoinPrepare; docs/kafka-semantics.md §6).
            member.commitConsumed(CommitCall.AUTO_COMMIT, error -> thenJoin.run());
        } else {
            thenJoin.run();
        }
    }

    /**
     * ConsumerCoordinator#onJoinComplete, cooperative: onPartitionsRevoked(owned - assigned) if anything moves
     * (then a rejoin is requested), then onPartitionsAssigned(assigned - owned), called even with nothing new.
     * Each callback holds the application thread for its time; the new partitions are fetched only once
     * onPartitionsAssigned has returned.
     */
    @Override
    public void applyAssignment(List<TopicPartition> assigned) {
        PollLoop loop = member.pollLoop;
        List<TopicPartition> revoked = new ArrayList<>(loop.owned());
        revoked.removeAll(assigned);
        List<TopicPartition> added = new ArrayList<>(assigned);
        added.removeAll(loop.owned());
        if (revoked.isEmpty()) {
            assign(added);
            return;
        }
        Runnable revokeAndAdd = () -> member.callbacks.call(ListenerCallback.REVOKED, revoked, ms -> loop.revoke(revoked, ms),
                ms -> revoked(added));
        if (!member.commitsOnRevocation() || member.config.enableAutoCommit()) {
            revokeAndAdd.run();
        } else {
            // Without auto-commit the modelled application commits in onPartitionsRevoked; nothing
            // more of those partitions is fetched meanwhile.
            loop.pauseFetching(revoked);
            revoking = true;
            member.commitConsumed(CommitCall.COMMIT_SYNC, error -> revokeAndAdd.run());
        }
    }

    /** onPartitionsRevoked returned: onPartitionsAssigned next, and a rejoin to hand the revoked partitions over. */
    private void revoked(List<TopicPartition> added) {
        revoking = false;
        assign(added);
        // Partitions were revoked: rejoin at once so the follow-up rebalance can hand them over.
        member.requestRejoin();
        Runnable parked = joinAfterRevocation;
        joinAfterRevocation = null;
        if (parked != null) {
            prepareJoin(parked);
        }
    }

    /** The rest of onJoinComplete: the auto-commit interval starts again, then onPartitionsAssigned. */
    private void assign(List<TopicPartition> added) {
        member.pollLoop.restartAutoCommitInterval();
        member.callbacks.call(ListenerCallback.ASSIGNED, added, ms -> { }, ms -> {
            member.pollLoop.add(added, ms);
            member.setBlocked(member.pollLoop.owned().isEmpty());
        });
    }

    @Override
    public boolean processesDuringRebalance() {
        return true;
    }
}
