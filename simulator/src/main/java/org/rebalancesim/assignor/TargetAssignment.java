package org.rebalancesim.assignor;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.coordinator.group.api.assignor.GroupAssignment;
import org.apache.kafka.coordinator.group.api.assignor.MemberAssignment;
import org.rebalancesim.partition.TopicPartition;

/**
 * A consumer group's target assignment in Kafka's form, as Kafka's coordinator keeps it between
 * computations (ConsumerGroup's target assignment and its inverted index): Kafka's assignor's answer,
 * stored as it is, each member's part wrapped in a {@link MemberTarget} that translates it once.
 *
 * <p>A member whose part the assignor returned unchanged keeps its {@link MemberTarget}, translations
 * included, so a computation costs the simulator work per changed member, not per partition. Which
 * partitions the target holds, by topic id (GroupSpec.isPartitionAssigned), is carried over from the
 * previous target with only the changed members' partitions updated, for as long as the assignor asks
 * (Kafka's range assignor never does: then it is not kept, and made afresh if an assignor asks again).
 *
 * <p>Changes after a computation, in place: a fenced member's target goes ({@link #remove}), a static
 * member's new incarnation takes the old one's ({@link #rename}).
 */
public final class TargetAssignment {

    private final TopicTable topics;
    /** Member id → its {@link MemberTarget} (declared as Kafka's type: the assignor's own map, kept). */
    private final Map<String, MemberAssignment> members;
    /** Partitions some member's target holds, by topic id; null when not kept. */
    private Map<Uuid, BitSet> assignedPartitions;

    private TargetAssignment(TopicTable topics, Map<String, MemberAssignment> members,
                             Map<Uuid, BitSet> assignedPartitions) {
        this.topics = topics;
        this.members = members;
        this.assignedPartitions = assignedPartitions;
    }

    /** A group's target before any computation: nobody has anything. */
    public static TargetAssignment empty(TopicTable topics) {
        return new TargetAssignment(topics, new HashMap<>(), new HashMap<>());
    }

    /** A target given in our types (tests, benchmarks, the calibration's starting points). */
    public static TargetAssignment of(Map<String, ? extends Collection<TopicPartition>> partitions, TopicTable topics) {
        Map<String, MemberAssignment> members = new HashMap<>();
        partitions.forEach((memberId, assigned) -> members.put(memberId, MemberTarget.of(assigned, topics)));
        return new TargetAssignment(topics, members, null);
    }

    /** The member's partitions in this target, sorted; none for a member the target does not know. */
    public SortedSet<TopicPartition> partitions(String memberId) {
        MemberTarget target = member(memberId);
        return target == null ? SortedPartitions.NONE : target.topicPartitions();
    }

    /** The same, as an unmodifiable list. */
    public List<TopicPartition> partitionList(String memberId) {
        MemberTarget target = member(memberId);
        return target == null ? List.of() : target.topicPartitions().asList();
    }

    public boolean contains(String memberId) {
        return members.containsKey(memberId);
    }

    /** The ids of the members the target has a part for, in no particular order. */
    public Set<String> memberIds() {
        return Collections.unmodifiableSet(members.keySet());
    }

    MemberTarget member(String memberId) {
        return (MemberTarget) members.get(memberId);
    }

    TopicTable topics() {
        return topics;
    }

    /** A fenced member's target goes; its partitions are no longer assigned. */
    public void remove(String memberId) {
        MemberTarget removed = (MemberTarget) members.remove(memberId);
        if (removed != null && assignedPartitions != null) {
            index(removed, false);
        }
    }

    /** A static member's new incarnation takes over the target of the old one. */
    public void rename(String oldMemberId, String newMemberId) {
        MemberAssignment target = members.remove(oldMemberId);
        if (target != null) {
            members.put(newMemberId, target);
        }
    }

    /**
     * This target fitted to members that changed since it was computed: each member's part goes to the
     * member {@code currentIds} maps it to, and is dropped where that is null.
     */
    public TargetAssignment forMembers(Map<String, String> currentIds) {
        Map<String, MemberAssignment> moved = new HashMap<>();
        TargetAssignment fitted = new TargetAssignment(topics, moved, null);
        currentIds.forEach((memberId, currentId) -> {
            MemberAssignment part = members.get(memberId);
            if (part != null && currentId != null) {
                moved.put(currentId, part);
            }
        });
        return fitted;
    }

    /**
     * The partitions some member's target holds, by topic id (GroupSpec.isPartitionAssigned; indexed on
     * first use if not carried over).
     */
    Map<Uuid, BitSet> assignedPartitions() {
        if (assignedPartitions == null) {
            assignedPartitions = new HashMap<>();
            members.values().forEach(target -> index((MemberTarget) target, true));
        }
        return assignedPartitions;
    }

    /** Sets or clears the member's partitions in the index; a partition in two members' targets is a bug. */
    private void index(MemberTarget target, boolean assigned) {
        // From our sorted partitions (made for every target anyway): an array walk, not a hash set's.
        String topic = null;
        BitSet bits = null;
        for (TopicPartition partition : target.topicPartitions()) {
            if (!partition.topic().equals(topic)) {
                topic = partition.topic();
                bits = assignedPartitions.computeIfAbsent(topics.id(topic), id -> new BitSet());
            }
            if (assigned && bits.get(partition.partition())) {
                throw new IllegalStateException("partition " + partition + " is in two members' targets");
            }
            bits.set(partition.partition(), assigned);
        }
    }

    /**
     * The target Kafka's {@code answer} makes of this one: every member of {@code memberIds} (whom the
     * assignor leaves out gets nothing), parts the assignor returned unchanged kept, the others wrapped and
     * translated to our partitions at once (the model needs them as soon as the target is current).
     *
     * @param readAssignments whether the assignor read the members' assignments: they will be wanted next
     *                        time too, so the changed ones are made ready now
     * @param readAssigned    whether it asked which partitions are assigned: the index is carried over
     * @throws IllegalStateException when the answer names a member that is not in {@code memberIds}
     */
    TargetAssignment next(GroupAssignment answer, Collection<String> memberIds, boolean readAssignments,
                          boolean readAssigned) {
        Map<String, MemberAssignment> parts = answer.members() instanceof HashMap<String, MemberAssignment> map
                ? map : new HashMap<>(answer.members());
        Changes changes = new Changes(readAssignments, readAssigned && assignedPartitions != null);
        parts.replaceAll((memberId, part) -> {
            MemberTarget previous = member(memberId);
            Map<Uuid, Set<Integer>> partitions = part.partitions();
            if (previous != null && previous.isUnchangedIn(partitions)) {
                changes.kept++;
                return previous;
            }
            if (previous == null && !memberIds.contains(memberId)) {
                throw new IllegalStateException("Kafka's assignor assigned to unknown member " + memberId);
            }
            return changes.add(previous, MemberTarget.fromKafka(partitions, topics));
        });
        if (parts.size() < memberIds.size()) {
            for (String memberId : memberIds) {
                if (!parts.containsKey(memberId)) {
                    MemberTarget nothing = MemberTarget.fromKafka(Collections.emptyMap(), topics);
                    parts.put(memberId, changes.add(member(memberId), nothing));
                }
            }
        }
        if (changes.kept + changes.replaced < members.size()) {
            // Only members of the computation have a target: the others' partitions are no longer assigned.
            members.forEach((memberId, target) -> {
                if (!parts.containsKey(memberId)) {
                    changes.add((MemberTarget) target, null);
                }
            });
        }
        TargetAssignment next = new TargetAssignment(topics, parts, null);
        if (changes.index) {
            next.assignedPartitions = new HashMap<>();
            assignedPartitions.forEach((topicId, bits) -> next.assignedPartitions.put(topicId, (BitSet) bits.clone()));
            changes.before.forEach(previous -> next.index(previous, false));
            changes.after.forEach(changed -> next.index(changed, true));
        }
        return next;
    }

    /**
     * The members' parts that changed: each new one translated at once, and made ready as the assignor's
     * next input if it reads those; the previous and new ones listed when the index is carried over.
     */
    private static final class Changes {
        final boolean forAssignor;
        final boolean index;
        final List<MemberTarget> before = new ArrayList<>();
        final List<MemberTarget> after = new ArrayList<>();
        /** Members whose previous part the assignor returned unchanged, and members whose part it replaced. */
        int kept;
        int replaced;

        Changes(boolean forAssignor, boolean index) {
            this.forAssignor = forAssignor;
            this.index = index;
        }

        MemberTarget add(MemberTarget previous, MemberTarget changed) {
            if (previous != null) {
                replaced++;
                if (index) {
                    before.add(previous);
                }
            }
            if (changed != null) {
                changed.topicPartitions();
                if (forAssignor) {
                    changed.partitions();
                }
                if (index) {
                    after.add(changed);
                }
            }
            return changed;
        }
    }
}
