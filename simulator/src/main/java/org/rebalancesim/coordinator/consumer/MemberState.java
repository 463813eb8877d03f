package org.rebalancesim.coordinator.consumer;

import java.util.EnumSet;
import java.util.Set;

/**
 * A KIP-848 member's reconciliation state on the coordinator (Kafka's modern/MemberState, without UNKNOWN,
 * which only exists for downgrades). {@link MemberReconciliation} is the only code that changes it.
 *
 * <p>Transitions, all of them decided by CurrentAssignmentBuilder.computeNextAssignment, which can start
 * from any state (kafka-semantics §10):
 * <pre>
 * from \ to             STABLE                   UNREVOKED_PARTITIONS         UNRELEASED_PARTITIONS
 * STABLE                nothing to do            new target revokes owned     new target needs partitions
 *                                                partitions (epoch kept)      others still own
 * UNREVOKED_PARTITIONS  revocation acked, every  still reports a revoked      revocation acked, some target
 *                       target partition free    partition (no change)        partitions still held
 * UNRELEASED_PARTITIONS the held partitions      a newer target revokes       still waiting (re-checked at
 *                       were released            owned partitions             each heartbeat)
 * </pre>
 */
public enum MemberState {
    /** The member owns exactly its target at its epoch, or waits for a newer target epoch. */
    STABLE,
    /** The member must give up partitions it still reports; it keeps its epoch and its rebalance timer runs. */
    UNREVOKED_PARTITIONS,
    /** The member is at the target epoch but some target partitions are still owned by other members. */
    UNRELEASED_PARTITIONS;

    /** The states this one may move to (every pair: see the table above). */
    public Set<MemberState> validNext() {
        return EnumSet.allOf(MemberState.class);
    }

    /** Fails loudly on a transition the table does not allow. */
    void checkTransition(MemberState to, String memberId) {
        if (!validNext().contains(to)) {
            throw new IllegalStateException("member " + memberId + ": illegal transition " + this + " -> " + to);
        }
    }
}
