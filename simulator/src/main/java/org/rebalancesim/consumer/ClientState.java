package org.rebalancesim.consumer;

/** The classic client's own view of its membership (AbstractCoordinator.MemberState). */
enum ClientState {
    /** Not in the group (never joined, left, or reset after an error). Heartbeats are off. */
    UNJOINED,
    /** Its JoinGroup is in flight. Heartbeats are off (KIP-62: the thread is disabled here). */
    PREPARING_REBALANCE,
    /** Its SyncGroup is in flight. Heartbeats are on. */
    COMPLETING_REBALANCE,
    /** It has an assignment for the current generation. */
    STABLE
}
