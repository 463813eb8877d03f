package org.rebalancesim.coordinator.consumer;

import org.rebalancesim.events.GroupState;

/**
 * Kafka's consumer group states (ConsumerGroup.ConsumerGroupState), derived as {@link ConsumerGroup}
 * describes; DEAD while unloaded.
 */
public enum ConsumerGroupState implements GroupState {
    EMPTY, ASSIGNING, RECONCILING, STABLE, DEAD;

    /** Assigning and Reconciling: a target is to be computed, or members have not reached it yet. */
    @Override
    public boolean isRebalancing() {
        return this == ASSIGNING || this == RECONCILING;
    }

    /** Reconciling: the target of the current group epoch is computed, and some member has not reached it. */
    @Override
    public boolean isReconciling() {
        return this == RECONCILING;
    }

    @Override
    public String epochName() {
        return "epoch";
    }
}
