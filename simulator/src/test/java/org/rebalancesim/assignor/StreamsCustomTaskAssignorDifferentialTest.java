package org.rebalancesim.assignor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.kafka.streams.processor.assignment.ApplicationState;
import org.apache.kafka.streams.processor.assignment.AssignmentConfigs;
import org.apache.kafka.streams.processor.assignment.KafkaStreamsAssignment;
import org.apache.kafka.streams.processor.assignment.KafkaStreamsAssignment.AssignedTask;
import org.apache.kafka.streams.processor.assignment.KafkaStreamsState;
import org.apache.kafka.streams.processor.assignment.ProcessId;
import org.apache.kafka.streams.processor.assignment.TaskInfo;
import org.apache.kafka.streams.processor.assignment.TaskTopicPartition;
import org.apache.kafka.streams.processor.assignment.assignors.StickyTaskAssignor;
import org.apache.kafka.streams.processor.internals.assignment.DefaultKafkaStreamsState;
import org.apache.kafka.streams.processor.internals.assignment.DefaultTaskTopicPartition;
import org.junit.jupiter.api.Test;
import org.rebalancesim.partition.TaskId;
import org.rebalancesim.partition.TopicPartition;

/**
 * The KIP-924 path against Kafka Streams' StickyTaskAssignor called directly on an ApplicationState built by hand
 * (KafkaStreamsState from the subscriptions by the rule of ClientState#initializePrevTasks: active what a thread
 * owns or runs, offset sum -2; standby the rest with state; not derived by Kafka's ClientState): for a few hundred
 * random groups, each process's active tasks (withheld ones included) and standbys (the temporary standbys of
 * withheld tasks left out) are Kafka's, and with no follow-up deadline nothing probes.
 */
class StreamsCustomTaskAssignorDifferentialTest {

    @Test
    void eachProcessGetsWhatKafkasStickyTaskAssignorGivesIt() {
        SplittableRandom random = new SplittableRandom(924);
        for (int round = 0; round < 300; round++) {
            StreamsGroups group = StreamsGroups.draw(random);
            Map<String, SortedSet<TaskId>[]> expected = direct(group);
            StreamsGroupAssignment answer = StreamsTaskAssignor.assign(group.topology(), group.subscriptions(),
                    group.config(), group.protocol(), group.leader(),
                    Optional.of(new StreamsCustomTaskAssignor(new StickyTaskAssignor(), false)), 0L);
            Map<String, String> processOf = new HashMap<>();
            group.subscriptions().forEach(s -> processOf.put(s.consumer(), s.processId()));
            Map<String, SortedSet<TaskId>[]> actual = new TreeMap<>();
            String where = "group " + round + ": " + group;
            answer.threads().values().forEach(thread -> {
                SortedSet<TaskId>[] sets = actual.computeIfAbsent(processOf.get(thread.consumer()), p -> pair());
                sets[0].addAll(thread.activeTasks());
                sets[0].addAll(thread.withheldTasks());
                SortedSet<TaskId> standbys = new TreeSet<>(thread.standbyTasks());
                standbys.removeAll(thread.withheldTasks());
                sets[1].addAll(standbys);
                assertFalse(thread.probingFollowup(), () -> thread.consumer() + " probes, " + where);
            });
            assertFalse(answer.probingRebalanceNeeded(), where);
            assertEquals(expected.keySet(), actual.keySet(), where);
            for (String process : expected.keySet()) {
                assertEquals(expected.get(process)[0], actual.get(process)[0],
                        () -> "active of " + process + ", " + where);
                assertEquals(expected.get(process)[1], actual.get(process)[1],
                        () -> "standby of " + process + ", " + where);
            }
        }
    }

    /** Kafka's StickyTaskAssignor on a hand-built ApplicationState: process → {active, standby}. */
    private static Map<String, SortedSet<TaskId>[]> direct(StreamsGroups group) {
        Map<TopicPartition, TaskId> taskOf = new HashMap<>();
        group.topology().sourcePartitions().forEach((task, tps) -> tps.forEach(tp -> taskOf.put(tp, task)));
        SortedMap<String, Integer> threads = new TreeMap<>();
        SortedMap<String, SortedSet<org.apache.kafka.streams.processor.TaskId>> active = new TreeMap<>();
        // A process's offset sums, its threads' merged in member order: a later thread's sum for a task replaces an
        // earlier one's, as ClientState#addPreviousTasksAndOffsetSums puts them.
        SortedMap<String, Map<TaskId, Long>> sums = new TreeMap<>();
        SortedMap<String, SortedMap<String, Set<org.apache.kafka.streams.processor.TaskId>>> byConsumer =
                new TreeMap<>();
        for (StreamsSubscription s : group.subscriptions()) {
            threads.merge(s.processId(), 1, Integer::sum);
            SortedSet<org.apache.kafka.streams.processor.TaskId> prevActive =
                    active.computeIfAbsent(s.processId(), p -> new TreeSet<>());
            sums.computeIfAbsent(s.processId(), p -> new TreeMap<>()).putAll(s.taskOffsetSums());
            Set<org.apache.kafka.streams.processor.TaskId> consumerTasks = new TreeSet<>();
            s.ownedPartitions().forEach(tp -> prevActive.add(kafka(taskOf.get(tp))));
            s.taskOffsetSums().keySet().forEach(task -> consumerTasks.add(kafka(task)));
            byConsumer.computeIfAbsent(s.processId(), p -> new TreeMap<>()).put(s.consumer(), consumerTasks);
        }
        // Inserted in process-name order, as the adapter's clients are, so the two HashMaps iterate alike.
        Map<ProcessId, KafkaStreamsState> states = new HashMap<>();
        Map<ProcessId, String> names = new HashMap<>();
        for (String process : threads.keySet()) {
            SortedSet<org.apache.kafka.streams.processor.TaskId> standby = new TreeSet<>();
            sums.get(process).forEach((task, sum) -> (sum == StreamsSubscription.LATEST_OFFSET
                    ? active.get(process) : standby).add(kafka(task)));
            standby.removeAll(active.get(process));
            ProcessId id = StreamsKafkaTypes.processId(process);
            names.put(id, process);
            states.put(id, new DefaultKafkaStreamsState(id, threads.get(process), Map.of(), active.get(process),
                    standby, byConsumer.get(process), Optional.empty(), Optional.empty(), Optional.empty()));
        }
        // StreamsTaskInfo: Kafka's DefaultTaskInfo hashed by task id, so both calls place standbys in one order.
        // StickyTaskAssignor gives standbys only to tasks with a changelog partition (TaskTopicPartition#isChangelog),
        // so each stateful task has one, as buildApplicationState lists a task's changelog partitions.
        Map<org.apache.kafka.streams.processor.TaskId, TaskInfo> tasks = new HashMap<>();
        for (TaskId task : group.topology().tasks()) {
            boolean stateful = group.topology().statefulTasks().contains(task);
            Set<TaskTopicPartition> partitions = new HashSet<>();
            group.topology().sourcePartitions().get(task).forEach(tp -> partitions.add(new DefaultTaskTopicPartition(
                    new org.apache.kafka.common.TopicPartition(tp.topic(), tp.partition()), true, false, () -> { })));
            if (stateful) {
                partitions.add(new DefaultTaskTopicPartition(new org.apache.kafka.common.TopicPartition(
                        "store-changelog", task.partition()), false, true, () -> { }));
            }
            tasks.put(kafka(task), new StreamsTaskInfo(kafka(task), stateful, stateful ? Set.of("store") : Set.of(),
                    partitions));
        }
        ApplicationState application = new HandBuilt(group.config().kafka(), tasks, states);
        Map<String, SortedSet<TaskId>[]> result = new TreeMap<>();
        for (KafkaStreamsAssignment assignment : new StickyTaskAssignor().assign(application).assignment()) {
            assertEquals(Optional.empty(), assignment.followupRebalanceDeadline());
            SortedSet<TaskId>[] sets = pair();
            for (AssignedTask task : assignment.tasks().values()) {
                sets[task.type() == AssignedTask.Type.ACTIVE ? 0 : 1].add(StreamsKafkaTypes.ours(task.id()));
            }
            result.put(names.get(assignment.processId()), sets);
        }
        return result;
    }

    /** An ApplicationState with the states given, as a task assignor reads one. */
    private record HandBuilt(AssignmentConfigs assignmentConfigs,
                             Map<org.apache.kafka.streams.processor.TaskId, TaskInfo> allTasks,
                             Map<ProcessId, KafkaStreamsState> states) implements ApplicationState {
        @Override
        public Map<ProcessId, KafkaStreamsState> kafkaStreamsStates(boolean computeTaskLags) {
            return new LinkedHashMap<>(states);
        }
    }

    @SuppressWarnings("unchecked")
    private static SortedSet<TaskId>[] pair() {
        return new SortedSet[] {new TreeSet<TaskId>(), new TreeSet<TaskId>()};
    }

    private static org.apache.kafka.streams.processor.TaskId kafka(TaskId task) {
        return new org.apache.kafka.streams.processor.TaskId(task.subtopology(), task.partition());
    }
}
