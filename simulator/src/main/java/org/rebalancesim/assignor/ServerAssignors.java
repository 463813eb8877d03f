package org.rebalancesim.assignor;

import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Collections;
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
import org.apache.kafka.coordinator.group.api.assignor.MemberAssignment;
import org.apache.kafka.coordinator.group.api.assignor.PartitionAssignorException;
import org.apache.kafka.coordinator.group.api.assignor.SubscribedTopicDescriber;
import org.apache.kafka.coordinator.group.assignor.RangeAssignor;
import org.apache.kafka.coordinator.group.assignor.UniformAssignor;
import org.rebalancesim.cluster.TopicPartition;

/**
 * Kafka's own server-side (KIP-848) assignors, {@code uniform} and {@code range}
 * (org.apache.kafka.coordinator.group.assignor, kafka-group-coordinator 4.4.0), run standalone. This
 * adapter only translates: topic names become deterministic topic ids, the members become Kafka's
 * {@link GroupSpec} ({@link ServerGroupSpec}), and Kafka's answer becomes sorted {@link TopicPartition}s.
 * The algorithms are Kafka's.
 *
 * <p>Iteration order (design habit 5): Kafka's TargetAssignmentBuilder hands the assignor a HashMap keyed
 * by random UUID member ids, so which member the uniform assignor visits first (and so which members get
 * the +1 partition) is arbitrary in Kafka. Here {@code memberIds()} is sorted by member id: deterministic
 * and explicit, one of the orders Kafka could produce (kafka-semantics §13).
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
     * Runs Kafka's {@code assignor} over {@code members}.
     *
     * @param partitionCounts the cluster metadata: partition count per topic
     * @return member id → assigned partitions (sorted); every member appears, possibly with none
     * @throws IllegalStateException when Kafka's assignor rejects the input (a model bug)
     */
    public static SortedMap<String, SortedSet<TopicPartition>> assign(ConsumerGroupPartitionAssignor assignor,
                                                                      Collection<Member> members,
                                                                      Map<String, Integer> partitionCounts) {
        SortedMap<String, SortedSet<TopicPartition>> result = new TreeMap<>();
        members.forEach(member -> result.put(member.memberId(), new TreeSet<>()));
        if (members.isEmpty()) {
            return result;
        }
        GroupAssignment assignment;
        try {
            assignment = assignor.assign(groupSpec(members, partitionCounts), topicDescriber(partitionCounts));
        } catch (PartitionAssignorException e) {
            throw new IllegalStateException("Kafka's '" + assignor.name() + "' assignor failed: " + e.getMessage(), e);
        }
        Map<Uuid, String> topicNames = ServerGroupSpec.topicNamesById(partitionCounts.keySet());
        for (Map.Entry<String, MemberAssignment> entry : assignment.members().entrySet()) {
            SortedSet<TopicPartition> partitions = result.get(entry.getKey());
            if (partitions == null) {
                throw new IllegalStateException("Kafka's assignor assigned to unknown member " + entry.getKey());
            }
            entry.getValue().partitions().forEach((topicId, ids) -> {
                String topic = topicNames.get(topicId);
                ids.forEach(id -> partitions.add(new TopicPartition(topic, id)));
            });
        }
        result.replaceAll((member, partitions) -> Collections.unmodifiableSortedSet(partitions));
        return Collections.unmodifiableSortedMap(result);
    }

    /** The GroupSpec Kafka's assignors get for these members (exposed for differential tests). */
    public static GroupSpec groupSpec(Collection<Member> members, Map<String, Integer> partitionCounts) {
        return new ServerGroupSpec(members, partitionCounts);
    }

    /** Kafka's view of the metadata: partition counts by topic id, -1 for an unknown topic, no racks. */
    public static SubscribedTopicDescriber topicDescriber(Map<String, Integer> partitionCounts) {
        Map<Uuid, Integer> counts = new TreeMap<>();
        partitionCounts.forEach((topic, count) -> counts.put(topicId(topic), count));
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
