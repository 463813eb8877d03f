package org.rebalancesim.assignor;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor;
import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor.Assignment;
import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor.GroupSubscription;
import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor.Subscription;
import org.apache.kafka.common.Cluster;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.PartitionInfo;
import org.rebalancesim.cluster.TopicPartition;

/**
 * Runs any Kafka {@link ConsumerPartitionAssignor} unchanged, Kafka's own or a user's. The
 * subscriptions carry what Kafka's ConsumerCoordinator gives them: topics, user data, owned
 * partitions, generation and group.instance.id (Range and RoundRobin sort static members first).
 */
final class KafkaClientAssignor implements Assignor {

    private final ConsumerPartitionAssignor kafkaAssignor;

    KafkaClientAssignor(ConsumerPartitionAssignor kafkaAssignor) {
        this.kafkaAssignor = kafkaAssignor;
    }

    @Override
    public String name() {
        return kafkaAssignor.name();
    }

    @Override
    public List<RebalanceProtocol> supportedProtocols() {
        List<RebalanceProtocol> protocols = new ArrayList<>();
        for (ConsumerPartitionAssignor.RebalanceProtocol protocol : kafkaAssignor.supportedProtocols()) {
            protocols.add(RebalanceProtocol.valueOf(protocol.name()));
        }
        return protocols;
    }

    @Override
    public ByteBuffer subscriptionUserData(Set<String> topics) {
        return kafkaAssignor.subscriptionUserData(topics);
    }

    @Override
    public void onAssignment(List<TopicPartition> assigned, int generation) {
        kafkaAssignor.onAssignment(new Assignment(toKafka(assigned)),
                new ConsumerGroupMetadata("group", generation, "member", Optional.empty()));
    }

    @Override
    public Map<String, List<TopicPartition>> assign(Map<String, Integer> partitionsPerTopic,
                                                    List<MemberSubscription> members) {
        // Kafka's leader builds this map as a HashMap (ConsumerCoordinator#onLeaderElected): the
        // sticky assignors iterate it, so its order is part of Kafka's behaviour.
        Map<String, Subscription> subscriptions = new HashMap<>();
        for (MemberSubscription member : members) {
            Subscription subscription = new Subscription(member.topics(),
                    member.userData() == null ? null : member.userData().duplicate(),
                    toKafka(member.ownedPartitions()), member.generation(), Optional.empty());
            subscription.setGroupInstanceId(Optional.ofNullable(member.groupInstanceId()));
            subscriptions.put(member.memberId(), subscription);
        }
        Map<String, Assignment> assigned = kafkaAssignor.assign(metadata(partitionsPerTopic),
                new GroupSubscription(subscriptions)).groupAssignment();
        Map<String, List<TopicPartition>> result = new HashMap<>();
        for (MemberSubscription member : members) {
            List<TopicPartition> partitions = new ArrayList<>();
            Assignment assignment = assigned.get(member.memberId());
            if (assignment != null) {
                for (org.apache.kafka.common.TopicPartition tp : assignment.partitions()) {
                    partitions.add(new TopicPartition(tp.topic(), tp.partition()));
                }
            }
            partitions.sort(null);
            result.put(member.memberId(), List.copyOf(partitions));
        }
        return result;
    }

    /** The leader's metadata as Kafka's Cluster: partitions without leaders or racks. */
    private static Cluster metadata(Map<String, Integer> partitionsPerTopic) {
        List<PartitionInfo> partitions = new ArrayList<>();
        Node[] none = new Node[0];
        partitionsPerTopic.forEach((topic, count) -> {
            for (int p = 0; p < count; p++) {
                partitions.add(new PartitionInfo(topic, p, Node.noNode(), none, none));
            }
        });
        return new Cluster("rebalance-sim", List.of(), partitions, Set.of(), Set.of());
    }

    private static List<org.apache.kafka.common.TopicPartition> toKafka(List<TopicPartition> partitions) {
        List<org.apache.kafka.common.TopicPartition> kafka = new ArrayList<>(partitions.size());
        for (TopicPartition tp : partitions) {
            kafka.add(new org.apache.kafka.common.TopicPartition(tp.topic(), tp.partition()));
        }
        return kafka;
    }
}
