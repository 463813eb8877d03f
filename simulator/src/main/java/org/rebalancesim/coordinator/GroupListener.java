package org.rebalancesim.coordinator;

import java.util.List;
import java.util.Map;
import org.rebalancesim.cluster.TopicPartition;

/**
 * What the coordinator reports about its group, for metrics and the run's story. Called synchronously
 * at the simulated time the change happens. Observers only: they never change the group.
 */
public interface GroupListener {

    /**
     * The group moved between states; {@code cause} says why: its trigger, the member concerned, and a few
     * words ("c3 left", "session timeout of c2").
     */
    void stateChanged(ClassicGroupState from, ClassicGroupState to, int generationId, Cause cause);

    /** The coordinator removed a member from the group. */
    void memberRemoved(String memberId, String groupInstanceId, RemovalReason reason);

    /** A generation reached Stable with this assignment (member id → partitions). */
    void generationStable(int generationId, String leaderId, Map<String, List<TopicPartition>> assignment);

    /** The group was loaded on a new coordinator after a failover ({@code broker} is its id). */
    default void coordinatorMoved(int broker, ClassicGroupState loadedState, int generationId) {
    }

    GroupListener NONE = new GroupListener() {
        public void stateChanged(ClassicGroupState from, ClassicGroupState to, int generationId, Cause cause) {
        }

        public void memberRemoved(String memberId, String groupInstanceId, RemovalReason reason) {
        }

        public void generationStable(int generationId, String leaderId, Map<String, List<TopicPartition>> assignment) {
        }
    };
}
