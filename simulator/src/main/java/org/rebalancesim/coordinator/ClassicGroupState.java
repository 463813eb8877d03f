package org.rebalancesim.coordinator;

import java.util.EnumSet;
import java.util.Set;
import org.rebalancesim.events.GroupState;

/**
 * The classic group's states and their legal transitions (Kafka's ClassicGroupState): each state
 * lists the states it may be entered from.
 */
public enum ClassicGroupState implements GroupState {
    /** No members; the group may still hold offsets. */
    EMPTY,
    /** Waiting for members to (re)join; JoinGroups are parked. */
    PREPARING_REBALANCE,
    /** The join completed; waiting for the leader's SyncGroup. */
    COMPLETING_REBALANCE,
    /** The assignment was stored and handed out. */
    STABLE,
    /** The group was unloaded or deleted. */
    DEAD;

    /** The states this one may be entered from. */
    public Set<ClassicGroupState> validPreviousStates() {
        return switch (this) {
            case EMPTY -> EnumSet.of(PREPARING_REBALANCE);
            case PREPARING_REBALANCE -> EnumSet.of(STABLE, COMPLETING_REBALANCE, EMPTY);
            case COMPLETING_REBALANCE -> EnumSet.of(PREPARING_REBALANCE);
            case STABLE -> EnumSet.of(COMPLETING_REBALANCE);
            case DEAD -> EnumSet.allOf(ClassicGroupState.class);
        };
    }

    /** A rebalance may start from these states. */
    public boolean canRebalance() {
        return this == STABLE || this == COMPLETING_REBALANCE || this == EMPTY;
    }

    /** PreparingRebalance and CompletingRebalance: from the rebalance's start to the stored assignment. */
    @Override
    public boolean isRebalancing() {
        return this == PREPARING_REBALANCE || this == COMPLETING_REBALANCE;
    }

    @Override
    public String epochName() {
        return "generation";
    }
}
