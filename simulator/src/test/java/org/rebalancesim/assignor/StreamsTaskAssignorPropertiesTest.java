package org.rebalancesim.assignor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.rebalancesim.assignor.Assignor.RebalanceProtocol;
import org.rebalancesim.partition.TaskId;
import org.rebalancesim.partition.TopicPartition;

/** Rules of Kafka's HighAvailabilityTaskAssignor and StreamsPartitionAssignor, each over random groups. */
class StreamsTaskAssignorPropertiesTest {

    private static final int GROUPS = 300;

    /** Every task is active on exactly one consumer, or withheld from exactly one and active nowhere. */
    @Test
    void everyTaskHasExactlyOneOwner() {
        forRandomGroups((group, answer) -> {
            Map<TaskId, Integer> owners = new TreeMap<>();
            answer.threads().values().forEach(thread -> {
                thread.activeTasks().forEach(task -> owners.merge(task, 1, Integer::sum));
                thread.withheldTasks().forEach(task -> owners.merge(task, 1, Integer::sum));
            });
            assertEquals(group.topology().tasks(), owners.keySet());
            owners.forEach((task, count) -> assertEquals(1, count, task::toString));
        });
    }

    /**
     * A standby is never on the process of its active (ClientState#assignStandby refuses it), and each stateful task
     * has at least min(num.standby.replicas, processes - 1) standbys; beyond those, at most max.warmup.replicas
     * warm-ups in the whole group.
     */
    @Test
    void standbysAreElsewhereEnoughAndWarmupsBounded() {
        forRandomGroups((group, answer) -> {
            Map<String, Set<TaskId>> activeByProcess = new TreeMap<>();
            Map<TaskId, Set<String>> standbyProcesses = new TreeMap<>();
            Map<String, String> processOf = processOf(group);
            answer.threads().values().forEach(thread -> {
                String process = processOf.get(thread.consumer());
                activeByProcess.computeIfAbsent(process, p -> new TreeSet<>()).addAll(thread.activeTasks());
                activeByProcess.get(process).addAll(thread.withheldTasks());
                thread.standbyTasks().stream().filter(task -> !thread.withheldTasks().contains(task))
                        .forEach(task -> standbyProcesses.computeIfAbsent(task, t -> new TreeSet<>()).add(process));
            });
            standbyProcesses.forEach((task, processes) -> processes.forEach(process ->
                    assertFalse(activeByProcess.get(process).contains(task),
                            task + " active and standby on " + process)));
            int expected = Math.min(group.config().numStandbyReplicas(), activeByProcess.size() - 1);
            int standbys = 0;
            for (TaskId task : group.topology().statefulTasks()) {
                int count = standbyProcesses.getOrDefault(task, Set.of()).size();
                assertTrue(count >= expected, task + " has " + count + " standbys, expected " + expected);
                standbys += count;
            }
            int warmups = standbys - expected * group.topology().statefulTasks().size();
            assertTrue(warmups <= group.config().maxWarmupReplicas(), warmups + " warm-ups");
        });
    }

    /**
     * COOPERATIVE: no consumer is given a partition another consumer owns; a task that would need one is withheld,
     * its thread is told to rebalance at once, and the group is not stable. EAGER withholds nothing.
     */
    @Test
    void cooperativeWithholdsOwnedPartitionsAndAsksForAnImmediateFollowup() {
        forRandomGroups((group, answer) -> {
            Map<TopicPartition, String> owner = new HashMap<>();
            group.subscriptions().forEach(s -> s.ownedPartitions().forEach(tp -> owner.put(tp, s.consumer())));
            for (StreamsThreadAssignment thread : answer.threads().values()) {
                for (TopicPartition tp : thread.partitions()) {
                    String previous = owner.get(tp);
                    assertTrue(previous == null || previous.equals(thread.consumer()),
                            tp + " still owned by " + previous);
                }
                if (!thread.withheldTasks().isEmpty()) {
                    assertEquals(RebalanceProtocol.COOPERATIVE, group.protocol());
                    assertEquals(StreamsThreadAssignment.IMMEDIATE, thread.nextRebalanceDelayMs());
                    assertFalse(answer.stable());
                }
            }
        });
    }

    /**
     * A probing rebalance is scheduled by the leader's process only, one interval later, on its first thread in
     * member id order unless that thread already rebalances at once (then on none); the other threads hear of
     * no follow-up unless they have withheld tasks.
     */
    @Test
    void theLeadersProcessSchedulesTheProbingRebalance() {
        forRandomGroups((group, answer) -> {
            Map<String, String> processOf = processOf(group);
            String leaderProcess = processOf.get(group.leader());
            String first = answer.threads().keySet().stream().filter(c -> processOf.get(c).equals(leaderProcess))
                    .findFirst().orElseThrow();
            for (StreamsThreadAssignment thread : answer.threads().values()) {
                long expected = !thread.withheldTasks().isEmpty() ? StreamsThreadAssignment.IMMEDIATE
                        : answer.probingRebalanceNeeded() && thread.consumer().equals(first)
                        ? group.config().probingRebalanceIntervalMs() : StreamsThreadAssignment.NO_FOLLOWUP;
                assertEquals(expected, thread.nextRebalanceDelayMs(), thread.consumer());
            }
        });
    }

    /** The same group, its subscriptions in any order, gets the same answer. */
    @Test
    void theAnswerDependsOnTheGroupOnly() {
        SplittableRandom random = new SplittableRandom(7);
        for (int round = 0; round < 100; round++) {
            StreamsGroups group = StreamsGroups.draw(random);
            List<StreamsSubscription> shuffled = new ArrayList<>(group.subscriptions());
            Collections.shuffle(shuffled, new java.util.Random(round));
            assertEquals(group.assign(), StreamsTaskAssignor.assign(group.topology(), shuffled, group.config(),
                    group.protocol(), group.leader()));
        }
    }

    /**
     * Every process caught up on every stateful task and no previous owner (Kafka's
     * shouldAssignActiveStatefulTasksEvenlyOverClientsAndStreamThreads...): with equal threads per process the active
     * counts of the processes differ by at most one, and so do those of each process's threads.
     */
    @Test
    void allCaughtUpIsBalanced() {
        SplittableRandom random = new SplittableRandom(11);
        for (int round = 0; round < 100; round++) {
            int processes = 1 + random.nextInt(12);
            int threads = 1 + random.nextInt(3);
            int tasks = 1 + random.nextInt(40);
            Map<TaskId, List<TopicPartition>> sources = new TreeMap<>();
            Map<TaskId, Long> ends = new TreeMap<>();
            for (int i = 0; i < tasks; i++) {
                TaskId task = new TaskId(i % 2, i / 2);
                sources.put(task, List.of(new TopicPartition("in-" + task.subtopology(), task.partition())));
                ends.put(task, 1_000L + i);
            }
            StreamsTopology topology = new StreamsTopology(sources, ends.keySet(), ends);
            List<StreamsSubscription> subscriptions = new ArrayList<>();
            for (int p = 0; p < processes; p++) {
                for (int t = 0; t < threads; t++) {
                    subscriptions.add(new StreamsSubscription("c" + p + "-" + t, "pod-" + p, t == 0 ? ends : Map.of(),
                            List.of()));
                }
            }
            StreamsGroupAssignment answer = StreamsTaskAssignor.assign(topology, subscriptions,
                    StreamsAssignmentConfig.defaults(), RebalanceProtocol.EAGER, "c0-0");
            Map<String, Integer> byProcess = new TreeMap<>();
            Map<String, List<Integer>> byThread = new TreeMap<>();
            answer.threads().values().forEach(thread -> {
                String process = thread.consumer().substring(0, thread.consumer().indexOf('-'));
                byProcess.merge(process, thread.activeTasks().size(), Integer::sum);
                byThread.computeIfAbsent(process, p -> new ArrayList<>()).add(thread.activeTasks().size());
            });
            assertTrue(spread(byProcess.values()) <= 1, "processes " + byProcess);
            byThread.values().forEach(counts -> assertTrue(spread(counts) <= 1, "threads " + byThread));
            assertFalse(answer.probingRebalanceNeeded(), "all caught up: nothing to warm up");
        }
    }

    /**
     * A stateful task stays with a caught-up previous owner: a balanced group whose threads run their tasks keeps
     * every task where it is and withholds nothing (TaskMovement#assignActiveTaskMovements moves a task back to a
     * caught-up client and warms the balanced one up instead).
     */
    @Test
    void runningOwnersKeepTheirTasks() {
        SplittableRandom random = new SplittableRandom(13);
        for (int round = 0; round < 100; round++) {
            int consumers = 1 + random.nextInt(12);
            int tasks = consumers * (1 + random.nextInt(3));
            Map<TaskId, List<TopicPartition>> sources = new TreeMap<>();
            Map<TaskId, Long> ends = new TreeMap<>();
            List<Map<TaskId, Long>> sums = new ArrayList<>();
            List<List<TopicPartition>> owned = new ArrayList<>();
            for (int c = 0; c < consumers; c++) {
                sums.add(new TreeMap<>());
                owned.add(new ArrayList<>());
            }
            for (int i = 0; i < tasks; i++) {
                TaskId task = new TaskId(0, i);
                TopicPartition tp = new TopicPartition("in", i);
                sources.put(task, List.of(tp));
                // Beyond acceptable.recovery.lag: a client with no state is then not caught up (with a small
                // changelog every client is, and the balanced assignment wins over stickiness).
                ends.put(task, 20_000L + random.nextInt(1_000_000));
                int owner = i % consumers;
                sums.get(owner).put(task, StreamsSubscription.LATEST_OFFSET);
                owned.get(owner).add(tp);
            }
            List<StreamsSubscription> subscriptions = new ArrayList<>();
            for (int c = 0; c < consumers; c++) {
                subscriptions.add(new StreamsSubscription("c" + c, "pod-" + c, sums.get(c), owned.get(c)));
            }
            StreamsGroupAssignment answer = StreamsTaskAssignor.assign(
                    new StreamsTopology(sources, ends.keySet(), ends),
                    subscriptions, StreamsAssignmentConfig.defaults(), RebalanceProtocol.COOPERATIVE, "c0");
            for (int c = 0; c < consumers; c++) {
                StreamsThreadAssignment thread = answer.threads().get("c" + c);
                assertEquals(sums.get(c).keySet(), thread.activeTasks(), thread.consumer());
                assertEquals(Set.of(), thread.withheldTasks());
            }
            // HighAvailabilityTaskAssignor aims at its own balanced placement (round robin over the process ids),
            // so where that differs it warms the task up there and probes: no standbys are configured, so every
            // standby is such a warm-up.
            int warmups = answer.threads().values().stream().mapToInt(thread -> thread.standbyTasks().size()).sum();
            assertTrue(warmups <= StreamsAssignmentConfig.defaults().maxWarmupReplicas());
            assertEquals(warmups > 0, answer.probingRebalanceNeeded());
        }
    }

    private static int spread(java.util.Collection<Integer> counts) {
        return Collections.max(counts) - Collections.min(counts);
    }

    private static Map<String, String> processOf(StreamsGroups group) {
        Map<String, String> processOf = new HashMap<>();
        group.subscriptions().forEach(s -> processOf.put(s.consumer(), s.processId()));
        return processOf;
    }

    private static void forRandomGroups(java.util.function.BiConsumer<StreamsGroups, StreamsGroupAssignment> check) {
        SplittableRandom random = new SplittableRandom(2024);
        for (int round = 0; round < GROUPS; round++) {
            StreamsGroups group = StreamsGroups.draw(random);
            StreamsGroupAssignment answer = group.assign();
            try {
                check.accept(group, answer);
            } catch (AssertionError e) {
                throw new AssertionError("group " + round + ": " + group + "\n" + answer + "\n" + e.getMessage(), e);
            }
        }
    }
}
