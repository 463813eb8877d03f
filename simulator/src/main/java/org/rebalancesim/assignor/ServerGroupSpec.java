package org.rebalancesim.assignor;

import java.util.BitSet;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.coordinator.group.api.assignor.GroupSpec;
import org.apache.kafka.coordinator.group.api.assignor.MemberAssignment;
import org.apache.kafka.coordinator.group.api.assignor.MemberSubscription;
import org.apache.kafka.coordinator.group.api.assignor.SubscribedTopicDescriber;
import org.apache.kafka.coordinator.group.api.assignor.SubscriptionType;
import org.rebalancesim.partition.TopicPartition;

/**
 * Kafka's {@link GroupSpec} over one consumer group, kept up to date as the group changes rather than built
 * for every computation: Kafka's ConsumerGroup likewise keeps the subscriptions, the target assignment and
 * its inverted index between computations, and TargetAssignmentBuilder hands them to GroupSpecImpl as they
 * are (group-coordinator modern/GroupSpecImpl.java, TargetAssignmentBuilder.java). What the assignor sees:
 * <ul>
 *   <li>members keyed by member id, iterated in sorted order (Kafka: a HashMap; docs/kafka-semantics.md §13);</li>
 *   <li>each member's subscribed topic ids: its topics that exist in the metadata (Kafka's TopicIds);</li>
 *   <li>each member's assignment: its current target ({@link MemberTarget#partitions()}), immutable maps as
 *       Kafka's uniform assignor requires; only partitions the metadata has;</li>
 *   <li>HOMOGENEOUS when every member subscribes to the same topic names (ConsumerGroup.subscriptionType);</li>
 *   <li>isPartitionAssigned from the current target (Kafka: the inverted target assignment); every partition
 *       is assignable (only share groups restrict it).</li>
 * </ul>
 * It notes whether the assignor read the assignments or the assigned partitions, so that the next target
 * keeps them ready only for assignors that use them ({@link TargetAssignment#next}).
 */
public final class ServerGroupSpec implements GroupSpec {

    /** A member without a target: an empty immutable map, as Kafka's uniform assignor requires. */
    private static final MemberAssignment NOTHING = () -> Collections.unmodifiableMap(new HashMap<>());

    private final TopicTable topics = new TopicTable();
    private final SortedMap<String, Subscription> members = new TreeMap<>();
    private final Set<String> memberIds = Collections.unmodifiableSet(members.keySet());
    /** The same members by id, for the assignor's lookups. */
    private final Map<String, Subscription> byId = new HashMap<>();
    /** How many members subscribe to each distinct set of topic names. */
    private final Map<Set<String>, Integer> subscriptions = new HashMap<>();
    private TargetAssignment target = TargetAssignment.empty(topics);
    /** The metadata of the coming or last computation. */
    private Map<String, Integer> partitionCounts = Map.of();
    private SubscribedTopicDescriber describer = ServerAssignors.topicDescriber(topics, Map.of());
    private boolean readAssignments;
    private boolean readAssigned;
    /** Per computation, on first use: the assigned partitions the assignor sees (see {@link #assigned()}). */
    private Map<Uuid, BitSet> assigned;
    /** Per computation, with {@link #assigned}: null when every assigned partition exists in the metadata. */
    private Map<String, Integer> shrunkMetadata;

    /** The spec of a group given in our types (tests, benchmarks, calibration). */
    static ServerGroupSpec of(Collection<ServerAssignors.Member> members) {
        ServerGroupSpec spec = new ServerGroupSpec();
        Map<String, Set<org.rebalancesim.partition.TopicPartition>> targets = new HashMap<>();
        for (ServerAssignors.Member member : members) {
            if (spec.byId.containsKey(member.memberId())) {
                throw new IllegalArgumentException("member " + member.memberId() + " appears twice");
            }
            spec.putMember(member.memberId(), member.instanceId(), member.topics());
            targets.put(member.memberId(), member.previousTarget());
        }
        spec.target = TargetAssignment.of(targets, spec.topics);
        return spec;
    }

    /** One member's subscription (Kafka's MemberSubscriptionAndAssignmentImpl, less the assignment). */
    private static final class Subscription implements MemberSubscription {
        final Optional<String> instanceId;
        final Set<String> topicNames;
        Set<Uuid> topicIds;

        Subscription(String instanceId, Set<String> topicNames) {
            this.instanceId = Optional.ofNullable(instanceId);
            this.topicNames = topicNames;
        }

        @Override
        public Optional<String> instanceId() {
            return instanceId;
        }

        @Override
        public Optional<String> rackId() {
            return Optional.empty();
        }

        @Override
        public Set<Uuid> subscribedTopicIds() {
            return topicIds;
        }
    }

    /** A member joined, or changed its subscription or instance id. */
    public void putMember(String memberId, String instanceId, Set<String> topicNames) {
        Subscription before = byId.get(memberId);
        if (before != null && before.topicNames.equals(topicNames)
                && Objects.equals(before.instanceId.orElse(null), instanceId)) {
            return;
        }
        if (before != null) {
            uncount(before.topicNames);
        }
        Subscription subscription = new Subscription(instanceId,
                Collections.unmodifiableSortedSet(new TreeSet<>(topicNames)));
        subscription.topicIds = existingTopicIds(subscription.topicNames);
        members.put(memberId, subscription);
        byId.put(memberId, subscription);
        subscriptions.merge(subscription.topicNames, 1, Integer::sum);
    }

    /** A member left: its subscription goes (its target stays until {@link TargetAssignment#remove}). */
    public void removeMember(String memberId) {
        Subscription removed = byId.remove(memberId);
        if (removed != null) {
            members.remove(memberId);
            uncount(removed.topicNames);
        }
    }

    private void uncount(Set<String> topicNames) {
        subscriptions.computeIfPresent(topicNames, (names, count) -> count == 1 ? null : count - 1);
    }

    /** The group's current target: the assignor's input, and what the group hands out. */
    public TargetAssignment target() {
        return target;
    }

    public void setTarget(TargetAssignment target) {
        if (target.topics() != topics) {
            throw new IllegalArgumentException("a target of another group");
        }
        this.target = target;
    }

    /** A target of this group made of the given parts (a classic group's last assignment, at its conversion). */
    public TargetAssignment targetOf(Map<String, ? extends Collection<TopicPartition>> parts) {
        return TargetAssignment.of(parts, topics);
    }

    /** A target with nothing for anybody, for this group. */
    public TargetAssignment emptyTarget() {
        return TargetAssignment.empty(topics);
    }

    /** Before a computation: the metadata it runs against (partition count per topic name). */
    void prepare(Map<String, Integer> metadata) {
        if (!metadata.equals(partitionCounts)) {
            boolean sameTopics = metadata.keySet().equals(partitionCounts.keySet());
            partitionCounts = Map.copyOf(metadata);
            describer = ServerAssignors.topicDescriber(topics, partitionCounts);
            if (!sameTopics) {
                byId.values().forEach(member -> member.topicIds = existingTopicIds(member.topicNames));
            }
        }
        readAssignments = false;
        readAssigned = false;
        assigned = null;
        shrunkMetadata = null;
    }

    SubscribedTopicDescriber describer() {
        return describer;
    }

    boolean readAssignments() {
        return readAssignments;
    }

    boolean readAssigned() {
        return readAssigned;
    }

    /** The member's topics that exist in the metadata, as ids, in name order. */
    private Set<Uuid> existingTopicIds(Set<String> topicNames) {
        Set<Uuid> ids = new LinkedHashSet<>();
        for (String topic : topicNames) {
            if (partitionCounts.containsKey(topic)) {
                ids.add(topics.id(topic));
            }
        }
        return Collections.unmodifiableSet(ids);
    }

    @Override
    public Collection<String> memberIds() {
        return memberIds;
    }

    @Override
    public SubscriptionType subscriptionType() {
        return subscriptions.size() <= 1 ? SubscriptionType.HOMOGENEOUS : SubscriptionType.HETEROGENEOUS;
    }

    @Override
    public boolean isPartitionAssigned(Uuid topicId, int partitionId) {
        BitSet partitions = (assigned != null ? assigned : assigned()).get(topicId);
        return partitions != null && partitionId >= 0 && partitions.get(partitionId);
    }

    @Override
    public boolean isPartitionAssignable(Uuid topicId, int partitionId) {
        return true;
    }

    @Override
    public MemberSubscription memberSubscription(String memberId) {
        Subscription subscription = byId.get(memberId);
        if (subscription == null) {
            throw new IllegalArgumentException("Member Id " + memberId + " not found.");
        }
        return subscription;
    }

    @Override
    public MemberAssignment memberAssignment(String memberId) {
        readAssignments = true;
        if (assigned == null) {
            assigned();
        }
        MemberTarget assignment = target.member(memberId);
        if (assignment == null) {
            return byId.containsKey(memberId) ? NOTHING : Collections::emptyMap;
        }
        if (shrunkMetadata != null) {
            Map<Uuid, Set<Integer>> withinMetadata = assignment.partitionsWithin(shrunkMetadata);
            return () -> withinMetadata;
        }
        return assignment;
    }

    /**
     * The first time in a computation the assignor reads the target: the assigned partitions, and whether the
     * target holds partitions the metadata lacks (a topic gone or shrunk). Then the assignor gets only those
     * that exist, as Kafka's assignors require. The index is wanted by this check whenever the assignor reads
     * the target, so it is carried over to the next target ({@link #readAssigned}).
     */
    private Map<Uuid, BitSet> assigned() {
        readAssigned = true;
        assigned = target.assignedPartitions();
        boolean within = true;
        for (Map.Entry<Uuid, BitSet> topic : assigned.entrySet()) {
            int count = describer.numPartitions(topic.getKey());
            within &= topic.getValue().isEmpty() || (count >= 0 && topic.getValue().length() <= count);
        }
        if (!within) {
            Map<Uuid, BitSet> withinMetadata = new HashMap<>();
            assigned.forEach((topicId, partitions) -> {
                int count = describer.numPartitions(topicId);
                if (count > 0) {
                    withinMetadata.put(topicId, partitions.get(0, count));
                }
            });
            shrunkMetadata = partitionCounts;
            assigned = withinMetadata;
        }
        return assigned;
    }
}
