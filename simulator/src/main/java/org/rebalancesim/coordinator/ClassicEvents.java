package org.rebalancesim.coordinator;

import java.util.List;
import java.util.Map;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.events.Cause;
import org.rebalancesim.events.CoordinatorEvents.AssignmentComputed;
import org.rebalancesim.events.CoordinatorEvents.GroupStateChanged;
import org.rebalancesim.events.CoordinatorEvents.MemberRemoved;
import org.rebalancesim.events.CoordinatorEvents.RebalanceAbandoned;
import org.rebalancesim.events.CoordinatorEvents.RebalanceCompleted;
import org.rebalancesim.events.CoordinatorEvents.RebalanceStarted;
import org.rebalancesim.events.GroupEvents;
import org.rebalancesim.events.RemovalReason;

/**
 * What the classic group's steps are in the words of the group event stream. Public so that a replay of
 * a measured classic group reports the way the coordinator does.
 */
public final class ClassicEvents {

    private ClassicEvents() {
    }

    /**
     * A state transition. Entering PreparingRebalance starts a rebalance; entering Empty (the join phase
     * ended with no member) or Dead (unloaded) abandons the one in progress, which was never persisted.
     */
    public static void transition(GroupEvents events, ClassicGroupState from, ClassicGroupState to,
                                  int generation, Cause cause) {
        events.publish(new GroupStateChanged(from, to, generation, cause));
        if (to == ClassicGroupState.PREPARING_REBALANCE) {
            events.publish(new RebalanceStarted(cause, from == ClassicGroupState.EMPTY));
        }
        if (to == ClassicGroupState.EMPTY || to == ClassicGroupState.DEAD) {
            events.publish(new RebalanceAbandoned(generation));
        }
    }

    /**
     * The leader's assignment (member id → partitions) was stored and the group is Stable: each member gets
     * its part whole with its SyncGroup answer, so the rebalance is complete.
     */
    public static void stable(GroupEvents events, int generation, Map<String, List<TopicPartition>> assignment) {
        events.publish(new AssignmentComputed(generation, assignment, AssignmentComputed.Kind.GENERATION));
        events.publish(new RebalanceCompleted(generation));
    }

    /** A removal, worded as the classic coordinator words it (LEAVE_GROUP, REPLACED_BY_STATIC_MEMBER). */
    public static MemberRemoved removed(String memberId, String groupInstanceId, RemovalReason reason) {
        String wording = switch (reason) {
            case LEAVE -> "LEAVE_GROUP";
            case REPLACED -> "REPLACED_BY_STATIC_MEMBER";
            default -> reason.name();
        };
        return new MemberRemoved(memberId, groupInstanceId, reason, wording);
    }
}
