package org.rebalancesim.assignor;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.kafka.streams.processor.internals.StreamsPartitionAssignor;
import org.apache.kafka.streams.processor.internals.assignment.ClientState;
import org.rebalancesim.assignor.StreamsTaskAssignor.KafkaTopology;
import org.rebalancesim.partition.TaskId;
import org.rebalancesim.partition.TopicPartition;

/**
 * One process's tasks spread over its threads, as StreamsPartitionAssignor#computeNewAssignment and
 * #addClientAssignments do for each client (kafka-streams 4.4.0). The spreading is Kafka's own
 * StreamsPartitionAssignor#assignTasksToThreads (package-private and static, so it is called through a method
 * handle): stateful actives first, then standbys, then stateless actives, with one thread-load map across the three
 * calls, sticky to the thread that had a task before. Then, per thread in member id order:
 * <ul>
 *   <li>an active task with a partition that is new to the thread and still owned by any consumer of the group is
 *       withheld (populateActiveTaskAndPartitionsLists): the owner must revoke it first, under COOPERATIVE;</li>
 *   <li>a withheld stateful task the process had as a standby stays a standby of the thread until then
 *       (buildStandbyTaskMap);</li>
 *   <li>a thread with a withheld task is told to rebalance at once (nextRebalanceMs 0); otherwise the first thread of
 *       the process that has the probing deadline is told of it, and no other: an immediate follow-up makes it
 *       unnecessary to encode the probing one (addClientAssignments).</li>
 * </ul>
 * Kafka's ClientState bookkeeping (assignActiveToConsumer, revokeActiveFromConsumer, unassignActive, ...) is called
 * as Kafka calls it, so its own checks run too.
 */
final class StreamsThreadAssembly {

    private static final MethodHandle ASSIGN_TASKS_TO_THREADS = assignTasksToThreads();

    private final ClientState state;
    private final SortedSet<String> consumers;
    private final KafkaTopology topology;
    private final Set<org.apache.kafka.common.TopicPartition> allOwnedPartitions;

    StreamsThreadAssembly(ClientState state, SortedSet<String> consumers, KafkaTopology topology,
                          Set<org.apache.kafka.common.TopicPartition> allOwnedPartitions) {
        this.state = state;
        this.consumers = consumers;
        this.topology = topology;
        this.allOwnedPartitions = allOwnedPartitions;
    }

    /** The process's threads' assignments, by consumer. */
    Map<String, StreamsThreadAssignment> assign() {
        Map<String, Integer> threadTaskCounts = new HashMap<>();
        Map<String, List<org.apache.kafka.streams.processor.TaskId>> active =
                toThreads(state.statefulActiveTasks(), true, threadTaskCounts);
        Map<String, List<org.apache.kafka.streams.processor.TaskId>> standby =
                toThreads(state.standbyTasks(), true, threadTaskCounts);
        toThreads(state.statelessActiveTasks(), false, threadTaskCounts)
                .forEach((consumer, tasks) -> active.get(consumer).addAll(tasks));

        Optional<Instant> deadline = state.followupRebalanceDeadline();
        boolean encodeProbing = deadline.isPresent();
        Map<String, StreamsThreadAssignment> threads = new TreeMap<>();
        for (String consumer : consumers) {
            SortedSet<TaskId> assigned = new TreeSet<>();
            SortedSet<TaskId> withheld = new TreeSet<>();
            List<TopicPartition> partitions = new ArrayList<>();
            for (org.apache.kafka.streams.processor.TaskId task : active.get(consumer)) {
                state.assignActiveToConsumer(task, consumer);
                if (mustWithhold(task, consumer)) {
                    withheld.add(StreamsKafkaTypes.ours(task));
                    state.revokeActiveFromConsumer(task, consumer);
                    state.unassignActive(task);
                } else {
                    assigned.add(StreamsKafkaTypes.ours(task));
                    partitions.addAll(topology.ours(StreamsKafkaTypes.ours(task)));
                }
            }
            SortedSet<TaskId> standbys = standbys(consumer, standby.get(consumer), withheld);
            long next = StreamsThreadAssignment.NO_FOLLOWUP;
            if (!withheld.isEmpty()) {
                next = StreamsThreadAssignment.IMMEDIATE;
                encodeProbing = false;
            } else if (encodeProbing) {
                next = deadline.get().toEpochMilli();
                encodeProbing = false;
            }
            threads.put(consumer,
                    new StreamsThreadAssignment(consumer, assigned, standbys, partitions, withheld, next));
        }
        return threads;
    }

    /** Whether a partition of {@code task} is new to {@code consumer} and owned by a consumer of the group. */
    private boolean mustWithhold(org.apache.kafka.streams.processor.TaskId task, String consumer) {
        for (org.apache.kafka.common.TopicPartition tp : topology.partitionsForTask.get(task)) {
            String oldOwner = state.previousOwnerForPartition(tp);
            boolean newForConsumer = oldOwner == null || !oldOwner.equals(consumer);
            if (newForConsumer && allOwnedPartitions.contains(tp)) {
                return true;
            }
        }
        return false;
    }

    /** buildStandbyTaskMap: the thread's standbys, and the withheld stateful tasks the process had as standbys. */
    private SortedSet<TaskId> standbys(String consumer, List<org.apache.kafka.streams.processor.TaskId> standbyTasks,
                                       SortedSet<TaskId> withheld) {
        SortedSet<TaskId> standbys = new TreeSet<>();
        for (org.apache.kafka.streams.processor.TaskId task : standbyTasks) {
            state.assignStandbyToConsumer(task, consumer);
            standbys.add(StreamsKafkaTypes.ours(task));
        }
        for (TaskId task : withheld) {
            org.apache.kafka.streams.processor.TaskId kafkaTask = StreamsKafkaTypes.kafka(task);
            if (state.previouslyOwnedStandby(kafkaTask) && topology.statefulTasks.contains(kafkaTask)) {
                state.assignStandbyToConsumer(kafkaTask, consumer);
                state.assignStandby(kafkaTask);
                standbys.add(task);
            }
        }
        return standbys;
    }

    /** Kafka's StreamsPartitionAssignor#assignTasksToThreads. */
    @SuppressWarnings("unchecked")
    private Map<String, List<org.apache.kafka.streams.processor.TaskId>> toThreads(
            Collection<org.apache.kafka.streams.processor.TaskId> tasks, boolean stateful, Map<String, Integer> load) {
        try {
            return (Map<String, List<org.apache.kafka.streams.processor.TaskId>>)
                    ASSIGN_TASKS_TO_THREADS.invoke(tasks, stateful, consumers, state, load);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("StreamsPartitionAssignor#assignTasksToThreads threw " + e, e);
        }
    }

    private static MethodHandle assignTasksToThreads() {
        try {
            return MethodHandles.privateLookupIn(StreamsPartitionAssignor.class, MethodHandles.lookup())
                    .findStatic(StreamsPartitionAssignor.class, "assignTasksToThreads", MethodType.methodType(Map.class,
                            Collection.class, boolean.class, SortedSet.class, ClientState.class, Map.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError("kafka-streams has no StreamsPartitionAssignor#assignTasksToThreads"
                    + " of the 4.4.0 signature: " + e);
        }
    }
}
