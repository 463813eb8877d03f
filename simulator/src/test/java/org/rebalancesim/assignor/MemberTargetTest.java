package org.rebalancesim.assignor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.coordinator.group.api.assignor.GroupAssignment;
import org.junit.jupiter.api.Test;
import org.rebalancesim.partition.TopicPartition;

/** A member's part of Kafka's answer, translated to our partitions and handed back to the assignor. */
class MemberTargetTest {

    private final TopicTable topics = new TopicTable();
    private final Uuid t = topics.id("t");

    @Test
    void theRangeAssignorsSetsAreReadFromTheirBoundsAndTranslateAsAnyOther() {
        List<ServerAssignors.Member> members = List.of(
                new ServerAssignors.Member("m-a", null, Set.of("t"), Set.of()),
                new ServerAssignors.Member("m-b", null, Set.of("t"), Set.of()));
        Map<String, Integer> metadata = Map.of("t", 7);
        ServerGroupSpec spec = ServerAssignors.groupSpec(members, metadata);
        GroupAssignment answer = ServerAssignors.create(ServerAssignors.RANGE).assign(spec, spec.describer());
        assertNotNull(MemberTarget.RANGE_SET, "Kafka's RangeSet class is found");
        answer.members().forEach((memberId, part) -> {
            Set<Integer> numbers = part.partitions().values().iterator().next();
            assertSame(MemberTarget.RANGE_SET, numbers.getClass(), "the fast path applies");
            Set<TopicPartition> expected = new TreeSet<>();
            numbers.forEach(number -> expected.add(new TopicPartition("t", number)));
            assertEquals(expected, MemberTarget.fromKafka(part.partitions(), spec.target().topics()).topicPartitions());
        });
    }

    @Test
    void translatesToOurPartitionsSorted() {
        Map<Uuid, Set<Integer>> answer = Map.of(t, new HashSet<>(List.of(40, 3, 17, 19)), topics.id("a"), Set.of(2));
        assertEquals(List.of(new TopicPartition("a", 2), new TopicPartition("t", 3), new TopicPartition("t", 17),
                new TopicPartition("t", 19), new TopicPartition("t", 40)),
                MemberTarget.fromKafka(answer, topics).topicPartitions().asList());
    }

    @Test
    void kafkasSetIsHandedBackOnlyWhenItIteratesAsTheSimulatorsOwnWould() {
        Set<Integer> ascendingFill = new HashSet<>(new TreeSet<>(Set.of(91, 192, 596)));
        MemberTarget same = MemberTarget.fromKafka(new HashMap<>(Map.of(t, ascendingFill)), topics);
        assertSame(ascendingFill, same.partitions().get(t));

        Set<Integer> appended = new HashSet<>(ascendingFill);
        appended.add(100);
        MemberTarget other = MemberTarget.fromKafka(new HashMap<>(Map.of(t, appended)), topics);
        Set<Integer> handedOut = other.partitions().get(t);
        assertNotSame(appended, handedOut);
        assertEquals(List.copyOf(new HashSet<>(new TreeSet<>(appended))), List.copyOf(handedOut));
        assertSame(other.partitions(), other.partitions(), "made once");
    }
}
