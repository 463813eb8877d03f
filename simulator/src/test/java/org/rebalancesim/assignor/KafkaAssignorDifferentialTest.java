package org.rebalancesim.assignor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor;
import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor.Assignment;
import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor.GroupSubscription;
import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor.Subscription;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.consumer.RangeAssignor;
import org.apache.kafka.clients.consumer.RoundRobinAssignor;
import org.apache.kafka.clients.consumer.StickyAssignor;
import org.apache.kafka.common.Cluster;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.PartitionInfo;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rebalancesim.partition.TopicPartition;

/**
 * Our adapter against Kafka's assignors called directly (assign(Cluster, GroupSubscription)) on the
 * same random groups: the assignments must be identical, member by member, partition by partition.
 * Each member has its own assignor instance on both sides, told its previous assignment through
 * onAssignment, so the sticky assignors' user data takes the same path as in a real consumer.
 */
class KafkaAssignorDifferentialTest {

    private static final int GROUPS = 100;
    private static final Map<String, Supplier<ConsumerPartitionAssignor>> KAFKA = Map.of(
            "range", RangeAssignor::new,
            "roundrobin", RoundRobinAssignor::new,
            "sticky", StickyAssignor::new,
            "cooperative-sticky", CooperativeStickyAssignor::new);

    @ParameterizedTest
    @ValueSource(strings = {"range", "roundrobin", "sticky", "cooperative-sticky"})
    void theAdapterAssignsExactlyAsKafkasOwnAssignor(String name) {
        SplittableRandom seeds = new SplittableRandom(name.hashCode());
        for (int i = 0; i < GROUPS; i++) {
            long seed = seeds.nextLong();
            RandomGroup group = RandomGroup.draw(new SplittableRandom(seed));
            Map<String, List<TopicPartition>> kafka = direct(KAFKA.get(name), group);
            Map<String, List<TopicPartition>> ours = viaAdapter(name, group);
            assertEquals(kafka, new TreeMap<>(ours), () -> name + ", group seed " + seed + ": " + group);
            if (!name.equals("cooperative-sticky")) {
                // Not both empty by mistake: eager assignors hand out every subscribed partition once.
                assertEquals(subscribedPartitions(group), assignedOnce(kafka), () -> name + ", seed " + seed);
            }
        }
    }

    private static Map<String, List<TopicPartition>> viaAdapter(String name, RandomGroup group) {
        Assignors registry = Assignors.builtIn();
        List<Assignor.MemberSubscription> subscriptions = new ArrayList<>();
        Assignor leader = null;
        for (RandomGroup.Member member : group.members()) {
            Assignor assignor = registry.create(name);
            leader = leader == null ? assignor : leader;
            if (member.generation() >= 0) {
                assignor.onAssignment(member.owned(), member.generation());
            }
            ByteBuffer userData = assignor.subscriptionUserData(Set.copyOf(member.topics()));
            subscriptions.add(new Assignor.MemberSubscription(member.memberId(), member.groupInstanceId(),
                    member.topics(), userData, member.owned(), member.generation()));
        }
        return leader.assign(group.partitionsPerTopic(), subscriptions);
    }

    /** What Kafka's consumers would do, written against Kafka's API only (the generation needs the deprecated constructor). */
    @SuppressWarnings("removal")
    private static Map<String, List<TopicPartition>> direct(Supplier<ConsumerPartitionAssignor> kind, RandomGroup group) {
        Map<String, Subscription> subscriptions = new HashMap<>();
        ConsumerPartitionAssignor leader = null;
        for (RandomGroup.Member member : group.members()) {
            ConsumerPartitionAssignor assignor = kind.get();
            leader = leader == null ? assignor : leader;
            List<org.apache.kafka.common.TopicPartition> owned = new ArrayList<>();
            member.owned().forEach(tp -> owned.add(new org.apache.kafka.common.TopicPartition(tp.topic(), tp.partition())));
            if (member.generation() >= 0) {
                assignor.onAssignment(new Assignment(owned),
                        new ConsumerGroupMetadata("group", member.generation(), member.memberId(), Optional.empty()));
            }
            Subscription subscription = new Subscription(member.topics(),
                    assignor.subscriptionUserData(new HashSet<>(member.topics())), owned, member.generation(),
                    Optional.empty());
            subscription.setGroupInstanceId(Optional.ofNullable(member.groupInstanceId()));
            subscriptions.put(member.memberId(), subscription);
        }
        Map<String, Assignment> assigned = leader.assign(cluster(group), new GroupSubscription(subscriptions))
                .groupAssignment();
        Map<String, List<TopicPartition>> result = new TreeMap<>();
        for (RandomGroup.Member member : group.members()) {
            List<TopicPartition> partitions = new ArrayList<>();
            Assignment assignment = assigned.get(member.memberId());
            if (assignment != null) {
                assignment.partitions().forEach(tp -> partitions.add(new TopicPartition(tp.topic(), tp.partition())));
            }
            partitions.sort(null);
            result.put(member.memberId(), partitions);
        }
        return result;
    }

    /** A real-looking cluster, built independently of the adapter's: a broker leads every partition. */
    private static Cluster cluster(RandomGroup group) {
        Node broker = new Node(0, "broker-0", 9092);
        Node[] replicas = {broker};
        List<PartitionInfo> partitions = new ArrayList<>();
        group.partitionsPerTopic().forEach((topic, count) -> {
            for (int p = 0; p < count; p++) {
                partitions.add(new PartitionInfo(topic, p, broker, replicas, replicas));
            }
        });
        return new Cluster("direct", List.of(broker), partitions, Set.of(), Set.of());
    }

    private static List<TopicPartition> subscribedPartitions(RandomGroup group) {
        Set<String> topics = new HashSet<>();
        group.members().forEach(member -> topics.addAll(member.topics()));
        List<TopicPartition> partitions = new ArrayList<>();
        group.partitionsPerTopic().forEach((topic, count) -> {
            for (int p = 0; topics.contains(topic) && p < count; p++) {
                partitions.add(new TopicPartition(topic, p));
            }
        });
        partitions.sort(null);
        return partitions;
    }

    private static List<TopicPartition> assignedOnce(Map<String, List<TopicPartition>> assignment) {
        List<TopicPartition> all = new ArrayList<>();
        assignment.values().forEach(all::addAll);
        all.sort(null);
        return all;
    }
}
