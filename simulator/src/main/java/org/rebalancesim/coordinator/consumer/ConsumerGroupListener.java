package org.rebalancesim.coordinator.consumer;

import java.util.List;
import java.util.Map;
import org.rebalancesim.cluster.TopicPartition;
import org.rebalancesim.coordinator.Cause;

/**
 * What a KIP-848 consumer group reports, for metrics and the run's story. Called synchronously when
 * the change happens; observers only.
 */
public interface ConsumerGroupListener {

    /** Kafka's consumer group states (ConsumerGroup.ConsumerGroupState). */
    enum State { EMPTY, ASSIGNING, RECONCILING, STABLE, DEAD }

    /** The group's state changed; {@code reason} in a few words. */
    void stateChanged(State from, State to, int groupEpoch, String reason);

    /**
     * The group epoch went up (a member joined, left, was fenced, changed its subscription; metadata
     * changed); {@code cause} names the trigger and the member concerned.
     */
    void groupEpochBumped(int groupEpoch, Cause cause);

    /** A new target assignment was computed for {@code epoch} (member id → partitions). */
    void targetAssignmentComputed(int epoch, Map<String, List<TopicPartition>> target);

    /** Every member reached the target assignment of {@code epoch}: the rebalance it started is complete. */
    void targetReached(int epoch);

    /** A member was removed. {@code reason} is one of: LEAVE, SESSION_TIMEOUT, REBALANCE_TIMEOUT, REPLACED. */
    void memberFenced(String memberId, String instanceId, String reason);
}
