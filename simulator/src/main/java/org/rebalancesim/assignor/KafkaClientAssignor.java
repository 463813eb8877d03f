package org.rebalancesim.assignor;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor.Subscription;
import org.apache.kafka.clients.consumer.internals.AbstractPartitionAssignor;
import org.rebalancesim.cluster.TopicPartition;

/**
 * Runs one of Kafka's client-side assignors (kafka-clients) unchanged. The subscriptions carry what
 * Kafka's ConsumerCoordinator gives them: topics, owned partitions, generation and group.instance.id
 * (Range and RoundRobin sort static members first by instance id).
 */
final class KafkaClientAssignor implements Assignor {

    private final AbstractPartitionAssignor kafkaAssignor;

    KafkaClientAssignor(AbstractPartitionAssignor kafkaAssignor) {
        this.kafkaAssignor = kafkaAssignor;
    }

    @Override
    public String name() {
        return kafkaAssignor.name();
    }

    @Override
    public Map<String, List<TopicPartition>> assign(Map<String, Integer> partitionsPerTopic,
                                                    List<MemberSubscription> members) {
        // Kafka's leader builds this map as a HashMap (ConsumerCoordinator#onLeaderElected): the
        // sticky assignors iterate it, so its order is part of Kafka's behaviour.
        Map<String, Subscription> subscriptions = new HashMap<>();
        for (MemberSubscription member : members) {
            Subscription subscription = new Subscription(member.topics(), null,
                    toKafka(member.ownedPartitions()), member.generation(), Optional.empty());
            subscription.setGroupInstanceId(Optional.ofNullable(member.groupInstanceId()));
            subscriptions.put(member.memberId(), subscription);
        }
        Map<String, List<org.apache.kafka.common.TopicPartition>> assigned =
                kafkaAssignor.assign(new HashMap<>(partitionsPerTopic), subscriptions);
        Map<String, List<TopicPartition>> result = new HashMap<>();
        for (MemberSubscription member : members) {
            List<TopicPartition> partitions = new ArrayList<>();
            for (org.apache.kafka.common.TopicPartition tp : assigned.getOrDefault(member.memberId(), List.of())) {
                partitions.add(new TopicPartition(tp.topic(), tp.partition()));
            }
            partitions.sort(null);
            result.put(member.memberId(), List.copyOf(partitions));
        }
        return result;
    }

    private static List<org.apache.kafka.common.TopicPartition> toKafka(List<TopicPartition> partitions) {
        List<org.apache.kafka.common.TopicPartition> kafka = new ArrayList<>(partitions.size());
        for (TopicPartition tp : partitions) {
            kafka.add(new org.apache.kafka.common.TopicPartition(tp.topic(), tp.partition()));
        }
        return kafka;
    }
}
