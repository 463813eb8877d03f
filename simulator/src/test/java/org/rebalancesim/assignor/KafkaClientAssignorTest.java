package org.rebalancesim.assignor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerPartitionAssignor;
import org.apache.kafka.common.Cluster;
import org.junit.jupiter.api.Test;
import org.rebalancesim.partition.TopicPartition;

/** How the leader's adapter hands Kafka's answer back: validated, sorted, owned lists kept where unchanged. */
class KafkaClientAssignorTest {

    private static final Map<String, Integer> METADATA = Map.of("t", 4, "u", 2);

    /** An assignor that answers with fixed lists, in Kafka's type, for whoever asks. */
    private static Assignor answering(Map<String, List<org.apache.kafka.common.TopicPartition>> answer) {
        ConsumerPartitionAssignor fixed = new ConsumerPartitionAssignor() {
            @Override
            public GroupAssignment assign(Cluster metadata, GroupSubscription groupSubscription) {
                Map<String, Assignment> assignments = new HashMap<>();
                answer.forEach((member, partitions) -> assignments.put(member, new Assignment(partitions)));
                return new GroupAssignment(assignments);
            }

            @Override
            public String name() {
                return "fixed";
            }
        };
        return new KafkaClientAssignor(fixed, true);
    }

    private static org.apache.kafka.common.TopicPartition kafka(String topic, int partition) {
        return new org.apache.kafka.common.TopicPartition(topic, partition);
    }

    private static Assignor.MemberSubscription member(String memberId, List<TopicPartition> owned) {
        return new Assignor.MemberSubscription(memberId, null, List.of("t", "u"), null, owned, 1);
    }

    @Test
    void answersAreSortedAndAMemberGivenWhatItOwnedGetsItsOwnListBack() {
        List<TopicPartition> ownedByA = List.of(new TopicPartition("t", 1), new TopicPartition("t", 3));
        Assignor assignor = answering(Map.of(
                "m-a", List.of(kafka("t", 1), kafka("t", 3)),
                "m-b", List.of(kafka("u", 1), kafka("t", 2), kafka("u", 0), kafka("t", 0))));
        Map<String, List<TopicPartition>> result = assignor.assign(METADATA,
                List.of(member("m-a", ownedByA), member("m-b", List.of()), member("m-c", List.of())));
        assertSame(ownedByA, result.get("m-a"));
        assertEquals(List.of(new TopicPartition("t", 0), new TopicPartition("t", 2), new TopicPartition("u", 0),
                new TopicPartition("u", 1)), result.get("m-b"));
        assertEquals(List.of(), result.get("m-c"), "a member the answer leaves out gets nothing");
    }

    @Test
    void aPartitionTheLeadersMetadataLacksStopsTheRunWithTheAssignorsName() {
        for (org.apache.kafka.common.TopicPartition missing : List.of(kafka("t", 4), kafka("v", 0), kafka("t", -1))) {
            List<TopicPartition> owned = new ArrayList<>(List.of(new TopicPartition(missing.topic(), missing.partition())));
            Assignor assignor = answering(Map.of("m-a", List.of(missing)));
            for (List<TopicPartition> ownedBefore : List.of(List.<TopicPartition>of(), List.copyOf(owned))) {
                AssignorException e = assertThrows(AssignorException.class,
                        () -> assignor.assign(METADATA, List.of(member("m-a", ownedBefore))));
                assertTrue(e.getMessage().contains("metadata has no such partition"), e.getMessage());
            }
        }
    }
}
