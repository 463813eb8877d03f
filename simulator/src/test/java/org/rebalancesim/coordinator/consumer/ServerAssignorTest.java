package org.rebalancesim.coordinator.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.rebalancesim.coordinator.consumer.GroupHarness.REBALANCE_TIMEOUT_MS;
import static org.rebalancesim.coordinator.consumer.GroupHarness.tp;
import static org.rebalancesim.coordinator.consumer.GroupHarness.tps;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.coordinator.group.api.assignor.ConsumerGroupPartitionAssignor;
import org.apache.kafka.coordinator.group.api.assignor.GroupAssignment;
import org.apache.kafka.coordinator.group.api.assignor.GroupSpec;
import org.apache.kafka.coordinator.group.api.assignor.SubscriptionType;
import org.apache.kafka.coordinator.group.assignor.RangeAssignor;
import org.apache.kafka.coordinator.group.assignor.UniformAssignor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rebalancesim.assignor.ServerAssignors;
import org.rebalancesim.assignor.ServerAssignors.Member;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.coordinator.consumer.ConsumerGroupMessages.HeartbeatRequest;

/**
 * The targets come from Kafka's own server assignors (kafka-group-coordinator 4.4.0 UniformAssignor and
 * RangeAssignor): a differential test against Kafka's classes called directly, plus outputs worked out
 * from docs/kafka-semantics.md §13 ("Server Uniform, homogeneous", "Server Range").
 */
class ServerAssignorTest {

    private static final Map<String, Integer> TOPICS = Map.of("t", 5, "u", 3);

    /** Kafka's assignor called directly on the GroupSpec, its answer translated by hand. */
    private static Map<String, List<TopicPartition>> kafkaDirect(ConsumerGroupPartitionAssignor assignor,
                                                                List<Member> members, Map<String, Integer> topics) {
        GroupSpec spec = ServerAssignors.groupSpec(members, topics);
        GroupAssignment assignment = assignor.assign(spec, ServerAssignors.topicDescriber(topics));
        Map<Uuid, String> names = new TreeMap<>();
        topics.keySet().forEach(topic -> names.put(ServerAssignors.topicId(topic), topic));
        Map<String, List<TopicPartition>> result = new TreeMap<>();
        members.forEach(member -> result.put(member.memberId(), new ArrayList<>()));
        assignment.members().forEach((memberId, partitions) -> partitions.partitions().forEach((topicId, ids) ->
                ids.forEach(id -> result.get(memberId).add(new TopicPartition(names.get(topicId), id)))));
        result.values().forEach(list -> list.sort(null));
        return result;
    }

    private static ConsumerGroupPartitionAssignor kafkaAssignor(String name) {
        return name.equals("uniform") ? new UniformAssignor() : new RangeAssignor();
    }

    private static GroupHarness withOnly(String assignor, Map<String, Integer> topics) {
        return new GroupHarness(ConsumerGroupSettings.DEFAULTS.withAssignmentIntervalMs(0)
                .withAssignors(List.of(assignor)), topics);
    }

    @ParameterizedTest
    @ValueSource(strings = {"uniform", "range"})
    void theCoordinatorsTargetsAreKafkasAssignorOutputs(String name) {
        GroupHarness h = withOnly(name, TOPICS);
        h.join("m-a", List.of("t", "u"));
        h.join("m-b", List.of("t", "u"));
        h.join("m-c", List.of("t"));

        Map<String, List<TopicPartition>> one = h.events.targets.get(1);
        Map<String, List<TopicPartition>> two = h.events.targets.get(2);
        // Homogeneous step (epoch 2): each member's input is its previous target.
        assertEquals(kafkaDirect(kafkaAssignor(name), List.of(
                new Member("m-a", null, Set.of("t", "u"), Set.copyOf(one.get("m-a"))),
                new Member("m-b", null, Set.of("t", "u"), Set.of())), TOPICS), two);
        // Heterogeneous step (epoch 3).
        assertEquals(kafkaDirect(kafkaAssignor(name), List.of(
                new Member("m-a", null, Set.of("t", "u"), Set.copyOf(two.get("m-a"))),
                new Member("m-b", null, Set.of("t", "u"), Set.copyOf(two.get("m-b"))),
                new Member("m-c", null, Set.of("t"), Set.of())), TOPICS), h.events.targets.get(3));
        // Every partition exactly once.
        List<TopicPartition> all = new ArrayList<>();
        h.events.targets.get(3).values().forEach(all::addAll);
        assertEquals(8, all.size());
        assertEquals(8, new HashSet<>(all).size());
    }

    @Test
    void rangeGivesContiguousRangesStaticMembersFirstByInstanceId() {
        // §13 Server Range: static members first by instance id, then by member id; P/N each, the first P%N +1.
        GroupHarness h = withOnly("range", Map.of("t", 5));
        h.join("m-a", List.of("t"));
        h.joinStatic("m-b", "i-2", List.of("t"));
        h.joinStatic("m-c", "i-1", List.of("t"));
        assertEquals(Map.of("m-c", tps(0, 1), "m-b", tps(2, 3), "m-a", tps(4)), h.events.targets.get(3));
    }

    @Test
    void uniformIsStickyAndRangeIsNot() {
        // m-0 sorts before m-a. Uniform: m-a keeps {0,1} of its previous target, m-0 gets the released {2,3}.
        // Range ignores the previous target: m-0 [0,1], m-a [2,3].
        GroupHarness uniform = withOnly("uniform", Map.of("t", 4));
        uniform.join("m-a", List.of("t"));
        uniform.join("m-0", List.of("t"));
        assertEquals(Map.of("m-a", tps(0, 1), "m-0", tps(2, 3)), uniform.events.targets.get(2));

        GroupHarness range = withOnly("range", Map.of("t", 4));
        range.join("m-a", List.of("t"));
        range.join("m-0", List.of("t"));
        assertEquals(Map.of("m-0", tps(0, 1), "m-a", tps(2, 3)), range.events.targets.get(2));
    }

    @Test
    void theGroupUsesTheAssignorMostMembersAskForAndAChangeBumpsTheEpoch() {
        GroupHarness h = new GroupHarness(Map.of("t", 4));
        h.join("m-a", List.of("t"));
        h.join("m-0", List.of("t"));
        // Default (uniform, first in group.consumer.assignors): sticky.
        assertEquals(Map.of("m-a", tps(0, 1), "m-0", tps(2, 3)), h.events.targets.get(2));

        h.send(new HeartbeatRequest("m-a", 1, null, -1, null, "range", null));
        // The preferred assignor changed (ConsumerGroup.computePreferredServerAssignor): epoch 3, range's target.
        assertEquals(List.of(1, 2, 3), h.events.bumps);
        assertEquals(Map.of("m-0", tps(0, 1), "m-a", tps(2, 3)), h.events.targets.get(3));
    }

    @Test
    void theAdapterHandsKafkaTheInputItExpects() {
        List<Member> members = List.of(
                new Member("m-b", "i-b", Set.of("t", "missing"), Set.of(tp(0))),
                new Member("m-a", null, Set.of("t"), Set.of(tp(1))));
        GroupSpec spec = ServerAssignors.groupSpec(members, Map.of("t", 3));
        assertEquals(List.of("m-a", "m-b"), List.copyOf(spec.memberIds()), "sorted member ids");
        assertEquals(SubscriptionType.HETEROGENEOUS, spec.subscriptionType(), "subscribed names differ");
        assertEquals(Set.of(ServerAssignors.topicId("t")), spec.memberSubscription("m-b").subscribedTopicIds());
        assertEquals("i-b", spec.memberSubscription("m-b").instanceId().orElseThrow());
        assertEquals(true, spec.isPartitionAssigned(ServerAssignors.topicId("t"), 1));
        assertEquals(false, spec.isPartitionAssigned(ServerAssignors.topicId("t"), 2));
        assertThrows(UnsupportedOperationException.class,
                () -> spec.memberAssignment("m-a").partitions().put(ServerAssignors.topicId("u"), Set.of()));
        assertEquals(-1, ServerAssignors.topicDescriber(Map.of("t", 3)).numPartitions(ServerAssignors.topicId("u")));
    }

    @Test
    void topicIdsAreDerivedFromTheNameOnly() {
        assertEquals(ServerAssignors.topicId("orders"), ServerAssignors.topicId("orders"));
        assertNotEquals(ServerAssignors.topicId("orders"), ServerAssignors.topicId("payments"));
    }

    @Test
    void aMemberWhoseTopicsDoNotExistGetsNothing() {
        GroupHarness h = new GroupHarness(Map.of("t", 2));
        h.send(new HeartbeatRequest("m-a", 0, null, REBALANCE_TIMEOUT_MS, List.of("later"), null, List.of()));
        assertEquals(List.of(), h.assigned("m-a"));
        assertEquals(Map.of("m-a", List.of()), h.events.targets.get(1));
    }
}
