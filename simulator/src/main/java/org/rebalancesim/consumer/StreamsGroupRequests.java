package org.rebalancesim.consumer;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.rebalancesim.coordinator.Errors;
import org.rebalancesim.coordinator.consumer.ConsumerGroupMessages.OffsetCommitRequest;
import org.rebalancesim.coordinator.streams.StreamsGroupMessages;
import org.rebalancesim.coordinator.streams.StreamsGroupMessages.HeartbeatRequest;
import org.rebalancesim.coordinator.streams.TaskSets;
import org.rebalancesim.partition.TaskId;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.scenario.TopologySpec;

/**
 * A Kafka Streams thread's requests under group.protocol streams (StreamsGroupHeartbeatRequestManager, 4.4.0;
 * docs/kafka-semantics.md §27): StreamsGroupHeartbeat with its process id, its topology on joining, the tasks it
 * owns when they changed and its task offset sums on joining; the assignment it answers with is tasks, whose
 * active ones' input partitions the thread then fetches.
 */
final class StreamsGroupRequests implements GroupRequests {

    private final ConsumerProtocolMember member;
    private final StreamsTasks tasks;
    private final StreamsRuntime runtime;
    private final StreamsGroupMessages.Topology topology;
    private TaskSets sentOwned;

    StreamsGroupRequests(ConsumerProtocolMember member, StreamsTasks tasks, StreamsRuntime runtime) {
        this.member = member;
        this.tasks = tasks;
        this.runtime = runtime;
        this.topology = topologyOf(runtime.app().topology());
    }

    /** The topology as the heartbeat describes it: sub-topology i is the i-th of the scenario's. */
    private static StreamsGroupMessages.Topology topologyOf(TopologySpec spec) {
        SortedMap<Integer, List<String>> sources = new TreeMap<>();
        SortedSet<Integer> stateful = new TreeSet<>();
        for (int i = 0; i < spec.subtopologies().size(); i++) {
            TopologySpec.Subtopology subtopology = spec.subtopologies().get(i);
            sources.put(i, subtopology.sourceTopics());
            if (subtopology.stateful()) {
                stateful.add(i);
            }
        }
        return new StreamsGroupMessages.Topology(sources, stateful);
    }

    @Override
    public void heartbeat(int epoch, Consumer<Answer> onAnswer) {
        boolean full = epoch <= 0 || sentOwned == null;
        TaskSets owned = epoch == StreamsGroupMessages.JOIN_EPOCH ? TaskSets.EMPTY : member.reconciledTasks();
        boolean ownedChanged = full || !owned.equals(sentOwned);
        // Task offsets go with a join and with every change of the owned tasks (Kafka also sends them every
        // task.offset.interval.ms, 60 s, which the model leaves out).
        HeartbeatRequest request = new HeartbeatRequest(member.memberId, epoch, member.instanceId, tasks.processId(),
                full ? member.config.maxPollIntervalMs() : -1, epoch == StreamsGroupMessages.JOIN_EPOCH ? topology
                        : null, ownedChanged ? owned : null,
                ownedChanged ? new TreeMap<>(tasks.taskOffsetSums()) : null);
        sentOwned = owned;
        member.connection.streamsGroupHeartbeat(request, response -> onAnswer.accept(new Answer(response.error(),
                response.memberEpoch(), response.heartbeatIntervalMs(), response.assignment() == null ? null
                        : () -> member.assignmentReceived(target(response.assignment())),
                !response.assignmentDelayed())));
    }

    /** What the thread fetches for an assignment: the input partitions of its active tasks. */
    private ConsumerProtocolMember.Target target(TaskSets assignment) {
        List<TopicPartition> partitions = new ArrayList<>();
        for (TaskId task : assignment.active()) {
            partitions.addAll(runtime.tasks().sourcePartitions().getOrDefault(task, List.of()));
        }
        partitions.sort(null);
        return new ConsumerProtocolMember.Target(List.copyOf(partitions), assignment);
    }

    @Override
    public void forgetSentFields() {
        sentOwned = null;
    }

    @Override
    public void commit(OffsetCommitRequest request, Consumer<Errors> onResponse) {
        member.connection.streamsGroupCommit(request, onResponse);
    }
}
