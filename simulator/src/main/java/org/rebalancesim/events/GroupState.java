package org.rebalancesim.events;

/**
 * A group's state as the recorder and the checks see it, whatever the protocol: each protocol's own
 * state enum implements it (the classic group's, the consumer group's). A listener that needs a
 * protocol's own rule compares with that protocol's constants.
 */
public interface GroupState {

    /** The protocol's own name of the state, as the story shows it ("PREPARING_REBALANCE", "RECONCILING"). */
    String name();

    /** Whether the group rebalances in this state: the time counts as rebalance time, the charts shade it. */
    boolean isRebalancing();

    /**
     * Whether the group waits for its members to take up a target assignment it has already computed
     * (KIP-848 RECONCILING): the time counts as reconciling time. A protocol without targets never does.
     */
    default boolean isReconciling() {
        return false;
    }

    /** What the protocol calls the number its group's rebalances advance ("generation", "epoch"). */
    String epochName();
}
