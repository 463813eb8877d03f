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
import org.rebalancesim.partition.TopicPartition;

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
    // The leader's metadata rarely changes between rebalances: it is kept while the partition counts
    // hold, and a member's owned partitions are translated once per change, not for every rebalance
    // (the assignor itself is Kafka's, untouched).
    private LeaderMetadata metadata;
    /** Each member's non-empty owned partitions as of the last assign(), translated (current members only). */
    private Map<String, Owned> ownedByMember = Map.of();
    private boolean assignedUserData;

    /** A member's owned list and its translation: a member that kept its list keeps the translation. */
    private record Owned(List<TopicPartition> ours, List<org.apache.kafka.common.TopicPartition> kafka) {
    }

    /** The member's owned partitions in Kafka's type (a member that owns nothing, as in eager rebalances, costs nothing). */
    private List<org.apache.kafka.common.TopicPartition> owned(MemberSubscription member, Map<String, Owned> ownedNow) {
        if (member.ownedPartitions().isEmpty()) {
            return List.of();
        }
        Owned owned = ownedByMember.get(member.memberId());
        if (owned == null || owned.ours() != member.ownedPartitions()) {
            owned = new Owned(member.ownedPartitions(), List.copyOf(kafkaPartitions(member.ownedPartitions())));
        }
        ownedNow.put(member.memberId(), owned);
        return owned.kafka();
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

    @Override
    public boolean assignedUserData() {
        return assignedUserData;
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
                                                    Map<String, Integer> clusterPartitions,
                                                    List<MemberSubscription> members) {
        // Kafka's leader builds this map as a HashMap (ConsumerCoordinator#onLeaderElected): the
        // sticky assignors iterate it, so its order is part of Kafka's behaviour.
        Map<String, Subscription> subscriptions = new HashMap<>();
        Map<String, Owned> ownedNow = new HashMap<>();
        for (MemberSubscription member : members) {
            Subscription subscription = new Subscription(member.topics(),
                    member.userData() == null ? null : member.userData().duplicate(),
                    owned(member, ownedNow), member.generation(), Optional.empty());
            subscription.setGroupInstanceId(Optional.ofNullable(member.groupInstanceId()));
            subscriptions.put(member.memberId(), subscription);
        }
        ownedByMember = ownedNow;
        metadata = LeaderMetadata.of(metadata, partitionsPerTopic);
        Map<String, Assignment> assigned = guarded("assign", () -> {
            GroupAssignment answer = kafkaAssignor.assign(metadata.cluster(), new GroupSubscription(subscriptions));
            if (answer == null || answer.groupAssignment() == null) {
                throw new AssignorException(describe() + " returned no assignment (null) from assign()", usersAssignor, null);
            }
            return answer.groupAssignment();
        });
        assignedUserData = assigned.values().stream()
                .anyMatch(assignment -> assignment != null && assignment.userData() != null
                        && assignment.userData().hasRemaining());
        // Entries for ids that are not members are dropped, as the coordinator drops them; a member
        // without an entry gets nothing, as the coordinator gives it an empty assignment.
        // Only looked up (SyncGroup), never iterated: sized once.
        Map<String, List<TopicPartition>> result = new HashMap<>(2 * members.size());
        Translation translation = new Translation(clusterPartitions);
        for (MemberSubscription member : members) {
            Assignment assignment = assigned.get(member.memberId());
            result.put(member.memberId(), assignment == null ? List.of()
                    : translation.ours(assignment.partitions(), member));
        }
        requireOneOwnerEach(result, members);
        return result;
    }

    /**
     * The classic coordinator hands the leader's answer out unchecked, so a partition given to two members
     * would be consumed by both; the simulator keeps one owner per partition and stops here instead.
     */
    private void requireOneOwnerEach(Map<String, List<TopicPartition>> result, List<MemberSubscription> members) {
        Map<TopicPartition, String> owners = new HashMap<>();
        for (MemberSubscription member : members) {
            List<TopicPartition> given = result.get(member.memberId());
            if (given.stream().distinct().count() < given.size()) {
                // A partition listed twice for one member is owned once: ConsumerCoordinator#onJoinComplete puts
                // the assignment's partitions into a TreeSet.
                given = given.stream().distinct().toList();
                result.put(member.memberId(), given);
            }
            for (TopicPartition tp : given) {
                String other = owners.putIfAbsent(tp, member.memberId());
                if (other != null) {
                    throw new AssignorException(describe() + " assigned " + tp + " to both " + other + " and "
                            + member.memberId(), usersAssignor, null);
                }
            }
        }
    }

    /**
     * Kafka's answer in our types, sorted. A member given exactly what it owned (sorted) gets its owned
     * list back, the very object, so its next subscription finds its translation cached ({@link #owned}).
     * The metadata is looked up once per run of partitions of one topic, not per partition.
     */
    private final class Translation {
        private final Map<String, Integer> clusterPartitions;

        Translation(Map<String, Integer> clusterPartitions) {
            this.clusterPartitions = clusterPartitions;
        }

        List<TopicPartition> ours(List<org.apache.kafka.common.TopicPartition> kafka, MemberSubscription member) {
            List<TopicPartition> owned = member.ownedPartitions();
            if (isSameSortedList(kafka, owned)) {
                return owned;
            }
            TopicPartition[] partitions = new TopicPartition[kafka.size()];
            boolean sorted = true;
            String previousTopic = null;
            int previous = -1;
            for (int i = 0; i < partitions.length; i++) {
                org.apache.kafka.common.TopicPartition tp = kafka.get(i);
                partitions[i] = existing(tp, member.memberId());
                // Kafka's lists are mostly one topic's partitions in order: compare numbers while that holds.
                sorted &= tp.topic() == previousTopic ? tp.partition() > previous
                        : i == 0 || partitions[i - 1].compareTo(partitions[i]) < 0;
                previousTopic = tp.topic();
                previous = tp.partition();
            }
            if (!sorted) {
                Arrays.sort(partitions);
            }
            return List.of(partitions);
        }

        /**
         * Whether {@code kafka} has {@code owned}'s partitions in {@code owned}'s order, which is ascending,
         * and the cluster has them all.
         */
        private boolean isSameSortedList(List<org.apache.kafka.common.TopicPartition> kafka, List<TopicPartition> owned) {
            if (owned.isEmpty() || kafka.size() != owned.size()) {
                return false;
            }
            for (int i = 0; i < owned.size(); i++) {
                org.apache.kafka.common.TopicPartition tp = kafka.get(i);
                TopicPartition ours = owned.get(i);
                if (tp.partition() != ours.partition() || !tp.topic().equals(ours.topic())
                        || i > 0 && owned.get(i - 1).compareTo(ours) >= 0
                        || !inCluster(tp)) {
                    return false;
                }
            }
            return true;
        }

        /**
         * A partition of the cluster. Kafka's sticky assignors keep the partitions a member owned even when
         * the leader's metadata predates them (a member assigned by a leader with newer metadata), so such
         * a partition is made here, outside the leader's metadata. A partition the cluster does not have
         * cannot be fetched from and the simulator has no log for it, so the run stops with the assignor's
         * name rather than fail somewhere later.
         */
        private TopicPartition existing(org.apache.kafka.common.TopicPartition tp, String memberId) {
            TopicPartition ours = metadata.partition(tp.topic(), tp.partition());
            if (ours != null) {
                return ours;
            }
            if (!inCluster(tp)) {
                throw new AssignorException(describe() + " assigned " + tp + " to " + memberId + ", but the "
                        + "cluster has no such partition (" + clusterPartitions + ")", usersAssignor, null);
            }
            return new TopicPartition(tp.topic(), tp.partition());
        }

        private boolean inCluster(org.apache.kafka.common.TopicPartition tp) {
            return tp.partition() >= 0 && tp.partition() < clusterPartitions.getOrDefault(tp.topic(), 0);
        }
    }

    private List<org.apache.kafka.common.TopicPartition> kafkaPartitions(List<TopicPartition> partitions) {
        List<org.apache.kafka.common.TopicPartition> kafka = new ArrayList<>(partitions.size());
        for (TopicPartition tp : partitions) {
            kafka.add(new org.apache.kafka.common.TopicPartition(tp.topic(), tp.partition()));
        }
        return kafka;
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
}
