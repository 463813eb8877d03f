package org.rebalancesim.consumer;

import java.util.List;
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

    @Override
    public void prepareJoin(Runnable thenJoin) {
        member.setBlocked(true);
        PollLoop loop = member.pollLoop;
        if (loop.owned().isEmpty()) {
            thenJoin.run();
        } else if (member.generation >= 0) {
            // A generation in force: commit what was consumed (auto-commit's sync commit, or the
            // application's commit in onPartitionsRevoked), then onPartitionsRevoked(all).
            long revokeStart = member.now();
            member.commitConsumed(error -> {
                loop.revoke(loop.owned(), member.config.enableAutoCommit() ? 0 : member.now() - revokeStart);
                thenJoin.run();
            });
        } else {
            loop.loseAll();
            thenJoin.run();
        }
    }

    @Override
    public void applyAssignment(List<TopicPartition> assigned) {
        if (!member.pollLoop.owned().isEmpty()) {
            member.pollLoop.revoke(member.pollLoop.owned(), 0);
        }
        member.pollLoop.add(assigned);
        member.setBlocked(false);
    }

    @Override
    public boolean processesDuringRebalance() {
        return false;
    }
}
