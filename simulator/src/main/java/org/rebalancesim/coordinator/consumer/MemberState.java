package org.rebalancesim.coordinator.consumer;

import java.util.EnumSet;
import java.util.Set;

/**
 * A KIP-848 member's reconciliation state on the coordinator (Kafka's modern/MemberState, without UNKNOWN,
 * which only exists for downgrades). {@link MemberReconciliation} computes every change, one step per
 * heartbeat, and {@link HeartbeatHandler} checks each step against the table below before storing it.
 *
 * <p>The table is CurrentAssignmentBuilder.build (4.4.0). Every pair of states is reachable, so what a
 * step may do is told by the member epoch it moves with: computeNextAssignment enters
 * UNREVOKED_PARTITIONS at the member's own epoch ("the member remains in its current epoch and requests
 * the revocation") and STABLE or UNRELEASED_PARTITIONS at the target epoch; updateCurrentAssignment (a
 * changed subscription while reconciled) keeps the epoch. Kept: the epoch does not change; advanced: it
 * goes up. A STABLE member moves only to a new target epoch or on a subscription change, and the latter
 * never leads to UNRELEASED_PARTITIONS, so STABLE to UNRELEASED_PARTITIONS always advances.
 * <pre>
 * from \ to             STABLE                  UNREVOKED_PARTITIONS         UNRELEASED_PARTITIONS
 * STABLE                kept: subscription      kept: the new target or      advanced only: the new target
 *                       shrank; advanced: new   subscription revokes owned   needs partitions others still
 *                       target, all free        partitions                   own
 * UNREVOKED_PARTITIONS  kept or advanced:       kept: still reports a        kept or advanced: revocation
 *                       revocation acked, every revoked partition, or        acked, some target partitions
 *                       target partition free   acked and more to revoke     still held
 * UNRELEASED_PARTITIONS kept or advanced: the   kept: a newer target         kept or advanced: still
 *                       held partitions were    revokes owned partitions     waiting (re-checked at each
 *                       released                                             heartbeat)
 * </pre>
 */
public enum MemberState {
    /** The member owns exactly its target at its epoch, or waits for a newer target epoch. */
    STABLE,
    /** The member must give up partitions it still reports; it keeps its epoch and its rebalance timer runs. */
    UNREVOKED_PARTITIONS,
    /** The member is at the target epoch but some target partitions are still owned by other members. */
    UNRELEASED_PARTITIONS;

    /** How one reconciliation step moves the member epoch. */
    public enum EpochChange {
        KEPT,
        ADVANCED
    }

    /** The epoch changes with which one step may go from this state to {@code to} (the table above). */
    public Set<EpochChange> allowedEpochChanges(MemberState to) {
        if (to == UNREVOKED_PARTITIONS) {
            return EnumSet.of(EpochChange.KEPT);
        }
        if (this == STABLE && to == UNRELEASED_PARTITIONS) {
            return EnumSet.of(EpochChange.ADVANCED);
        }
        return EnumSet.allOf(EpochChange.class);
    }

    /**
     * Fails loudly on a step the table does not allow: a model bug, named by group, member, states and
     * epochs. An epoch going back is never allowed.
     */
    void checkTransition(String groupId, String memberId, int fromEpoch, MemberState to, int toEpoch) {
        boolean allowed = toEpoch == fromEpoch ? allowedEpochChanges(to).contains(EpochChange.KEPT)
                : toEpoch > fromEpoch && allowedEpochChanges(to).contains(EpochChange.ADVANCED);
        if (!allowed) {
            throw new IllegalStateException("group " + groupId + ", member " + memberId + ": illegal transition "
                    + this + " (epoch " + fromEpoch + ") -> " + to + " (epoch " + toEpoch + ")");
        }
    }
}
