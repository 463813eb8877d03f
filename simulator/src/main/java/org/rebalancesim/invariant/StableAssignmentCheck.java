package org.rebalancesim.invariant;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeSet;
import org.rebalancesim.assignor.AssignorException;
import org.rebalancesim.assignor.Assignors;
import org.rebalancesim.cluster.KafkaCluster;
import org.rebalancesim.partition.PartitionMap;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.coordinator.ClassicGroupCoordinator;
import org.rebalancesim.coordinator.GroupSnapshot;
import org.rebalancesim.coordinator.Protocol;
import org.rebalancesim.coordinator.consumer.ConsumerGroupCoordinator;
import org.rebalancesim.coordinator.consumer.ConsumerGroupMember;
import org.rebalancesim.workload.Production;

/**
 * When the group is Stable, every partition of a subscribed topic has exactly one owner among the
 * members that subscribe to it (stable-assignment). Classic: checked on the assignment that reached
 * Stable, against the partitions the leader's cached metadata knew when it assigned (docs/kafka-semantics.md
 * §16); cooperative-sticky may withhold a partition its current owner must first revoke. A user's own
 * assignor is not Kafka's to vouch for, so only Kafka's built-in assignors are held to full coverage.
 * Consumer protocol: checked on the members' current assignments when the group becomes STABLE, against the
 * group's subscription metadata.
 */
final class StableAssignmentCheck {

    private final Violations violations;
    private final Production production;
    private KafkaCluster cluster;
    private Map<String, Integer> countsAtJoin = Map.of();
    private int leaderGeneration = -1;
    private Map<String, Integer> leaderCounts = Map.of();

    StableAssignmentCheck(Violations violations, Production production) {
        this.violations = violations;
        this.production = production;
    }

    void watch(KafkaCluster watched) {
        this.cluster = watched;
    }

    /** The join phase completed: the partitions that exist now, for a generation whose leader said nothing. */
    void joinCompleted() {
        countsAtJoin = new LinkedHashMap<>(production.partitionCounts());
    }

    /** The leader assigned {@code generation} from these partition counts (its cached metadata). */
    void leaderAssigned(int generation, Map<String, Integer> counts) {
        leaderGeneration = generation;
        leaderCounts = counts;
    }

    void classicStable(int generation, Map<String, List<TopicPartition>> assignment) {
        if (cluster == null) {
            return; // not watching a run's cluster (the other checks' unit tests)
        }
        String event = "generation " + generation + " reached Stable";
        ClassicGroupCoordinator coordinator = cluster.coordinator(ClassicGroupCoordinator.class);
        GroupSnapshot stored = coordinator.snapshot();
        Map<String, Protocol> subscriptions = new HashMap<>();
        stored.members().forEach(member -> subscriptions.put(member.memberId(), member.protocols().get(0)));
        Map<String, Integer> exist = production.partitionCounts();
        PartitionMap<String> ownerOf = new PartitionMap<>();
        Set<TopicPartition> handedOver = new TreeSet<>();
        for (Map.Entry<String, List<TopicPartition>> entry : assignment.entrySet()) {
            Protocol subscription = subscriptions.get(entry.getKey());
            if (subscription == null) {
                violations.fail(Invariant.STABLE_ASSIGNMENT, event, entry.getKey() + " is assigned partitions but is "
                        + "not a member of the stored group");
            }
            handedOver.addAll(subscription.ownedPartitions());
            for (TopicPartition tp : entry.getValue()) {
                claim(ownerOf, tp, entry.getKey(), subscription.topics().contains(tp.topic()), exist, event,
                        usersAssignor(coordinator.protocolName()));
            }
        }
        if (Assignors.NAMES.contains(coordinator.protocolName())) {
            Set<String> subscribed = new TreeSet<>();
            subscriptions.values().forEach(subscription -> subscribed.addAll(subscription.topics()));
            Map<String, Integer> known = generation == leaderGeneration ? leaderCounts : countsAtJoin;
            requireCovered(ownerOf, subscribed, known, handedOver, event);
        }
    }

    void consumerGroupStable(int groupEpoch) {
        if (cluster == null) {
            return;
        }
        String event = "the consumer group became STABLE at epoch " + groupEpoch;
        ConsumerGroupCoordinator group = cluster.coordinator(ConsumerGroupCoordinator.class);
        Map<String, Integer> exist = production.partitionCounts();
        PartitionMap<String> ownerOf = new PartitionMap<>();
        for (String memberId : group.memberIds()) {
            ConsumerGroupMember member = group.member(memberId);
            if (!member.pendingRevocation().isEmpty()
                    || !List.copyOf(member.assigned()).equals(group.targetAssignment(memberId))) {
                violations.fail(Invariant.STABLE_ASSIGNMENT, event, memberId + " holds " + member.assigned()
                        + " (revoking " + member.pendingRevocation() + "), not its target "
                        + group.targetAssignment(memberId));
            }
            for (TopicPartition tp : member.assigned()) {
                claim(ownerOf, tp, memberId, member.subscribedTopics().contains(tp.topic()), exist, event, null);
            }
        }
        SortedMap<String, Integer> metadata = group.subscriptionMetadata();
        requireCovered(ownerOf, metadata.keySet(), metadata, Set.of(), event);
    }

    /** @param usersAssignor the name of the user's assignor that made the assignment, or null for Kafka's */
    private void claim(PartitionMap<String> ownerOf, TopicPartition tp, String member, boolean subscribes,
                       Map<String, Integer> exist, String event, String usersAssignor) {
        String other = ownerOf.put(tp, member);
        if (other != null) {
            broken(event, tp + " is assigned to both " + other + " and " + member, usersAssignor);
        }
        if (!subscribes) {
            broken(event, tp + " is assigned to " + member + ", which does not subscribe to " + tp.topic(), usersAssignor);
        }
        Integer count = exist.get(tp.topic());
        // A deleted topic's partition may still be handed out by whoever assigned from metadata that had it: a
        // classic leader until its next refresh, the coordinator until the deletion is published
        // (docs/kafka-semantics.md §16).
        if ((count == null || tp.partition() < 0 || tp.partition() >= count) && !production.isDeleted(tp)) {
            broken(event, tp + " is assigned to " + member + " but does not exist", usersAssignor);
        }
    }

    /**
     * Kafka's own assignors never do this, so it is the simulator's bug; a user's assignor may, and Kafka
     * would let it (two consumers would then read one partition): that is the user's to fix.
     */
    private void broken(String event, String what, String usersAssignor) {
        if (usersAssignor != null) {
            throw new AssignorException("the assignor " + usersAssignor + " made an invalid assignment: " + what
                    + "; every partition must go to at most one member that subscribes to its topic", true, null);
        }
        violations.fail(Invariant.STABLE_ASSIGNMENT, event, what);
    }

    private static String usersAssignor(String protocolName) {
        return Assignors.NAMES.contains(protocolName) ? null : protocolName;
    }

    private void requireCovered(PartitionMap<String> ownerOf, Set<String> topics, Map<String, Integer> counts,
                                Set<TopicPartition> handedOver, String event) {
        for (String topic : topics) {
            int count = counts.getOrDefault(topic, 0);
            for (int p = 0; p < count; p++) {
                TopicPartition tp = new TopicPartition(topic, p);
                if (!ownerOf.containsKey(tp) && !handedOver.contains(tp)) {
                    violations.fail(Invariant.STABLE_ASSIGNMENT, event, tp + " of subscribed topic " + topic
                            + " is assigned to no member");
                }
            }
        }
    }
}
