package org.rebalancesim.coordinator.streams;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.rebalancesim.assignor.StreamsGroupTaskAssignor;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.engine.Timer;
import org.rebalancesim.partition.TaskId;
import org.rebalancesim.partition.TopicPartition;

/**
 * Computes the streams group's target assignment with Kafka's StickyTaskAssignor (GMM
 * maybeUpdateStreamsTargetAssignment and the streams TargetAssignmentBuilder, 4.4.0), every member with its assigned
 * tasks and the task offsets it reported as the assignor's input, and decides when (docs/kafka-semantics.md §27):
 * <ol>
 *   <li>a heartbeat that finds the group empty arms the initial-delay timer (group.streams.initial.rebalance.delay.ms,
 *       scheduleIfAbsent); while it runs, heartbeats compute nothing and answer ASSIGNMENT_DELAYED; when it fires it
 *       computes the target at the group epoch then, without any heartbeat;</li>
 *   <li>otherwise a heartbeat computes the target when the group epoch is ahead of the assignment epoch, unless
 *       the last one is less than group.streams.assignment.interval.ms old: then it answers ASSIGNMENT_DELAYED and
 *       no timer is armed, so the next heartbeat after the interval computes it.</li>
 * </ol>
 * The members see a new target at their next heartbeat.
 */
final class StreamsTargetStep {

    private final StreamsGroupSettings settings;
    private final Supplier<Map<String, Integer>> partitionCounts;
    private final Timer initialDelay;
    private final Simulation sim;

    StreamsTargetStep(Simulation sim, StreamsGroupSettings settings, Supplier<Map<String, Integer>> partitionCounts) {
        this.sim = sim;
        this.settings = settings;
        this.partitionCounts = partitionCounts;
        this.initialDelay = sim.timer();
    }

    /**
     * A heartbeat came to an empty group: the first assignment waits for more members (scheduleIfAbsent).
     *
     * @param whenDone run after the delayed computation (refresh the group's state, deliver responses)
     */
    void memberJoinedEmptyGroup(StreamsGroup group, Runnable whenDone) {
        if (settings.initialRebalanceDelayMs() <= 0 || initialDelay.isPending()) {
            return;
        }
        initialDelay.schedule(settings.initialRebalanceDelayMs(), () -> {
            // computeDelayedTargetAssignment: nothing for a group that emptied meanwhile.
            if (!group.isDead() && group.size() > 0 && group.groupEpoch() > group.assignmentEpoch()) {
                compute(group, sim.nowMs());
            }
            whenDone.run();
        });
    }

    /**
     * A heartbeat's turn: computes the target if it is due. Returns whether the answer says ASSIGNMENT_DELAYED
     * (the initial delay runs, or the interval has not passed).
     */
    boolean maybeUpdate(StreamsGroup group) {
        if (initialDelay.isPending()) {
            return true;
        }
        if (group.groupEpoch() <= group.assignmentEpoch() || !group.isTopologyReady()) {
            return false;
        }
        long nowMs = sim.nowMs();
        long lastMs = group.assignmentTimeMs();
        if (lastMs != StreamsGroup.NEVER && settings.assignmentIntervalMs() > 0
                && nowMs < lastMs + settings.assignmentIntervalMs()) {
            return true;
        }
        compute(group, nowMs);
        return false;
    }

    /** The coordinator unloaded the group: a pending delayed computation is dropped. */
    void cancel() {
        initialDelay.cancel();
    }

    private void compute(StreamsGroup group, long nowMs) {
        StreamsGroupMessages.Topology topology = group.topology();
        Map<String, Integer> counts = partitionCounts.get();
        List<StreamsGroupTaskAssignor.Member> members = new ArrayList<>();
        for (StreamsGroupMember member : group.members()) {
            // 4.4.0's TargetAssignmentBuilder hands the assignor each member's assigned tasks, not its last target.
            TaskSets assigned = member.assigned();
            members.add(new StreamsGroupTaskAssignor.Member(member.memberId(), member.instanceId(), member.processId(),
                    assigned.active(), assigned.standby(), assigned.warmup(), member.taskOffsets()));
        }
        SortedMap<String, StreamsGroupTaskAssignor.Assignment> answer = StreamsGroupTaskAssignor.assign(members,
                topology.taskCounts(counts), topology.stateful(), settings.numStandbyReplicas());
        SortedMap<String, TaskSets> target = new TreeMap<>();
        SortedMap<String, List<TopicPartition>> partitions = new TreeMap<>();
        // AssignmentRefiner (4.4.0) returns the assignor's answer unchanged: no warm-up is ever assigned.
        answer.forEach((memberId, tasks) -> {
            target.put(memberId, new TaskSets(tasks.active(), tasks.standby(), TaskSets.EMPTY.warmup()));
            partitions.put(memberId, inputPartitions(topology, counts, tasks.active()));
        });
        group.setTargetAssignment(group.groupEpoch(), target, partitions, nowMs);
    }

    /** The input partitions of active tasks: partition p of each source topic of the task's sub-topology. */
    static List<TopicPartition> inputPartitions(StreamsGroupMessages.Topology topology, Map<String, Integer> counts,
                                                Iterable<TaskId> tasks) {
        List<TopicPartition> partitions = new ArrayList<>();
        for (TaskId task : tasks) {
            for (String topic : topology.sourceTopics().getOrDefault(task.subtopology(), List.of())) {
                if (task.partition() < counts.getOrDefault(topic, 0)) {
                    partitions.add(new TopicPartition(topic, task.partition()));
                }
            }
        }
        partitions.sort(null);
        return partitions;
    }
}
