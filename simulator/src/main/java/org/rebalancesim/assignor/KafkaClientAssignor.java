package org.rebalancesim.assignor;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor;
import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor.Assignment;
import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor.GroupAssignment;
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
 * Every call into the assignor is guarded, so a failing one surfaces as an {@link AssignorException}
 * naming it rather than as a stack trace out of the event loop.
 */
final class KafkaClientAssignor implements Assignor {

    private final ConsumerPartitionAssignor kafkaAssignor;
    private final boolean usersAssignor;
    // The leader's metadata rarely changes between rebalances: Kafka's Cluster for it is built once
    // per partition count, and a member's owned partitions are translated once per change, not for
    // every rebalance (the assignor itself is Kafka's, untouched).
    private Map<String, Integer> clusterCounts;
    private Cluster cluster;
    /** Each member's owned partitions as of the last assign(), translated (current members only). */
    private Map<String, Owned> ownedByMember = Map.of();

    /** A member's owned list and its translation: a member that kept its list keeps the translation. */
    private record Owned(List<TopicPartition> ours, List<org.apache.kafka.common.TopicPartition> kafka) {
    }

    private Owned owned(MemberSubscription member) {
        Owned before = ownedByMember.get(member.memberId());
        if (before != null && before.ours() == member.ownedPartitions()) {
            return before;
        }
        return new Owned(member.ownedPartitions(), List.copyOf(kafkaPartitions(member.ownedPartitions())));
    }

    /** @param usersAssignor true for a class the scenario named, false for Kafka's built-in assignors */
    KafkaClientAssignor(ConsumerPartitionAssignor kafkaAssignor, boolean usersAssignor) {
        this.kafkaAssignor = kafkaAssignor;
        this.usersAssignor = usersAssignor;
    }

    @Override
    public String name() {
        return guarded("name", kafkaAssignor::name);
    }

    @Override
    public List<RebalanceProtocol> supportedProtocols() {
        return guarded("supportedProtocols", () -> {
            List<RebalanceProtocol> protocols = new ArrayList<>();
            for (ConsumerPartitionAssignor.RebalanceProtocol protocol : kafkaAssignor.supportedProtocols()) {
                protocols.add(RebalanceProtocol.valueOf(protocol.name()));
            }
            return protocols;
        });
    }

    @Override
    public ByteBuffer subscriptionUserData(Set<String> topics) {
        return guarded("subscriptionUserData", () -> kafkaAssignor.subscriptionUserData(topics));
    }

    // Kafka deprecates this ConsumerGroupMetadata constructor for applications, but it is the only one
    // that carries the generation, which the sticky assignors keep (and the real client passes).
    @SuppressWarnings("removal")
    @Override
    public void onAssignment(List<TopicPartition> assigned, int generation) {
        guarded("onAssignment", () -> {
            kafkaAssignor.onAssignment(new Assignment(kafkaPartitions(assigned)),
                    new ConsumerGroupMetadata("group", generation, "member", Optional.empty()));
            return null;
        });
    }

    @Override
    public Map<String, List<TopicPartition>> assign(Map<String, Integer> partitionsPerTopic,
                                                    List<MemberSubscription> members) {
        // Kafka's leader builds this map as a HashMap (ConsumerCoordinator#onLeaderElected): the
        // sticky assignors iterate it, so its order is part of Kafka's behaviour.
        Map<String, Subscription> subscriptions = new HashMap<>();
        Map<String, Owned> ownedNow = new HashMap<>();
        for (MemberSubscription member : members) {
            Owned owned = owned(member);
            ownedNow.put(member.memberId(), owned);
            Subscription subscription = new Subscription(member.topics(),
                    member.userData() == null ? null : member.userData().duplicate(),
                    owned.kafka(), member.generation(), Optional.empty());
            subscription.setGroupInstanceId(Optional.ofNullable(member.groupInstanceId()));
            subscriptions.put(member.memberId(), subscription);
        }
        ownedByMember = ownedNow;
        Map<String, Assignment> assigned = guarded("assign", () -> {
            GroupAssignment answer = kafkaAssignor.assign(metadata(partitionsPerTopic), new GroupSubscription(subscriptions));
            if (answer == null || answer.groupAssignment() == null) {
                throw new AssignorException(describe() + " returned no assignment (null) from assign()", usersAssignor, null);
            }
            return answer.groupAssignment();
        });
        // Entries for ids that are not members are dropped, as the coordinator drops them; a member
        // without an entry gets nothing, as the coordinator gives it an empty assignment.
        Map<String, List<TopicPartition>> result = new HashMap<>();
        for (MemberSubscription member : members) {
            Assignment assignment = assigned.get(member.memberId());
            List<org.apache.kafka.common.TopicPartition> kafkaPartitions =
                    assignment == null ? List.of() : assignment.partitions();
            TopicPartition[] partitions = new TopicPartition[kafkaPartitions.size()];
            for (int i = 0; i < partitions.length; i++) {
                partitions[i] = existing(kafkaPartitions.get(i), member.memberId(), partitionsPerTopic);
            }
            if (!isSorted(partitions)) {
                Arrays.sort(partitions);
            }
            result.put(member.memberId(), List.of(partitions));
        }
        return result;
    }

    private static boolean isSorted(TopicPartition[] partitions) {
        for (int i = 1; i < partitions.length; i++) {
            if (partitions[i - 1].compareTo(partitions[i]) > 0) {
                return false;
            }
        }
        return true;
    }

    private List<org.apache.kafka.common.TopicPartition> kafkaPartitions(List<TopicPartition> partitions) {
        List<org.apache.kafka.common.TopicPartition> kafka = new ArrayList<>(partitions.size());
        for (TopicPartition tp : partitions) {
            kafka.add(new org.apache.kafka.common.TopicPartition(tp.topic(), tp.partition()));
        }
        return kafka;
    }

    /**
     * A partition the leader's metadata has. Anything else cannot be fetched from, and the simulator
     * has no log for it, so the run stops with the assignor's name rather than fail somewhere later.
     */
    private TopicPartition existing(org.apache.kafka.common.TopicPartition tp, String memberId,
                                    Map<String, Integer> partitionsPerTopic) {
        Integer count = partitionsPerTopic.get(tp.topic());
        if (count == null || tp.partition() < 0 || tp.partition() >= count) {
            throw new AssignorException(describe() + " assigned " + tp + " to " + memberId + ", but the leader's "
                    + "metadata has no such partition (" + partitionsPerTopic + ")", usersAssignor, null);
        }
        return new TopicPartition(tp.topic(), tp.partition());
    }

    private <T> T guarded(String method, Supplier<T> call) {
        try {
            return call.get();
        } catch (AssignorException e) {
            throw e;
        } catch (RuntimeException | LinkageError | AssertionError e) {
            throw new AssignorException(describe() + " threw " + e + " in " + method + "()", usersAssignor, e);
        }
    }

    /** "assignor com.acme.Mine" for a user's class, "Kafka's assignor StickyAssignor" for a built-in. */
    private String describe() {
        return usersAssignor ? "assignor " + kafkaAssignor.getClass().getName()
                : "Kafka's assignor " + kafkaAssignor.getClass().getSimpleName();
    }

    /** The leader's metadata as Kafka's Cluster: partitions without leaders or racks (immutable: kept while the counts hold). */
    private Cluster metadata(Map<String, Integer> partitionsPerTopic) {
        if (cluster == null || !partitionsPerTopic.equals(clusterCounts)) {
            clusterCounts = Map.copyOf(partitionsPerTopic);
            cluster = newCluster(partitionsPerTopic);
        }
        return cluster;
    }

    private static Cluster newCluster(Map<String, Integer> partitionsPerTopic) {
        List<PartitionInfo> partitions = new ArrayList<>();
        Node[] none = new Node[0];
        partitionsPerTopic.forEach((topic, count) -> {
            for (int p = 0; p < count; p++) {
                partitions.add(new PartitionInfo(topic, p, Node.noNode(), none, none));
            }
        });
        return new Cluster("rebalance-sim", List.of(), partitions, Set.of(), Set.of());
    }
}
