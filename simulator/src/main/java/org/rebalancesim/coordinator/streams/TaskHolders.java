package org.rebalancesim.coordinator.streams;

import java.util.HashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.rebalancesim.partition.TaskId;

/**
 * Who holds each task in a streams group (assigned or pending revocation): the member holding it active, and
 * per process which of its members hold it as a standby or warm-up (StreamsGroup's
 * currentActiveTaskToProcessId, currentStandbyTaskToProcessIds, currentWarmupTaskToProcessIds). Kept up to date
 * as members change, so each reconciliation asks in O(1).
 */
final class TaskHolders implements TaskReconciliation.Holders {

    private final String groupId;
    private final Map<TaskId, StreamsGroupMember> activeHolder = new HashMap<>();
    /** Per task, per process, the members of that process holding it as a standby or warm-up. */
    private final Map<TaskId, SortedMap<String, SortedSet<String>>> replicaHolders = new HashMap<>();

    TaskHolders(String groupId) {
        this.groupId = groupId;
    }

    /** A member changed (before or after may be null): its holdings are replaced. */
    void update(StreamsGroupMember before, StreamsGroupMember after) {
        if (before != null) {
            TaskSets owned = before.owned();
            owned.active().forEach(task -> activeHolder.remove(task, before));
            replicas(owned).forEach(task -> replicaHolders.computeIfPresent(task, (t, byProcess) -> {
                byProcess.computeIfPresent(before.processId(), (p, ids) -> {
                    ids.remove(before.memberId());
                    return ids.isEmpty() ? null : ids;
                });
                return byProcess.isEmpty() ? null : byProcess;
            }));
        }
        if (after != null) {
            TaskSets owned = after.owned();
            for (TaskId task : owned.active()) {
                StreamsGroupMember other = activeHolder.put(task, after);
                if (other != null && !other.memberId().equals(after.memberId())) {
                    // docs/ARCHITECTURE.md, habit 11: a task is active on one member at a time.
                    throw new IllegalStateException("group " + groupId + ": task " + task + " held active by "
                            + other.memberId() + " and " + after.memberId());
                }
            }
            replicas(owned).forEach(task -> replicaHolders.computeIfAbsent(task, t -> new TreeMap<>())
                    .computeIfAbsent(after.processId(), p -> new TreeSet<>()).add(after.memberId()));
        }
    }

    private static SortedSet<TaskId> replicas(TaskSets owned) {
        SortedSet<TaskId> replicas = new TreeSet<>(owned.standby());
        replicas.addAll(owned.warmup());
        return replicas;
    }

    @Override
    public StreamsGroupMember activeHolder(TaskId task) {
        return activeHolder.get(task);
    }

    @Override
    public boolean heldAsReplicaByOther(TaskId task, String processId, String memberId) {
        SortedMap<String, SortedSet<String>> byProcess = replicaHolders.get(task);
        SortedSet<String> ids = byProcess == null ? null : byProcess.get(processId);
        return ids != null && (ids.size() > 1 || !ids.contains(memberId));
    }
}
