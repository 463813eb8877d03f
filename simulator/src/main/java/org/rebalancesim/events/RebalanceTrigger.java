package org.rebalancesim.events;

/**
 * What made a group start a rebalance (classic: leave Stable or CompletingRebalance for
 * PreparingRebalance; consumer protocol: bump the group epoch), as docs/kafka-semantics.md §1 and §10 list
 * the triggers. Recorded with the run's story so that an explanation can follow a rebalance back to
 * the fault or operation behind it without reading free text.
 */
public enum RebalanceTrigger {
    /** A member the group did not know joined (classic: a new member id; consumer protocol: epoch 0). */
    MEMBER_JOINED,
    /** A known member rejoined with other protocols or metadata (classic; e.g. a cooperative follow-up). */
    MEMBER_REJOINED,
    /** The classic leader sent a JoinGroup while the group was Stable (new partitions, cooperative follow-up). */
    LEADER_REJOINED,
    /** A restarted static member rejoined during CompletingRebalance, or with a protocol change (classic). */
    STATIC_MEMBER_REJOINED,
    /** A member changed its subscription (consumer protocol). */
    SUBSCRIPTION_CHANGED,
    /** The members' preferred server assignor changed (consumer protocol). */
    ASSIGNOR_CHANGED,
    /** The subscribed topics' partition counts changed (consumer protocol). */
    METADATA_CHANGED,
    /** A member left: LeaveGroup (classic) or a leave heartbeat with epoch -1 (consumer protocol). */
    MEMBER_LEFT,
    /** The coordinator heard nothing from a member for its session timeout and removed it. */
    SESSION_TIMEOUT,
    /** Members never sent SyncGroup within the rebalance timeout after the join completed (classic). */
    SYNC_TIMEOUT,
    /** A member did not revoke within its rebalance timeout and was fenced (consumer protocol). */
    REBALANCE_TIMEOUT,
    /** A group loaded on a new coordinator was over group.max.size (classic). */
    GROUP_LOADED,
    /** Not a trigger: the rebalance progressed (join completed, assignment stored), or nothing is known. */
    NONE
}
