package org.rebalancesim.coordinator.streams;

import org.rebalancesim.events.GroupState;

/**
 * Kafka's streams group states (StreamsGroup.StreamsGroupState), derived as {@link StreamsGroup} describes;
 * DEAD while unloaded.
 */
public enum StreamsGroupState implements GroupState {
    EMPTY, NOT_READY, ASSIGNING, RECONCILING, STABLE, DEAD;

    /** Assigning and Reconciling: a target is to be computed, or members have not reached it yet. */
    @Override
    public boolean isRebalancing() {
        return this == ASSIGNING || this == RECONCILING;
    }

    @Override
    public boolean isReconciling() {
        return this == RECONCILING;
    }

    @Override
    public String epochName() {
        return "epoch";
    }
}
