package org.rebalancesim.events;

import java.util.List;
import java.util.Map;
import org.rebalancesim.partition.TopicPartition;

/**
 * What a group coordinator reports about its group, in words every protocol shares: a rebalance starts,
 * an assignment is computed, the rebalance completes, a member is removed, the group changes state or
 * moves to another coordinator. Each coordinator decides which of its own steps these are.
 */
public final class CoordinatorEvents {

    private CoordinatorEvents() {
    }

    /** The group moved between states of its protocol at {@code epoch}; {@code cause} says why. */
    public record GroupStateChanged(GroupState from, GroupState to, int epoch, Cause cause) implements GroupEvent {
        @Override
        public void deliverTo(GroupListener listener) {
            listener.groupStateChanged(this);
        }
    }

    /**
     * A rebalance trigger: a rebalance starts, or the one in progress takes in one more change (its first
     * trigger stays its cause). {@code fromEmpty}: the group had no members before.
     */
    public record RebalanceStarted(Cause cause, boolean fromEmpty) implements GroupEvent {
        @Override
        public void deliverTo(GroupListener listener) {
            listener.rebalanceStarted(this);
        }
    }

    /**
     * The rebalance in progress, if any, ends without completing at {@code epoch}: the group emptied or
     * was unloaded before any assignment (classic: a rebalance in flight is not persisted).
     */
    public record RebalanceAbandoned(int epoch) implements GroupEvent {
        @Override
        public void deliverTo(GroupListener listener) {
            listener.rebalanceAbandoned(this);
        }
    }

    /**
     * The group epoch went up (a member joined, left, was fenced, changed its subscription; metadata
     * changed): epoch-based protocols start or restart a rebalance with it.
     */
    public record GroupEpochBumped(int epoch, Cause cause) implements GroupEvent {
        @Override
        public void deliverTo(GroupListener listener) {
            listener.groupEpochBumped(this);
        }
    }

    /** An assignment (member id → partitions) was computed for {@code epoch}. */
    public record AssignmentComputed(int epoch, Map<String, List<TopicPartition>> assignment, Kind kind)
            implements GroupEvent {

        /** How the members come to hold the assignment. */
        public enum Kind {
            /** Each member is handed exactly its part, as the generation's assignment (classic SyncGroup). */
            GENERATION,
            /** Members reconcile toward it in steps; what one holds at an epoch may be a part of it (KIP-848). */
            TARGET
        }

        @Override
        public void deliverTo(GroupListener listener) {
            listener.assignmentComputed(this);
        }
    }

    /** Every member holds the assignment of {@code epoch}: the rebalance it belongs to is complete. */
    public record RebalanceCompleted(int epoch) implements GroupEvent {
        @Override
        public void deliverTo(GroupListener listener) {
            listener.rebalanceCompleted(this);
        }
    }

    /**
     * The coordinator removed a member ({@code instanceId}: its group.instance.id, or null).
     * {@code wording} is the coordinator's own name of the reason, as the story shows it.
     */
    public record MemberRemoved(String memberId, String instanceId, RemovalReason reason, String wording)
            implements GroupEvent {

        /** Worded as the reason's constant. */
        public static MemberRemoved of(String memberId, String instanceId, RemovalReason reason) {
            return new MemberRemoved(memberId, instanceId, reason, reason.name());
        }

        @Override
        public void deliverTo(GroupListener listener) {
            listener.memberRemoved(this);
        }
    }

    /**
     * The group changed type (docs/kafka-semantics.md §21): {@code from} and {@code to} are "classic" or
     * "consumer"; {@code memberId} caused it (null for none known), and {@code why} says how and under which
     * group.consumer.migration.policy. {@code emptyGroup}: the group was empty (an offline migration), so the new one
     * counts its generations or epochs afresh; an online conversion goes on from the old group's.
     */
    public record GroupConverted(String from, String to, int epoch, String memberId, String why, boolean emptyGroup)
            implements GroupEvent {
        /** How {@code why} begins for a classic static member's join that converts the group back to classic. */
        public static final String REPLACED_LAST_CONSUMER_MEMBER =
                "replaced the last consumer-protocol member as a classic static member";

        @Override
        public void deliverTo(GroupListener listener) {
            listener.groupConverted(this);
        }
    }

    /** The group was loaded on {@code broker} after a failover, in {@code loadedState} at {@code epoch}. */
    public record CoordinatorMoved(int broker, GroupState loadedState, int epoch) implements GroupEvent {
        @Override
        public void deliverTo(GroupListener listener) {
            listener.coordinatorMoved(this);
        }
    }
}
