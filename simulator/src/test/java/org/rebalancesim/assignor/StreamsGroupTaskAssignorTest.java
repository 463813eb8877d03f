package org.rebalancesim.assignor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import org.apache.kafka.coordinator.group.api.streams.assignor.GroupAssignment;
import org.apache.kafka.coordinator.group.api.streams.assignor.TopologyDescriber;
import org.apache.kafka.coordinator.group.streams.assignor.AssignmentConfigsImpl;
import org.apache.kafka.coordinator.group.streams.assignor.GroupSpecImpl;
import org.apache.kafka.coordinator.group.streams.assignor.MemberMetadataAndStateImpl;
import org.apache.kafka.coordinator.group.streams.assignor.StickyTaskAssignor;
import org.junit.jupiter.api.Test;
import org.rebalancesim.assignor.StreamsGroupTaskAssignor.Assignment;
import org.rebalancesim.assignor.StreamsGroupTaskAssignor.Member;
import org.rebalancesim.partition.TaskId;

/**
 * Kafka 4.4.0's StickyTaskAssignor through the adapter: the same answer as the assignor called directly on a group
 * spec built by hand, and the rules of a streams group's task assignment (KIP-1071, docs/kafka-semantics.md §19).
 */
class StreamsGroupTaskAssignorTest {

    private static final int GROUPS = 300;

    /**
     * A random streams group as its coordinator holds it: 1-8 members (some sharing a process, some static, some
     * new), 1-3 subtopologies of 1-12 tasks (some stateful), a valid previous assignment (a task active on at most
     * one member, a process holding at most one copy of a task, standbys only of stateful tasks), some reported
     * task offsets (ties included) and some warm-ups.
     */
    record Group(List<Member> members, SortedMap<Integer, Integer> taskCounts, Set<Integer> stateful, int standbys) {

        static Group draw(SplittableRandom random) {
            SortedMap<Integer, Integer> taskCounts = new TreeMap<>();
            Set<Integer> stateful = new TreeSet<>();
            int subtopologies = 1 + random.nextInt(3);
            for (int s = 0; s < subtopologies; s++) {
                taskCounts.put(s, 1 + random.nextInt(12));
                if (random.nextBoolean()) {
                    stateful.add(s);
                }
            }
            int memberCount = 1 + random.nextInt(8);
            List<String> ids = new ArrayList<>();
            List<String> processes = new ArrayList<>();
            List<Set<TaskId>> active = new ArrayList<>();
            List<Set<TaskId>> standby = new ArrayList<>();
            List<Set<TaskId>> warmup = new ArrayList<>();
            List<Map<TaskId, Long>> offsets = new ArrayList<>();
            for (int m = 0; m < memberCount; m++) {
                // Random hex, so the member ids' order is not the order they are listed in.
                ids.add("member-" + Long.toHexString(random.nextLong()));
                processes.add("pod-" + random.nextInt(memberCount));
                active.add(new TreeSet<>());
                standby.add(new TreeSet<>());
                warmup.add(new TreeSet<>());
                offsets.add(new TreeMap<>());
            }
            boolean[] isNew = new boolean[memberCount];
            for (int m = 0; m < memberCount; m++) {
                isNew[m] = random.nextInt(4) == 0;
            }
            taskCounts.forEach((subtopology, count) -> {
                for (int p = 0; p < count; p++) {
                    TaskId task = new TaskId(subtopology, p);
                    Set<String> holders = new HashSet<>();
                    int owner = random.nextInt(memberCount);
                    if (random.nextInt(5) != 0 && !isNew[owner]) {
                        active.get(owner).add(task);
                        holders.add(processes.get(owner));
                    }
                    if (!stateful.contains(subtopology)) {
                        continue;
                    }
                    for (int copies = random.nextInt(3); copies > 0; copies--) {
                        int holder = random.nextInt(memberCount);
                        if (!isNew[holder] && holders.add(processes.get(holder))) {
                            (random.nextInt(8) == 0 ? warmup : standby).get(holder).add(task);
                        }
                    }
                    for (int m = 0; m < memberCount; m++) {
                        if (random.nextInt(3) == 0) {
                            offsets.get(m).put(task, 100L * random.nextInt(4));
                        }
                    }
                }
            });
            List<Member> members = new ArrayList<>();
            for (int m = 0; m < memberCount; m++) {
                String instanceId = random.nextInt(3) == 0 ? "instance-" + m : null;
                members.add(new Member(ids.get(m), instanceId, processes.get(m), new TreeSet<>(active.get(m)),
                        new TreeSet<>(standby.get(m)), new TreeSet<>(warmup.get(m)), new TreeMap<>(offsets.get(m))));
            }
            return new Group(members, taskCounts, stateful, random.nextInt(3));
        }

        SortedMap<String, Assignment> assign() {
            return StreamsGroupTaskAssignor.assign(members, taskCounts, stateful, standbys);
        }
    }

    @Test
    void eachMemberGetsWhatKafkasStickyTaskAssignorGivesIt() {
        SplittableRandom random = new SplittableRandom(1071);
        for (int round = 0; round < GROUPS; round++) {
            Group group = Group.draw(random);
            String where = "group " + round + ": " + group;
            assertEquals(direct(group), group.assign(), where);
            List<Member> shuffled = new ArrayList<>(group.members());
            for (int i = shuffled.size() - 1; i > 0; i--) {
                shuffled.set(i, shuffled.set(random.nextInt(i + 1), shuffled.get(i)));
            }
            assertEquals(group.assign(), StreamsGroupTaskAssignor.assign(shuffled, group.taskCounts(),
                    group.stateful(), group.standbys()), () -> "members in another order, " + where);
        }
    }

    /**
     * Kafka's assignor on a group spec built by hand as 4.4.0's TargetAssignmentBuilder#createMemberMetadataAndState
     * builds it (HashMap and HashSet of tasks), the members in id order.
     */
    private static SortedMap<String, Assignment> direct(Group group) {
        Map<String, MemberMetadataAndStateImpl> specs = new TreeMap<>();
        for (Member m : group.members()) {
            Map<String, Map<Integer, Long>> offsets = new HashMap<>();
            m.taskOffsets().forEach((task, offset) -> offsets.computeIfAbsent(String.valueOf(task.subtopology()),
                    s -> new HashMap<>()).put(task.partition(), offset));
            specs.put(m.memberId(), new MemberMetadataAndStateImpl(Optional.ofNullable(m.instanceId()),
                    Optional.empty(), m.processId(), Map.of(), kafka(m.active()), kafka(m.standby()),
                    kafka(m.warmup()), offsets, Map.of()));
        }
        TreeMap<String, Integer> counts = new TreeMap<>();
        group.taskCounts().forEach((subtopology, count) -> counts.put(String.valueOf(subtopology), count));
        TopologyDescriber topology = new TopologyDescriber() {
            @Override
            public List<String> subtopologies() {
                return List.copyOf(counts.keySet());
            }

            @Override
            public int maxNumInputPartitions(String subtopologyId) {
                return counts.get(subtopologyId);
            }

            @Override
            public boolean isStateful(String subtopologyId) {
                return group.stateful().contains(Integer.parseInt(subtopologyId));
            }
        };
        GroupAssignment answer = new StickyTaskAssignor().assign(
                new GroupSpecImpl(specs, new AssignmentConfigsImpl(group.standbys(), List.of())), topology);
        SortedMap<String, Assignment> result = new TreeMap<>();
        answer.members().forEach((memberId, given) ->
                result.put(memberId, new Assignment(ours(given.activeTasks()), ours(given.standbyTasks()))));
        return result;
    }

    private static Map<String, Set<Integer>> kafka(Set<TaskId> tasks) {
        Map<String, Set<Integer>> kafka = new HashMap<>();
        tasks.forEach(task -> kafka.computeIfAbsent(String.valueOf(task.subtopology()), s -> new HashSet<>())
                .add(task.partition()));
        return kafka;
    }

    private static SortedSet<TaskId> ours(Map<String, Set<Integer>> tasks) {
        SortedSet<TaskId> ours = new TreeSet<>();
        tasks.forEach((s, partitions) -> partitions.forEach(p -> ours.add(new TaskId(Integer.parseInt(s), p))));
        return ours;
    }

    /** Every member is answered, and every task of the topology is active on exactly one member. */
    @Test
    void everyTaskIsActiveOnExactlyOneMember() {
        forRandomGroups((group, answer) -> {
            assertEquals(ids(group), answer.keySet());
            Map<TaskId, Integer> owners = new TreeMap<>();
            answer.values().forEach(a -> a.active().forEach(task -> owners.merge(task, 1, Integer::sum)));
            assertEquals(tasks(group), owners.keySet());
            owners.forEach((task, count) -> assertEquals(1, count, task::toString));
        });
    }

    /**
     * A process holds at most one copy of a task, so a standby is never on the process that runs the task; standbys
     * are only of stateful tasks, and each gets num.standby.replicas of them, fewer only when there are not that many
     * other processes (Kafka then warns that the capacity is not enough).
     */
    @Test
    void standbysAreOfStatefulTasksOnOtherProcessesAndAsManyAsConfigured() {
        forRandomGroups((group, answer) -> {
            Map<String, String> processOf = new HashMap<>();
            group.members().forEach(m -> processOf.put(m.memberId(), m.processId()));
            Map<TaskId, List<String>> copies = new TreeMap<>();
            Map<TaskId, Integer> standbys = new TreeMap<>();
            answer.forEach((memberId, a) -> {
                a.active().forEach(task -> copies.computeIfAbsent(task, t -> new ArrayList<>())
                        .add(processOf.get(memberId)));
                a.standby().forEach(task -> {
                    copies.computeIfAbsent(task, t -> new ArrayList<>()).add(processOf.get(memberId));
                    standbys.merge(task, 1, Integer::sum);
                    assertTrue(group.stateful().contains(task.subtopology()), task + " is stateless");
                });
            });
            copies.forEach((task, processes) -> assertEquals(new HashSet<>(processes).size(), processes.size(),
                    () -> task + " twice on a process: " + processes));
            int expected = Math.min(group.standbys(), new HashSet<>(processOf.values()).size() - 1);
            for (TaskId task : tasks(group)) {
                int count = standbys.getOrDefault(task, 0);
                assertEquals(group.stateful().contains(task.subtopology()) ? expected : 0, count, task::toString);
            }
        });
    }

    /** A balanced group that has not changed keeps its assignment, standbys included. */
    @Test
    void anUnchangedBalancedGroupKeepsItsAssignment() {
        // Subtopology 0 is stateful, 1 stateless; 18 tasks with the standbys, 6 on each member.
        List<Member> members = List.of(
                member("member-a", "pod-a", "0_0 0_1 1_0 1_1", "0_2 0_4"),
                member("member-b", "pod-b", "0_2 0_3 1_2 1_3", "0_0 0_5"),
                member("member-c", "pod-c", "0_4 0_5 1_4 1_5", "0_1 0_3"));
        SortedMap<String, Assignment> answer = StreamsGroupTaskAssignor.assign(members, counts(6, 6), Set.of(0), 1);
        for (Member m : members) {
            assertEquals(new Assignment(m.active(), m.standby()), answer.get(m.memberId()), m.memberId());
        }
    }

    /** Random balanced groups without standbys (active counts differing by at most one) keep their assignment. */
    @Test
    void balancedActiveAssignmentsAreKept() {
        SplittableRandom random = new SplittableRandom(848);
        for (int round = 0; round < 100; round++) {
            int memberCount = 1 + random.nextInt(8);
            SortedMap<Integer, Integer> counts = counts(1 + random.nextInt(12), 1 + random.nextInt(12));
            List<List<String>> dealt = new ArrayList<>();
            for (int m = 0; m < memberCount; m++) {
                dealt.add(new ArrayList<>());
            }
            int next = random.nextInt(memberCount);
            for (int s : counts.keySet()) {
                for (int p = 0; p < counts.get(s); p++) {
                    dealt.get(next++ % memberCount).add(s + "_" + p);
                }
            }
            List<Member> members = new ArrayList<>();
            for (int m = 0; m < memberCount; m++) {
                members.add(member("member-" + Long.toHexString(random.nextLong()), "pod-" + random.nextInt(3),
                        String.join(" ", dealt.get(m)), ""));
            }
            SortedMap<String, Assignment> answer = StreamsGroupTaskAssignor.assign(members, counts, Set.of(0), 0);
            for (Member m : members) {
                assertEquals(m.active(), answer.get(m.memberId()).active(), "round " + round + ", " + m);
            }
        }
    }

    /**
     * A third member joins two that run 6 tasks each: the balance is 4 each, so 4 tasks move (2 from each, as each
     * old member keeps its quota of 4 of its own) to the new member, and the other 8 stay where they were.
     */
    @Test
    void aJoiningMemberTakesOnlyWhatBalanceNeeds() {
        Member a = member("member-a", "pod-a", "0_0 0_1 0_2 0_3 0_4 0_5", "");
        Member b = member("member-b", "pod-b", "0_6 0_7 0_8 0_9 0_10 0_11", "");
        Member c = member("member-c", "pod-c", "", "");
        SortedMap<String, Assignment> answer =
                StreamsGroupTaskAssignor.assign(List.of(a, b, c), counts(12), Set.of(), 0);
        for (Member old : List.of(a, b)) {
            SortedSet<TaskId> kept = answer.get(old.memberId()).active();
            assertEquals(4, kept.size(), old.memberId() + " got " + kept);
            assertTrue(old.active().containsAll(kept), old.memberId() + " got " + kept + " of " + old.active());
        }
        assertEquals(4, answer.get("member-c").active().size(), answer.toString());
    }

    /**
     * A task without an active owner goes to a member that has its state, here known only from the reported task
     * offsets: each of the two orphaned tasks goes to the member holding its state.
     */
    @Test
    void anOrphanedTaskFollowsItsReportedState() {
        Member a = new Member("member-a", null, "pod-a", new TreeSet<>(), new TreeSet<>(), new TreeSet<>(),
                new TreeMap<>(Map.of(new TaskId(0, 1), 500L)));
        Member b = new Member("member-b", null, "pod-b", new TreeSet<>(), new TreeSet<>(), new TreeSet<>(),
                new TreeMap<>(Map.of(new TaskId(0, 0), 500L)));
        SortedMap<String, Assignment> answer = StreamsGroupTaskAssignor.assign(List.of(a, b), counts(2), Set.of(0), 0);
        assertEquals(tasks("0_1"), answer.get("member-a").active());
        assertEquals(tasks("0_0"), answer.get("member-b").active());
    }

    @Test
    void anEmptyGroupGetsNothingAndBadInputIsRefused() {
        assertTrue(StreamsGroupTaskAssignor.assign(List.of(), counts(3), Set.of(0), 1).isEmpty());
        Member a = member("member-a", "pod-a", "", "");
        assertThrows(IllegalArgumentException.class,
                () -> StreamsGroupTaskAssignor.assign(List.of(a, a), counts(3), Set.of(), 0));
        assertThrows(IllegalArgumentException.class,
                () -> StreamsGroupTaskAssignor.assign(List.of(a), counts(3), Set.of(1), 0));
        assertThrows(IllegalArgumentException.class,
                () -> StreamsGroupTaskAssignor.assign(List.of(a), counts(3), Set.of(), -1));
        assertFalse(StreamsGroupTaskAssignor.assign(List.of(a), counts(3), Set.of(), 0).get("member-a")
                .active().isEmpty());
    }

    private static void forRandomGroups(BiConsumer<Group, SortedMap<String, Assignment>> check) {
        SplittableRandom random = new SplittableRandom(4400);
        for (int round = 0; round < GROUPS; round++) {
            Group group = Group.draw(random);
            SortedMap<String, Assignment> answer = group.assign();
            try {
                check.accept(group, answer);
            } catch (AssertionError e) {
                throw new AssertionError(String.format(Locale.ROOT, "group %d: %s -> %s", round, group, answer), e);
            }
        }
    }

    private static Member member(String memberId, String processId, String active, String standby) {
        return new Member(memberId, null, processId, tasks(active), tasks(standby), new TreeSet<>());
    }

    /** Tasks written as Kafka prints them, "0_1 1_2". */
    private static SortedSet<TaskId> tasks(String tasks) {
        SortedSet<TaskId> parsed = new TreeSet<>();
        for (String task : tasks.split(" ")) {
            if (!task.isEmpty()) {
                parsed.add(TaskId.parse(task));
            }
        }
        return parsed;
    }

    /** Subtopologies 0, 1, ... with these task counts. */
    private static SortedMap<Integer, Integer> counts(int... taskCounts) {
        SortedMap<Integer, Integer> counts = new TreeMap<>();
        for (int s = 0; s < taskCounts.length; s++) {
            counts.put(s, taskCounts[s]);
        }
        return counts;
    }

    private static Set<String> ids(Group group) {
        Set<String> ids = new TreeSet<>();
        group.members().forEach(m -> ids.add(m.memberId()));
        return ids;
    }

    private static Set<TaskId> tasks(Group group) {
        Set<TaskId> tasks = new TreeSet<>();
        group.taskCounts().forEach((s, count) -> {
            for (int p = 0; p < count; p++) {
                tasks.add(new TaskId(s, p));
            }
        });
        return tasks;
    }
}
