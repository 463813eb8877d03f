package org.rebalancesim.assignor;

import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.coordinator.group.api.assignor.ConsumerGroupPartitionAssignor;
import org.apache.kafka.coordinator.group.api.assignor.GroupAssignment;
import org.apache.kafka.coordinator.group.api.assignor.GroupSpec;
import org.apache.kafka.coordinator.group.api.assignor.PartitionAssignorException;
import org.apache.kafka.coordinator.group.api.assignor.SubscribedTopicDescriber;
import org.apache.kafka.coordinator.group.assignor.RangeAssignor;
import org.apache.kafka.coordinator.group.assignor.UniformAssignor;
import org.rebalancesim.partition.TopicPartition;

/**
 * Kafka's own server-side (KIP-848) assignors, {@code uniform} and {@code range}
 * (org.apache.kafka.coordinator.group.assignor, kafka-group-coordinator 4.4.0), run standalone. The group
 * is kept in Kafka's form between computations, as Kafka's coordinator keeps it: the members as Kafka's
 * {@link GroupSpec} ({@link ServerGroupSpec}, topic names as deterministic topic ids), the target as the
 * assignor returned it ({@link TargetAssignment}); our {@link TopicPartition}s are made once per changed
 * member. The algorithms are Kafka's.
 *
 * <p>Iteration order (docs/ARCHITECTURE.md, habit 5): Kafka's TargetAssignmentBuilder hands the assignor a HashMap keyed
 * by random UUID member ids, so which member the uniform assignor visits first (and so which members get
 * the +1 partition) is arbitrary in Kafka. Here {@code memberIds()} is sorted by member id: deterministic
 * and explicit, one of the orders Kafka could produce (docs/kafka-semantics.md §13).
 */
public final class ServerAssignors {

    /** group.consumer.assignors names (UniformAssignor.NAME, RangeAssignor.NAME). */
    public static final String UNIFORM = "uniform";
    public static final String RANGE = "range";
    public static final List<String> NAMES = List.of(UNIFORM, RANGE);

    private ServerAssignors() {
    }

    public static boolean isKnown(String name) {
        return NAMES.contains(name);
    }

    /** A new instance of Kafka's assignor called {@code name}; the instances hold no state between runs. */
    public static ConsumerGroupPartitionAssignor create(String name) {
        ConsumerGroupPartitionAssignor assignor = switch (name) {
            case UNIFORM -> new UniformAssignor();
            case RANGE -> new RangeAssignor();
            default -> throw new IllegalArgumentException("unknown server assignor '" + name + "'; known: " + NAMES);
        };
        if (!assignor.name().equals(name)) {
            throw new IllegalStateException("Kafka's assignor for '" + name + "' calls itself '" + assignor.name() + "'");
        }
        return assignor;
    }

    /**
     * One member as the assignor sees it.
     *
     * @param instanceId     group.instance.id, or null
     * @param topics         the subscribed topic names; those missing from the metadata are left out of
     *                       the member's subscribed topic ids, as Kafka's TopicIds does
     * @param previousTarget the member's current target assignment: the assignor's stickiness input
     */
    public record Member(String memberId, String instanceId, Set<String> topics, Set<TopicPartition> previousTarget) {
        public Member {
            topics = Collections.unmodifiableSortedSet(new TreeSet<>(topics));
            previousTarget = Collections.unmodifiableSortedSet(new TreeSet<>(previousTarget));
        }
    }

    /**
     * One computation of the group's target, as the coordinator runs it: Kafka's {@code assignor} over the
     * group as {@code group} holds it now, against the metadata {@code partitionCounts}. The group's current
     * target is the assignor's input and stays as it is; the new one is returned (and the group installs it
     * with {@link ServerGroupSpec#setTarget} when it becomes current).
     *
     * @return every member's target; members of an empty group get an empty target without the assignor
     * @throws IllegalStateException when Kafka's assignor rejects the input (a model bug)
     */
    public static TargetAssignment assign(ConsumerGroupPartitionAssignor assignor, ServerGroupSpec group,
                                          Map<String, Integer> partitionCounts) {
        if (group.memberIds().isEmpty()) {
            return group.emptyTarget();
        }
        group.prepare(partitionCounts);
        GroupAssignment answer;
        try {
            answer = assignor.assign(group, group.describer());
        } catch (PartitionAssignorException e) {
            throw new IllegalStateException("Kafka's '" + assignor.name() + "' assignor failed: " + e.getMessage(), e);
        }
        return group.target().next(answer, group.memberIds(), group.readAssignments(), group.readAssigned());
    }

    /**
     * Runs Kafka's {@code assignor} once over {@code members} given in our types (tests and the calibration).
     *
     * @param partitionCounts the cluster metadata: partition count per topic
     * @return member id → assigned partitions (sorted); every member appears, possibly with none
     */
    public static SortedMap<String, SortedSet<TopicPartition>> assign(ConsumerGroupPartitionAssignor assignor,
                                                                      Collection<Member> members,
                                                                      Map<String, Integer> partitionCounts) {
        TargetAssignment target = assign(assignor, ServerGroupSpec.of(members), partitionCounts);
        SortedMap<String, SortedSet<TopicPartition>> result = new TreeMap<>();
        members.forEach(member -> result.put(member.memberId(), target.partitions(member.memberId())));
        return Collections.unmodifiableSortedMap(result);
    }

    /** The group of {@code members}, given in our types, as Kafka's assignors see it against {@code partitionCounts}. */
    public static ServerGroupSpec groupSpec(Collection<Member> members, Map<String, Integer> partitionCounts) {
        ServerGroupSpec spec = ServerGroupSpec.of(members);
        spec.prepare(partitionCounts);
        return spec;
    }

    /** Kafka's view of the metadata: partition counts by topic id, -1 for an unknown topic, no racks. */
    public static SubscribedTopicDescriber topicDescriber(Map<String, Integer> partitionCounts) {
        return topicDescriber(new TopicTable(), partitionCounts);
    }

    static SubscribedTopicDescriber topicDescriber(TopicTable topics, Map<String, Integer> partitionCounts) {
        Map<Uuid, Integer> counts = new HashMap<>();
        partitionCounts.forEach((topic, count) -> counts.put(topics.id(topic), count));
        return new SubscribedTopicDescriber() {
            @Override
            public int numPartitions(Uuid topicId) {
                return counts.getOrDefault(topicId, -1);
            }

            @Override
            public Set<String> racksForPartition(Uuid topicId, int partition) {
                return Set.of();
            }
        };
    }

    /**
     * The topic id of {@code topic}: a name-based (MD5, RFC 4122 version 3) UUID of the topic name, so the
     * same name always gets the same id (Kafka draws a random id when the topic is created).
     */
    public static Uuid topicId(String topic) {
        UUID uuid = UUID.nameUUIDFromBytes(("topic:" + topic).getBytes(StandardCharsets.UTF_8));
        Uuid id = new Uuid(uuid.getMostSignificantBits(), uuid.getLeastSignificantBits());
        if (Uuid.RESERVED.contains(id)) {
            throw new IllegalStateException("topic '" + topic + "' hashes to a reserved Kafka topic id " + id);
        }
        return id;
    }
}
