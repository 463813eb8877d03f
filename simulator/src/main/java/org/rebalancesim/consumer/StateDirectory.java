package org.rebalancesim.consumer;

import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;
import org.rebalancesim.partition.TaskId;

/**
 * A Streams pod's state directory: per task whose stores it holds, the changelog offset they reflect (the
 * checkpoint). It outlives the pod's processes; whether it outlives a restart of the pod depends on the
 * volume (topology.stateDirectory).
 */
final class StateDirectory {

    private final Map<TaskId, Long> checkpoints = new TreeMap<>();

    void checkpoint(TaskId task, long offset) {
        checkpoints.put(task, offset);
    }

    OptionalLong checkpointOf(TaskId task) {
        Long offset = checkpoints.get(task);
        return offset == null ? OptionalLong.empty() : OptionalLong.of(offset);
    }

    /** The stores of a task are gone (wiped after an unclean stop under exactly-once). */
    void wipe(TaskId task) {
        checkpoints.remove(task);
    }

    /** A new pod without the old one's volume starts empty. */
    void clear() {
        checkpoints.clear();
    }

    Map<TaskId, Long> checkpoints() {
        return new TreeMap<>(checkpoints);
    }
}
