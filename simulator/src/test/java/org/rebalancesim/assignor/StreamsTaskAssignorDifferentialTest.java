package org.rebalancesim.assignor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.kafka.common.Cluster;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.streams.processor.assignment.AssignmentConfigs;
import org.apache.kafka.streams.processor.assignment.ProcessId;
import org.apache.kafka.streams.processor.internals.assignment.ClientState;
import org.apache.kafka.streams.processor.internals.assignment.HighAvailabilityTaskAssignor;
import org.apache.kafka.streams.processor.internals.assignment.RackAwareTaskAssignor;
import org.junit.jupiter.api.Test;
import org.rebalancesim.partition.TaskId;
import org.rebalancesim.partition.TopicPartition;

/**
 * The adapter against Kafka's HighAvailabilityTaskAssignor called directly on ClientStates built by hand with
 * Kafka's testing constructor (previous tasks and lags given, not derived by ClientState): for a few hundred random
 * groups, each process's active tasks (withheld ones included: the task assignor gave them) and standbys (the
 * temporary standbys of withheld tasks left out: buildStandbyTaskMap adds them after the task assignor) are Kafka's.
 */
class StreamsTaskAssignorDifferentialTest {

    @Test
    void eachProcessGetsWhatKafkasTaskAssignorGivesIt() {
        SplittableRandom random = new SplittableRandom(441);
        for (int round = 0; round < 300; round++) {
            StreamsGroups group = StreamsGroups.draw(random);
            Map<String, SortedSet<TaskId>[]> expected = direct(group);
            StreamsGroupAssignment answer = group.assign();
            Map<String, String> processOf = new HashMap<>();
            group.subscriptions().forEach(s -> processOf.put(s.consumer(), s.processId()));
            Map<String, SortedSet<TaskId>[]> actual = new TreeMap<>();
            answer.threads().values().forEach(thread -> {
                SortedSet<TaskId>[] sets = actual.computeIfAbsent(processOf.get(thread.consumer()), p -> pair());
                sets[0].addAll(thread.activeTasks());
                sets[0].addAll(thread.withheldTasks());
                SortedSet<TaskId> standbys = new TreeSet<>(thread.standbyTasks());
                standbys.removeAll(thread.withheldTasks());
                sets[1].addAll(standbys);
            });
            String where = "group " + round + ": " + group;
            assertEquals(expected.keySet(), actual.keySet(), where);
            for (String process : expected.keySet()) {
                assertEquals(expected.get(process)[0], actual.get(process)[0],
                        () -> "active of " + process + ", " + where);
                assertEquals(expected.get(process)[1], actual.get(process)[1],
                        () -> "standby of " + process + ", " + where);
            }
        }
    }

    /** Kafka's assignor on hand-built ClientStates: process → {active, standby}. */
    private static Map<String, SortedSet<TaskId>[]> direct(StreamsGroups group) {
        Map<String, Map<TaskId, Long>> sums = new TreeMap<>();
        Map<String, Set<TaskId>> ownedTasks = new TreeMap<>();
        Map<String, Integer> capacity = new TreeMap<>();
        Map<TopicPartition, TaskId> taskOf = new HashMap<>();
        group.topology().sourcePartitions().forEach((task, tps) -> tps.forEach(tp -> taskOf.put(tp, task)));
        for (StreamsSubscription s : group.subscriptions()) {
            sums.computeIfAbsent(s.processId(), p -> new TreeMap<>()).putAll(s.taskOffsetSums());
            Set<TaskId> owned = ownedTasks.computeIfAbsent(s.processId(), p -> new TreeSet<>());
            s.ownedPartitions().forEach(tp -> owned.add(taskOf.get(tp)));
            capacity.merge(s.processId(), 1, Integer::sum);
        }
        Map<ProcessId, ClientState> states = new TreeMap<>();
        Map<ProcessId, String> names = new HashMap<>();
        for (String process : sums.keySet()) {
            Set<org.apache.kafka.streams.processor.TaskId> active = new HashSet<>();
            Set<org.apache.kafka.streams.processor.TaskId> standby = new HashSet<>();
            ownedTasks.get(process).forEach(task -> active.add(kafka(task)));
            sums.get(process).forEach((task, sum) -> {
                if (sum == StreamsSubscription.LATEST_OFFSET) {
                    active.add(kafka(task));
                } else if (!active.contains(kafka(task))) {
                    standby.add(kafka(task));
                }
            });
            // ClientState#computeTaskLags, by the rule of Kafka's KIP-441: running active, else end - offset sum,
            // the whole end offset sum for no state (or state ahead of the end: corrupted).
            Map<org.apache.kafka.streams.processor.TaskId, Long> lags = new HashMap<>();
            group.topology().changelogEndOffsetSums().forEach((task, end) -> {
                long sum = sums.get(process).getOrDefault(task, 0L);
                lags.put(kafka(task), sum == StreamsSubscription.LATEST_OFFSET ? sum : end < sum ? end : end - sum);
            });
            ProcessId id = StreamsKafkaTypes.processId(process);
            names.put(id, process);
            states.put(id, new ClientState(active, standby, lags, Map.of(), capacity.get(process), id));
        }
        AssignmentConfigs configs = group.config().kafka();
        new HighAvailabilityTaskAssignor().assign(states, kafka(group.topology().tasks()),
                kafka(group.topology().statefulTasks()), new RackAwareTaskAssignor(Cluster.empty(), Map.of(), Map.of(),
                        Map.of(), Map.of(), null, configs, Time.SYSTEM), configs);
        Map<String, SortedSet<TaskId>[]> result = new TreeMap<>();
        states.forEach((id, state) -> {
            SortedSet<TaskId>[] sets = pair();
            state.activeTasks().forEach(task -> sets[0].add(new TaskId(task.subtopology(), task.partition())));
            state.standbyTasks().forEach(task -> sets[1].add(new TaskId(task.subtopology(), task.partition())));
            result.put(names.get(id), sets);
        });
        return result;
    }

    @SuppressWarnings("unchecked")
    private static SortedSet<TaskId>[] pair() {
        return new SortedSet[] {new TreeSet<TaskId>(), new TreeSet<TaskId>()};
    }

    private static org.apache.kafka.streams.processor.TaskId kafka(TaskId task) {
        return new org.apache.kafka.streams.processor.TaskId(task.subtopology(), task.partition());
    }

    private static Set<org.apache.kafka.streams.processor.TaskId> kafka(Set<TaskId> tasks) {
        Set<org.apache.kafka.streams.processor.TaskId> kafka = new HashSet<>();
        tasks.forEach(task -> kafka.add(kafka(task)));
        return kafka;
    }
}
