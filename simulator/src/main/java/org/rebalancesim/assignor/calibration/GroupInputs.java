package org.rebalancesim.assignor.calibration;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import org.apache.commons.math3.random.Well19937c;
import org.apache.kafka.coordinator.group.api.assignor.ConsumerGroupPartitionAssignor;
import org.rebalancesim.assignor.Assignor;
import org.rebalancesim.assignor.Assignors;
import org.rebalancesim.assignor.ServerAssignors;
import org.rebalancesim.assignor.ServerGroupSpec;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.coordinator.MemberIds;

/**
 * The inputs one timed assignment gets, built the way the simulator builds them (MemberAssignors for
 * the classic leader, TargetAssignmentStep for the KIP-848 coordinator): one topic, every member
 * subscribed to it, member ids as Kafka makes them.
 *
 * <p>Two cases per group size: the first assignment (nobody owns anything) and the rebalance after one
 * member joins a group that holds the first assignment (the sticky assignors see what everyone owns:
 * eager sticky through its user data, cooperative-sticky through owned partitions and generation, the
 * server assignors through every member's previous target).
 */
final class GroupInputs {

    static final String TOPIC = "t";
    private static final long SEED = 42;

    private GroupInputs() {
    }

    /** The leader's call: assignor and the subscriptions it is given. */
    record ClientCase(Assignor leader, Map<String, Integer> partitionsPerTopic,
                      List<Assignor.MemberSubscription> members) {
        Object run() {
            return leader.assign(partitionsPerTopic, members);
        }
    }

    /** The coordinator's call: the group kept in Kafka's form, as the coordinator keeps it. */
    record ServerCase(ConsumerGroupPartitionAssignor assignor, Map<String, Integer> partitionCounts,
                      ServerGroupSpec group) {
        ServerCase(ConsumerGroupPartitionAssignor assignor, Map<String, Integer> partitionCounts,
                   List<ServerAssignors.Member> members) {
            this(assignor, partitionCounts, ServerAssignors.groupSpec(members, partitionCounts));
        }

        Object run() {
            return ServerAssignors.assign(assignor, group, partitionCounts);
        }
    }

    static List<String> memberIds(int count) {
        MemberIds ids = new MemberIds(new Well19937c(SEED));
        List<String> result = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            result.add(ids.next("consumer-" + (i + 1)));
        }
        return result;
    }

    /** {@code members} members; with {@code oneJoins}, the first {@code members - 1} own the first assignment. */
    static ClientCase client(Assignors registry, String name, int members, int partitions, boolean oneJoins) {
        Map<String, Integer> metadata = Map.of(TOPIC, partitions);
        List<String> ids = memberIds(members);
        List<Assignor.MemberSubscription> subscriptions = new ArrayList<>();
        if (!oneJoins) {
            for (String id : ids) {
                subscriptions.add(fresh(registry.create(name), id));
            }
            return new ClientCase(registry.create(name), metadata, subscriptions);
        }
        List<Assignor.MemberSubscription> before = new ArrayList<>();
        List<Assignor> assignors = new ArrayList<>();
        for (String id : ids.subList(0, members - 1)) {
            Assignor assignor = registry.create(name);
            assignors.add(assignor);
            before.add(fresh(assignor, id));
        }
        Map<String, List<TopicPartition>> first = registry.create(name).assign(metadata, before);
        boolean cooperative = assignors.get(0).supportedProtocols().contains(Assignor.RebalanceProtocol.COOPERATIVE);
        int generation = 1;
        for (int i = 0; i < members - 1; i++) {
            String id = ids.get(i);
            Assignor assignor = assignors.get(i);
            List<TopicPartition> owned = first.get(id);
            assignor.onAssignment(owned, generation);
            ByteBuffer userData = assignor.subscriptionUserData(Set.of(TOPIC));
            subscriptions.add(new Assignor.MemberSubscription(id, null, List.of(TOPIC), userData,
                    cooperative ? owned : List.of(), generation));
        }
        subscriptions.add(fresh(registry.create(name), ids.get(members - 1)));
        return new ClientCase(registry.create(name), metadata, subscriptions);
    }

    private static Assignor.MemberSubscription fresh(Assignor assignor, String id) {
        return new Assignor.MemberSubscription(id, null, List.of(TOPIC), assignor.subscriptionUserData(Set.of(TOPIC)),
                List.of(), -1);
    }

    static ServerCase server(String name, int members, int partitions, boolean oneJoins) {
        Map<String, Integer> metadata = Map.of(TOPIC, partitions);
        List<String> ids = memberIds(members);
        List<ServerAssignors.Member> all = new ArrayList<>();
        if (!oneJoins) {
            ids.forEach(id -> all.add(new ServerAssignors.Member(id, null, Set.of(TOPIC), Set.of())));
            return new ServerCase(ServerAssignors.create(name), metadata, all);
        }
        List<ServerAssignors.Member> before = new ArrayList<>();
        ids.subList(0, members - 1).forEach(id -> before.add(new ServerAssignors.Member(id, null, Set.of(TOPIC), Set.of())));
        SortedMap<String, SortedSet<TopicPartition>> first =
                ServerAssignors.assign(ServerAssignors.create(name), before, metadata);
        for (String id : ids.subList(0, members - 1)) {
            all.add(new ServerAssignors.Member(id, null, Set.of(TOPIC), first.get(id)));
        }
        all.add(new ServerAssignors.Member(ids.get(members - 1), null, Set.of(TOPIC), Set.of()));
        return new ServerCase(ServerAssignors.create(name), metadata, all);
    }
}
