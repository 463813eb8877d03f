package org.rebalancesim.assignor;

import java.util.BitSet;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.coordinator.group.api.assignor.GroupSpec;
import org.apache.kafka.coordinator.group.api.assignor.MemberAssignment;
import org.apache.kafka.coordinator.group.api.assignor.MemberSubscription;
import org.apache.kafka.coordinator.group.api.assignor.SubscriptionType;
import org.rebalancesim.cluster.TopicPartition;

/**
 * Kafka's {@link GroupSpec} for {@link ServerAssignors}, built the way Kafka's GroupSpecImpl and
 * TargetAssignmentBuilder build it (group-coordinator modern/GroupSpecImpl.java, TargetAssignmentBuilder.java):
 * <ul>
 *   <li>members keyed by member id, iterated in sorted order (Kafka: a HashMap);</li>
 *   <li>each member's subscribed topic ids: its topics that exist in the metadata (Kafka's TopicIds);</li>
 *   <li>each member's assignment: its previous target assignment, as unmodifiable maps, which Kafka's
 *       uniform assignor requires ("The assignor expect an immutable map");</li>
 *   <li>HOMOGENEOUS when every member subscribes to the same topic names (ConsumerGroup.subscriptionType);</li>
 *   <li>isPartitionAssigned from the members' previous targets (Kafka: the inverted target assignment);
 *       every partition is assignable (only share groups restrict it).</li>
 * </ul>
 */
final class ServerGroupSpec implements GroupSpec {

    private final Map<String, MemberSpec> members;
    private final SubscriptionType subscriptionType;
    /** Partitions some member's previous target holds, by topic id (a bit per partition). */
    private final Map<Uuid, BitSet> assignedPartitions = new HashMap<>();

    ServerGroupSpec(Collection<ServerAssignors.Member> members, Map<String, Integer> partitionCounts) {
        // A topic id is an MD5 of the name: computed once per topic here, not once per partition.
        Map<String, Uuid> topicIds = new HashMap<>();
        partitionCounts.keySet().forEach(topic -> topicIds.put(topic, ServerAssignors.topicId(topic)));
        Map<String, MemberSpec> specs = new TreeMap<>();
        for (ServerAssignors.Member member : members) {
            MemberSpec spec = memberSpec(member, partitionCounts, topicIds);
            if (specs.put(member.memberId(), spec) != null) {
                throw new IllegalArgumentException("member " + member.memberId() + " appears twice");
            }
            spec.partitions().forEach((topicId, ids) -> {
                BitSet assigned = assignedPartitions.computeIfAbsent(topicId, id -> new BitSet());
                ids.forEach(assigned::set);
            });
        }
        this.members = Collections.unmodifiableMap(specs);
        this.subscriptionType = sameTopics(members) ? SubscriptionType.HOMOGENEOUS : SubscriptionType.HETEROGENEOUS;
    }

    private static boolean sameTopics(Collection<ServerAssignors.Member> members) {
        Set<String> first = null;
        for (ServerAssignors.Member member : members) {
            if (first == null) {
                first = member.topics();
            } else if (!first.equals(member.topics())) {
                return false;
            }
        }
        return true;
    }

    private static MemberSpec memberSpec(ServerAssignors.Member member, Map<String, Integer> partitionCounts,
                                         Map<String, Uuid> idsByTopic) {
        Set<Uuid> topicIds = new LinkedHashSet<>();
        for (String topic : member.topics()) {
            if (partitionCounts.containsKey(topic)) {
                topicIds.add(idsByTopic.get(topic));
            }
        }
        Map<Uuid, Set<Integer>> partitions = new HashMap<>();
        for (TopicPartition partition : member.previousTarget()) {
            Integer count = partitionCounts.get(partition.topic());
            if (count != null && partition.partition() < count) {
                // Default-sized: the uniform assignor iterates these sets, so their capacity (and with it
                // their iteration order) is part of the result.
                partitions.computeIfAbsent(idsByTopic.get(partition.topic()), id -> new HashSet<>())
                        .add(partition.partition());
            }
        }
        partitions.replaceAll((topicId, ids) -> Collections.unmodifiableSet(ids));
        return new MemberSpec(Optional.ofNullable(member.instanceId()), Collections.unmodifiableSet(topicIds),
                Collections.unmodifiableMap(partitions));
    }

    /** Topic id → topic name, for translating Kafka's answer back. */
    static Map<Uuid, String> topicNamesById(Collection<String> topics) {
        Map<Uuid, String> names = new HashMap<>();
        for (String topic : topics) {
            String previous = names.put(ServerAssignors.topicId(topic), topic);
            if (previous != null) {
                throw new IllegalStateException("topics '" + previous + "' and '" + topic + "' share a topic id");
            }
        }
        return names;
    }

    @Override
    public Collection<String> memberIds() {
        return members.keySet();
    }

    @Override
    public SubscriptionType subscriptionType() {
        return subscriptionType;
    }

    @Override
    public boolean isPartitionAssigned(Uuid topicId, int partitionId) {
        BitSet partitions = assignedPartitions.get(topicId);
        return partitions != null && partitionId >= 0 && partitions.get(partitionId);
    }

    @Override
    public boolean isPartitionAssignable(Uuid topicId, int partitionId) {
        return true;
    }

    @Override
    public MemberSubscription memberSubscription(String memberId) {
        MemberSpec spec = members.get(memberId);
        if (spec == null) {
            throw new IllegalArgumentException("Member Id " + memberId + " not found.");
        }
        return spec;
    }

    @Override
    public MemberAssignment memberAssignment(String memberId) {
        MemberSpec spec = members.get(memberId);
        return spec != null ? spec : new MemberSpec(Optional.empty(), Set.of(), Collections.emptyMap());
    }

    /** One member's subscription and current target (Kafka's MemberSubscriptionAndAssignmentImpl). */
    private record MemberSpec(Optional<String> instanceId, Set<Uuid> subscribedTopicIds,
                              Map<Uuid, Set<Integer>> partitions) implements MemberSubscription, MemberAssignment {
        @Override
        public Optional<String> rackId() {
            return Optional.empty();
        }
    }
}
