package org.rebalancesim.coordinator;

/** Why the coordinator removed a member. The ones that count as evictions say so. */
public enum RemovalReason {
    /** The member sent LeaveGroup (graceful close, or a dynamic member's poll timeout). */
    LEAVE_GROUP(false),
    /** No heartbeat within session.timeout.ms. */
    SESSION_TIMEOUT(true),
    /** A dynamic member did not rejoin before the join phase completed at the rebalance timeout. */
    JOIN_TIMEOUT(true),
    /** The member never sent SyncGroup within the rebalance timeout after the join completed. */
    SYNC_TIMEOUT(true),
    /** A new member's parked JoinGroup expired after the 5-minute new-member timeout (it retries: not an eviction). */
    NEW_MEMBER_JOIN_TIMEOUT(false),
    /** A static member's old member id was replaced by a restarted instance with the same group.instance.id. */
    REPLACED_BY_STATIC_MEMBER(false);

    private final boolean eviction;

    RemovalReason(boolean eviction) {
        this.eviction = eviction;
    }

    /** True when the metric {@code evictions} counts it: the coordinator, not the member, decided. */
    public boolean isEviction() {
        return eviction;
    }
}
