package org.rebalancesim.consumer;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.rebalancesim.assignor.AssignmentCost;
import org.rebalancesim.assignor.Assignor;
import org.rebalancesim.assignor.Assignor.RebalanceProtocol;
import org.rebalancesim.assignor.Assignors;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.coordinator.Messages.JoinedMember;
import org.rebalancesim.coordinator.Protocol;

/**
 * One member's assignors, in its partition.assignment.strategy order, and what it tells the group
 * about itself: the JoinGroup protocol list (subscription, user data, owned partitions, generation)
 * and the rebalance protocol, which is the highest one every configured assignor supports
 * (ConsumerCoordinator: COOPERATIVE over EAGER).
 */
final class MemberAssignors {

    private final Map<String, Assignor> byName = new LinkedHashMap<>();
    private final RebalanceProtocol protocol;

    MemberAssignors(Assignors registry, List<String> strategy) {
        this(strategy.stream().map(registry::create).toList(), strategy);
    }

    /** A member whose one assignor is made for it (a Kafka Streams member's StreamsPartitionAssignor). */
    MemberAssignors(Assignor only) {
        this(List.of(only), List.of(only.name()));
    }

    private MemberAssignors(List<Assignor> created, List<String> strategy) {
        Set<RebalanceProtocol> common = EnumSet.allOf(RebalanceProtocol.class);
        for (Assignor assignor : created) {
            // Members advertise each assignor under its own name() (a class name only configures it).
            byName.put(assignor.name(), assignor);
            common.retainAll(assignor.supportedProtocols());
        }
        if (common.isEmpty()) {
            throw new IllegalArgumentException("the assignors " + strategy + " share no rebalance protocol");
        }
        this.protocol = common.contains(RebalanceProtocol.COOPERATIVE) ? RebalanceProtocol.COOPERATIVE
                : RebalanceProtocol.EAGER;
    }

    RebalanceProtocol protocol() {
        return protocol;
    }

    boolean isCooperative() {
        return protocol == RebalanceProtocol.COOPERATIVE;
    }

    /** The JoinGroup protocol list: one entry per assignor, in preference order. */
    List<Protocol> protocols(List<String> subscription, List<TopicPartition> owned, int generation) {
        List<String> topics = new ArrayList<>(new TreeSet<>(subscription));
        List<Protocol> protocols = new ArrayList<>();
        byName.forEach((name, assignor) -> protocols.add(new Protocol(name, topics,
                assignor.subscriptionUserData(Set.copyOf(topics)), owned, generation)));
        return protocols;
    }

    /**
     * The leader runs the chosen assignor over the members' subscriptions, with its own metadata
     * ({@code partitionsPerTopic}); {@code clusterPartitions} are the counts the cluster really has.
     */
    Map<String, List<TopicPartition>> assign(String protocolName, List<JoinedMember> members,
                                             Map<String, Integer> partitionsPerTopic,
                                             Map<String, Integer> clusterPartitions) {
        List<Assignor.MemberSubscription> subscriptions = new ArrayList<>();
        for (JoinedMember joined : members) {
            Protocol metadata = joined.metadata();
            subscriptions.add(new Assignor.MemberSubscription(joined.memberId(), joined.groupInstanceId(),
                    metadata.topics(), metadata.userData(), metadata.ownedPartitions(), metadata.generation()));
        }
        return byName.get(protocolName).assign(partitionsPerTopic, clusterPartitions, subscriptions);
    }

    /** Whether the chosen assignor's last assign() put user data in some member's assignment. */
    boolean assignedUserData(String protocolName) {
        return byName.get(protocolName).assignedUserData();
    }

    /**
     * How long the leader's assign() takes (AssignmentCost.CLIENT): by the chosen assignor's name, the
     * number of members and the partitions of every topic any member subscribes to.
     */
    long computeMs(String protocolName, List<JoinedMember> members, Map<String, Integer> partitionsPerTopic) {
        Set<String> topics = new TreeSet<>();
        members.forEach(joined -> topics.addAll(joined.metadata().topics()));
        long partitions = 0;
        for (String topic : topics) {
            partitions += partitionsPerTopic.getOrDefault(topic, 0);
        }
        return AssignmentCost.CLIENT.computeMs(protocolName, members.size(), (int) Math.min(Integer.MAX_VALUE, partitions));
    }

    /** How long the chosen assignor's last assign() kept the leader busy beyond its compute time. */
    long lastAssignWorkMs(String protocolName) {
        return byName.get(protocolName).lastAssignWorkMs();
    }

    /** How long onAssignment of this assignment holds the application thread (a Kafka Streams state updater's turn). */
    long onAssignmentWaitMs(String protocolName, List<TopicPartition> assigned) {
        Assignor chosen = byName.get(protocolName);
        return chosen == null ? 0 : chosen.onAssignmentWaitMs(assigned);
    }

    /** ConsumerPartitionAssignor#onAssignment on the assignor the group chose. */
    void onAssignment(String protocolName, List<TopicPartition> assigned, int generation) {
        Assignor chosen = byName.get(protocolName);
        if (chosen != null) {
            chosen.onAssignment(assigned, generation);
        }
    }
}
