package org.rebalancesim.coordinator.streams;

/**
 * A streams group member's reconciliation state on the coordinator (Kafka's streams MemberState, without
 * UNKNOWN, which only exists for downgrades). {@link TaskReconciliation} computes every change, one step per
 * heartbeat; epochs never go back.
 */
public enum StreamsMemberState {
    /** The member owns exactly its target at its epoch, or waits for a newer target epoch. */
    STABLE,
    /** The member must give up tasks it still reports; its rebalance timer runs. */
    UNREVOKED_TASKS,
    /**
     * The member is at the target epoch but some of its target tasks are still held: an active task by any
     * member, or any task by another member of its own process (a standby or warm-up there).
     */
    UNRELEASED_TASKS;

    /** Fails loudly on an epoch going back: a model bug, named by group, member, states and epochs. */
    void checkTransition(String groupId, String memberId, int fromEpoch, StreamsMemberState to, int toEpoch) {
        if (toEpoch < fromEpoch) {
            throw new IllegalStateException("group " + groupId + ", member " + memberId + ": illegal transition "
                    + this + " (epoch " + fromEpoch + ") -> " + to + " (epoch " + toEpoch + ")");
        }
    }
}
