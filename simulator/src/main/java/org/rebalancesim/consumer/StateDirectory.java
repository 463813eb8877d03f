package org.rebalancesim.consumer;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import org.rebalancesim.partition.TaskId;

/**
 * A Streams pod's state directory: per task whose stores it holds, the changelog offset they reflect (the
 * checkpoint). It outlives the pod's processes; whether it outlives a restart of the pod depends on the
 * volume (topology.stateDirectory).
 */
final class StateDirectory {

    private final Map<TaskId, Long> checkpoints = new TreeMap<>();
    /** When each task's directory was last written: its store closed, or its checkpoint moved. */
    private final Map<TaskId, Long> modifiedAtMs = new TreeMap<>();
    /** The tasks each stream thread of the instance holds now: their directories are locked. */
    private final Map<String, Set<TaskId>> heldByThread = new TreeMap<>();

    void checkpoint(TaskId task, long offset, long nowMs) {
        checkpoints.put(task, offset);
        modifiedAtMs.put(task, nowMs);
    }

    /** A thread now holds {@code tasks} (and no others). */
    void hold(String thread, Set<TaskId> tasks) {
        if (tasks.isEmpty()) {
            heldByThread.remove(thread);
        } else {
            heldByThread.put(thread, Set.copyOf(tasks));
        }
    }

    /**
     * StateDirectory#cleanRemovedTasks: the directories of tasks no thread of this instance holds that nobody
     * has written for {@code delayMs} (state.cleanup.delay.ms) are deleted.
     */
    void cleanRemovedTasks(long nowMs, long delayMs) {
        Set<TaskId> held = new HashSet<>();
        heldByThread.values().forEach(held::addAll);
        for (TaskId task : List.copyOf(checkpoints.keySet())) {
            if (!held.contains(task) && nowMs - modifiedAtMs.getOrDefault(task, nowMs) > delayMs) {
                wipe(task);
            }
        }
    }

    OptionalLong checkpointOf(TaskId task) {
        Long offset = checkpoints.get(task);
        return offset == null ? OptionalLong.empty() : OptionalLong.of(offset);
    }

    /** The stores of a task are gone (wiped after an unclean stop under exactly-once). */
    void wipe(TaskId task) {
        checkpoints.remove(task);
        modifiedAtMs.remove(task);
    }

    /** A new pod without the old one's volume starts empty. */
    void clear() {
        checkpoints.clear();
        modifiedAtMs.clear();
    }

    Map<TaskId, Long> checkpoints() {
        return new TreeMap<>(checkpoints);
    }
}
