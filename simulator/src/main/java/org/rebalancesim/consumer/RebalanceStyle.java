package org.rebalancesim.consumer;

import java.util.List;
import org.rebalancesim.partition.TopicPartition;

/**
 * What differs between Kafka's eager and cooperative (KIP-429) clients of the classic protocol:
 * what a member gives up before it joins, how it applies the assignment it gets, and whether it keeps
 * processing while the group rebalances.
 */
interface RebalanceStyle {

    /** ConsumerCoordinator#onJoinPrepare, then {@code thenJoin} sends the JoinGroup. */
    void prepareJoin(Runnable thenJoin);

    /** ConsumerCoordinator#onJoinComplete with the SyncGroup's assignment. */
    void applyAssignment(List<TopicPartition> assigned);

    /** Whether the member keeps processing its partitions while it rebalances. */
    boolean processesDuringRebalance();

    static RebalanceStyle of(ClassicMember member) {
        return member.assignors.isCooperative() ? new CooperativeRebalance(member) : new EagerRebalance(member);
    }
}
