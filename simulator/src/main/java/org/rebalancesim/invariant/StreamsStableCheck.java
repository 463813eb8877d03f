package org.rebalancesim.invariant;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.List;
import org.rebalancesim.cluster.KafkaCluster;
import org.rebalancesim.coordinator.streams.StreamsGroupCoordinator;
import org.rebalancesim.coordinator.streams.StreamsGroupMember;
import org.rebalancesim.coordinator.streams.TaskSets;
import org.rebalancesim.partition.TaskId;

/**
 * Stable-assignment for a KIP-1071 streams group (docs/kafka-semantics.md §27): when the group becomes STABLE,
 * every member holds exactly its target and revokes nothing, every task of the topology is active on exactly one
 * member, and no process holds a task twice (active and standby, or two standbys), as Kafka's
 * StickyTaskAssignor promises and the reconciliation keeps.
 */
final class StreamsStableCheck {

    private final Violations violations;
    private KafkaCluster cluster;

    StreamsStableCheck(Violations violations) {
        this.violations = violations;
    }

    void watch(KafkaCluster watched) {
        this.cluster = watched;
    }

    void streamsGroupStable(int groupEpoch) {
        StreamsGroupCoordinator group = cluster == null ? null : cluster.coordinator(StreamsGroupCoordinator.class);
        if (group == null) {
            return;
        }
        String event = "the streams group became STABLE at epoch " + groupEpoch;
        Map<TaskId, String> activeOn = new HashMap<>();
        Map<String, Set<TaskId>> heldByProcess = new HashMap<>();
        for (String memberId : group.memberIds()) {
            StreamsGroupMember member = group.member(memberId);
            if (!member.pendingRevocation().isEmpty() || !member.assigned().equals(group.targetAssignment(memberId))) {
                violations.fail(Invariant.STABLE_ASSIGNMENT, event, memberId + " holds " + member.assigned()
                        + " (revoking " + member.pendingRevocation() + "), not its target "
                        + group.targetAssignment(memberId));
            }
            TaskSets tasks = member.assigned();
            Set<TaskId> held = heldByProcess.computeIfAbsent(member.processId(), p -> new HashSet<>());
            for (TaskId task : tasks.active()) {
                String other = activeOn.put(task, memberId);
                if (other != null) {
                    violations.fail(Invariant.STABLE_ASSIGNMENT, event, "task " + task + " is active on both "
                            + other + " and " + memberId);
                }
            }
            for (Set<TaskId> role : List.of(tasks.active(), tasks.standby(), tasks.warmup())) {
                for (TaskId task : role) {
                    if (!held.add(task)) {
                        violations.fail(Invariant.STABLE_ASSIGNMENT, event, "process " + member.processId()
                                + " holds task " + task + " twice");
                    }
                }
            }
        }
        if (group.memberIds().isEmpty()) {
            return;
        }
        for (Map.Entry<Integer, Integer> subtopology : group.taskCounts().entrySet()) {
            for (int partition = 0; partition < subtopology.getValue(); partition++) {
                TaskId task = new TaskId(subtopology.getKey(), partition);
                if (!activeOn.containsKey(task)) {
                    violations.fail(Invariant.STABLE_ASSIGNMENT, event, "task " + task + " is active on no member");
                }
            }
        }
    }
}
