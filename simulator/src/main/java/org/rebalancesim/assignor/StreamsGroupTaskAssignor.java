package org.rebalancesim.assignor;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.kafka.coordinator.group.api.streams.assignor.AssignmentConfigs;
import org.apache.kafka.coordinator.group.api.streams.assignor.GroupAssignment;
import org.apache.kafka.coordinator.group.api.streams.assignor.MemberAssignment;
import org.apache.kafka.coordinator.group.api.streams.assignor.TaskAssignorException;
import org.apache.kafka.coordinator.group.streams.assignor.AssignmentConfigsImpl;
import org.apache.kafka.coordinator.group.streams.assignor.GroupSpecImpl;
import org.apache.kafka.coordinator.group.streams.assignor.MemberMetadataAndStateImpl;
import org.apache.kafka.coordinator.group.streams.assignor.StickyTaskAssignor;
import org.rebalancesim.partition.TaskId;

/**
 * Kafka 4.4.0's streams-group (KIP-1071) task assignor, StickyTaskAssignor, driven standalone: the one a broker
 * runs for {@code group.streams.assignors} = sticky (docs/kafka-semantics.md §19). Its input is built as 4.4.0's
 * streams TargetAssignmentBuilder builds it, which differs from older Kafka source:
 * <ul>
 *   <li>one MemberMetadataAndStateImpl per member: instance id, rack (none in the model), process id, client tags
 *       (none), the member's assigned tasks (StreamsGroupMember#assignedTasks: the active ones without their epochs,
 *       the standbys, the warm-ups) and the task offsets and end offsets it last reported in a heartbeat;</li>
 *   <li>a GroupSpecImpl over them, with AssignmentConfigsImpl#fromMap of num.standby.replicas alone (no
 *       rack.aware.assignment.tags);</li>
 *   <li>the topology as Kafka's TopologyMetadata describes it ({@link StreamsGroupTopology}).</li>
 * </ul>
 * Of that the 4.4.0 assignor reads only the member and process ids, the active and standby tasks, the task offsets
 * and num.standby.replicas. The offsets matter: a member reporting one for a task it is not standby for is a
 * candidate for the task's state too, ranked after the standbys, highest offset first; an active task its previous
 * owner cannot keep, and a standby its previous active owner cannot take, go to the least loaded candidate. End
 * offsets are not read, so none are passed.
 *
 * <p>Iteration order (docs/kafka-semantics.md §13): Kafka hands the assignor a HashMap keyed by random member ids,
 * and the assignor breaks ties between equally ranked candidates in member order; here the members are in member id
 * order, one of the orders Kafka could produce. The per-member maps the assignor also iterates are copied by
 * MemberMetadataAndStateImpl into Set.copyOf and unmodifiable maps, whose order changes from one JVM run to the next,
 * but it only fills lookup tables from them, so the same input gives the same answer on every JVM.
 */
public final class StreamsGroupTaskAssignor {

    private static final Assignment NOTHING = new Assignment(new TreeSet<>(), new TreeSet<>());

    private StreamsGroupTaskAssignor() {
    }

    /**
     * One member as the group coordinator hands it to the assignor: its current (target) tasks. Kafka 4.4.0 passes
     * the member's current assignment (StreamsGroupMember#assignedTasks), which is its target once it has
     * reconciled. Warm-ups are always empty in 4.4.0 (docs/kafka-semantics.md §19) and the assignor ignores them;
     * they are passed on as Kafka passes them.
     *
     * @param instanceId  group.instance.id, null when dynamic
     * @param processId   the Streams process (KafkaStreams instance) the member belongs to
     * @param taskOffsets the changelog offset sum per task the member last reported (the heartbeat's TaskOffsets);
     *                    empty when it reported none
     */
    public record Member(String memberId, String instanceId, String processId, SortedSet<TaskId> active,
                         SortedSet<TaskId> standby, SortedSet<TaskId> warmup, SortedMap<TaskId, Long> taskOffsets) {
        public Member {
            if (memberId == null || processId == null) {
                throw new IllegalArgumentException("a streams-group member needs a member id and a process id");
            }
            active = Collections.unmodifiableSortedSet(new TreeSet<>(active));
            standby = Collections.unmodifiableSortedSet(new TreeSet<>(standby));
            warmup = Collections.unmodifiableSortedSet(new TreeSet<>(warmup));
            taskOffsets = Collections.unmodifiableSortedMap(new TreeMap<>(taskOffsets));
        }

        /** A member that reported no task offsets. */
        public Member(String memberId, String instanceId, String processId, SortedSet<TaskId> active,
                      SortedSet<TaskId> standby, SortedSet<TaskId> warmup) {
            this(memberId, instanceId, processId, active, standby, warmup, Collections.emptySortedMap());
        }
    }

    /** What the assignor gives one member (StickyTaskAssignor gives no warm-ups). */
    public record Assignment(SortedSet<TaskId> active, SortedSet<TaskId> standby) {
        public Assignment {
            active = Collections.unmodifiableSortedSet(new TreeSet<>(active));
            standby = Collections.unmodifiableSortedSet(new TreeSet<>(standby));
        }
    }

    /**
     * @param members            every member, any order
     * @param taskCounts         per subtopology id (0, 1, ...) its number of tasks (max input partitions)
     * @param stateful           the subtopology ids that have state (standbys are only for their tasks)
     * @param numStandbyReplicas group.streams.num.standby.replicas
     * @return every member id (sorted) -> its assignment (empty sets for a member given nothing)
     * @throws AssignorException when Kafka's assignor fails (a model bug: Kafka's coordinator turns it into an
     *                           UNKNOWN_SERVER_ERROR)
     */
    public static SortedMap<String, Assignment> assign(Collection<Member> members,
                                                       SortedMap<Integer, Integer> taskCounts, Set<Integer> stateful,
                                                       int numStandbyReplicas) {
        if (numStandbyReplicas < 0) {
            throw new IllegalArgumentException("num.standby.replicas must be at least 0: " + numStandbyReplicas);
        }
        StreamsGroupTopology topology = new StreamsGroupTopology(taskCounts, stateful);
        SortedMap<String, Member> byId = new TreeMap<>();
        for (Member member : members) {
            if (byId.put(member.memberId(), member) != null) {
                throw new IllegalArgumentException("member " + member.memberId() + " appears twice");
            }
        }
        SortedMap<String, Assignment> result = new TreeMap<>();
        if (byId.isEmpty()) {
            // An empty group has nothing to assign to; Kafka's assignor would fail on its first task.
            return Collections.unmodifiableSortedMap(result);
        }
        Map<String, MemberMetadataAndStateImpl> specs = new LinkedHashMap<>();
        byId.forEach((memberId, member) -> specs.put(memberId, kafka(member)));
        // As GroupMetadataManager#streamsGroupAssignmentConfigs and TargetAssignmentBuilder build it.
        AssignmentConfigs configs = AssignmentConfigsImpl.fromMap(
                Map.of(AssignmentConfigsImpl.NUM_STANDBY_REPLICAS_CONFIG, Integer.toString(numStandbyReplicas)));
        GroupAssignment answer;
        try {
            answer = new StickyTaskAssignor().assign(new GroupSpecImpl(specs, configs), topology);
        } catch (TaskAssignorException e) {
            throw new AssignorException("Kafka's streams-group assignor 'sticky' failed: " + e.getMessage(), false, e);
        }
        for (String memberId : byId.keySet()) {
            MemberAssignment given = answer.members().get(memberId);
            result.put(memberId, given == null ? NOTHING
                    : new Assignment(ours(given.activeTasks(), topology), ours(given.standbyTasks(), topology)));
        }
        return Collections.unmodifiableSortedMap(result);
    }

    /** TargetAssignmentBuilder#createMemberMetadataAndState for {@code member}. */
    private static MemberMetadataAndStateImpl kafka(Member member) {
        Map<String, Map<Integer, Long>> offsets = new LinkedHashMap<>();
        member.taskOffsets().forEach((task, offset) -> offsets.computeIfAbsent(
                StreamsGroupTopology.subtopologyId(task.subtopology()), s -> new LinkedHashMap<>())
                .put(task.partition(), offset));
        return new MemberMetadataAndStateImpl(Optional.ofNullable(member.instanceId()), Optional.empty(),
                member.processId(), Map.of(), kafka(member.active()), kafka(member.standby()), kafka(member.warmup()),
                offsets, Map.of());
    }

    /** Tasks in Kafka's form: subtopology id → partitions, both in order. */
    private static Map<String, Set<Integer>> kafka(SortedSet<TaskId> tasks) {
        Map<String, Set<Integer>> bySubtopology = new LinkedHashMap<>();
        for (TaskId task : tasks) {
            bySubtopology.computeIfAbsent(StreamsGroupTopology.subtopologyId(task.subtopology()),
                    s -> new LinkedHashSet<>()).add(task.partition());
        }
        return bySubtopology;
    }

    private static SortedSet<TaskId> ours(Map<String, Set<Integer>> tasks, StreamsGroupTopology topology) {
        SortedSet<TaskId> ours = new TreeSet<>();
        tasks.forEach((subtopologyId, partitions) -> {
            int subtopology = topology.subtopology(subtopologyId);
            partitions.forEach(partition -> ours.add(new TaskId(subtopology, partition)));
        });
        return ours;
    }
}
