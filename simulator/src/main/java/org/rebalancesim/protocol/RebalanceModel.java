package org.rebalancesim.protocol;

/** How a group protocol moves partitions between members when the group rebalances. */
public enum RebalanceModel {
    /** Classic, eager: every member revokes all it owns before it joins; nothing is processed meanwhile. */
    EAGER,
    /**
     * Classic, cooperative (KIP-429): members keep what stays theirs; a partition that moves is revoked
     * first and handed over in a second rebalance.
     */
    COOPERATIVE,
    /**
     * KIP-848: the broker bumps a group epoch and computes the target assignment; each member reconciles
     * towards it by heartbeats, and a member that goes silent is fenced.
     */
    BROKER_RECONCILED;

    /** Whether the broker drives the rebalance (group epochs, fencing) rather than a classic join barrier. */
    public boolean brokerDriven() {
        return this == BROKER_RECONCILED;
    }
}
