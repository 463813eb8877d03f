package org.rebalancesim.events;

/**
 * Why a coordinator removed a member, whatever its protocol. The ones that count as evictions say so.
 * The constants carry the consumer protocol's words (GroupMetadataManager's fence reasons); the classic
 * coordinator names two of them its own way, which {@link CoordinatorEvents.MemberRemoved#wording} keeps.
 */
public enum RemovalReason {
    /** The member left: LeaveGroup (classic: a graceful close, or a dynamic member's poll timeout), or a
     *  heartbeat with the leave epoch (consumer protocol). */
    LEAVE(false),
    /** No heartbeat within session.timeout.ms. */
    SESSION_TIMEOUT(true),
    /** Classic: a dynamic member did not rejoin before the join phase completed at the rebalance timeout. */
    JOIN_TIMEOUT(true),
    /** Classic: the member never sent SyncGroup within the rebalance timeout after the join completed. */
    SYNC_TIMEOUT(true),
    /** Consumer protocol: the member did not revoke its partitions within its rebalance timeout. */
    REBALANCE_TIMEOUT(true),
    /** Classic: a new member's parked JoinGroup expired after the 5-minute new-member timeout (it retries: not
     *  an eviction). */
    NEW_MEMBER_JOIN_TIMEOUT(false),
    /** A static member's old member id was replaced by a restarted instance with the same group.instance.id. */
    REPLACED(false);

    private final boolean eviction;

    RemovalReason(boolean eviction) {
        this.eviction = eviction;
    }

    /** True when the metric {@code evictions} counts it: the coordinator, not the member, decided. */
    public boolean isEviction() {
        return eviction;
    }
}
