package org.rebalancesim.consumer;

import java.util.List;
import org.rebalancesim.events.ListenerCallback;
import org.rebalancesim.partition.TopicPartition;

/**
 * The eager protocol: before every JoinGroup the member commits what it consumed and revokes
 * everything (or, when its generation was reset, loses everything without a commit); it processes
 * nothing until the SyncGroup answer gives it a whole new assignment.
 */
final class EagerRebalance implements RebalanceStyle {

    private final ClassicMember member;

    EagerRebalance(ClassicMember member) {
        this.member = member;
    }

    /**
     * ConsumerCoordinator#onJoinPrepare, eager: with a generation in force, commit what was consumed (auto-commit's
     * sync commit, or the application's commit in onPartitionsRevoked), then onPartitionsRevoked(all owned), called
     * even when the member owns nothing; with its generation reset, onPartitionsLost(all owned), only if it owns
     * any. The JoinGroup goes out when the callback has returned (docs/kafka-semantics.md §6).
     */
    @Override
    public void prepareJoin(Runnable thenJoin) {
        member.setBlocked(true);
        PollLoop loop = member.pollLoop;
        if (member.generation < 0) {
            if (loop.owned().isEmpty()) {
                thenJoin.run();
            } else {
                member.callbacks.call(ListenerCallback.LOST, loop.owned(), ms -> loop.loseAll(), ms -> thenJoin.run());
            }
        } else if (loop.owned().isEmpty()) {
            member.callbacks.call(ListenerCallback.REVOKED, List.of(), ms -> { }, ms -> thenJoin.run());
        } else {
            long revokeStart = member.now();
            member.commitOnRevocation(error -> {
                long commitMs = member.config.enableAutoCommit() ? 0 : member.now() - revokeStart;
                member.callbacks.call(ListenerCallback.REVOKED, loop.owned(), ms -> loop.revoke(loop.owned(), commitMs + ms),
                        ms -> thenJoin.run());
            });
        }
    }

    /**
     * ConsumerCoordinator#onJoinComplete, eager: everything assigned is new; the auto-commit interval starts again, and
     * onPartitionsAssigned(all) runs before any of it is fetched; the member processes again when it has returned.
     */
    @Override
    public void applyAssignment(List<TopicPartition> assigned) {
        if (!member.pollLoop.owned().isEmpty()) {
            member.pollLoop.revoke(member.pollLoop.owned(), 0);
        }
        member.pollLoop.restartAutoCommitInterval();
        member.callbacks.call(ListenerCallback.ASSIGNED, assigned, ms -> { }, ms -> {
            member.pollLoop.add(assigned, ms);
            member.setBlocked(false);
        });
    }

    @Override
    public boolean processesDuringRebalance() {
        return false;
    }
}
