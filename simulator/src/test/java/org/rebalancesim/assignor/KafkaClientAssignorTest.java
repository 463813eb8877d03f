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
    void aPartitionTheClusterLacksStopsTheRunWithTheAssignorsName() {
        for (org.apache.kafka.common.TopicPartition missing : List.of(kafka("t", 4), kafka("v", 0), kafka("t", -1))) {
            List<TopicPartition> owned = new ArrayList<>(List.of(new TopicPartition(missing.topic(), missing.partition())));
            Assignor assignor = answering(Map.of("m-a", List.of(missing)));
            for (List<TopicPartition> ownedBefore : List.of(List.<TopicPartition>of(), List.copyOf(owned))) {
                AssignorException e = assertThrows(AssignorException.class,
                        () -> assignor.assign(METADATA, List.of(member("m-a", ownedBefore))));
                assertTrue(e.getMessage().contains("the cluster has no such partition"), e.getMessage());
            }
        }
    }

    @Test
    void aPartitionNewerThanTheLeadersMetadataIsKeptWhenTheClusterHasIt() {
        // The leader knows t-0..t-3; the cluster has t-4 too, which a leader with newer metadata gave m-a.
        List<TopicPartition> ownedByA = List.of(new TopicPartition("t", 1), new TopicPartition("t", 4));
        Assignor assignor = answering(Map.of("m-a", List.of(kafka("t", 1), kafka("t", 4))));
        Map<String, List<TopicPartition>> result = assignor.assign(METADATA, Map.of("t", 5, "u", 2),
                List.of(member("m-a", ownedByA)));
        assertEquals(ownedByA, result.get("m-a"));
    }

    @Test
    void onePartitionAnsweredToTwoMembersStopsTheRun() {
        Assignor assignor = answering(Map.of("m-a", List.of(kafka("t", 1)), "m-b", List.of(kafka("t", 1))));
        AssignorException e = assertThrows(AssignorException.class,
                () -> assignor.assign(METADATA, List.of(member("m-a", List.of()), member("m-b", List.of()))));
        assertTrue(e.getMessage().matches(".*assigned t-1 to both m-[ab] and m-[ab].*"), e.getMessage());
    }

    /**
     * Kafka's CooperativeStickyAssignor (the 4.4.0 jar) keeps owned partitions by topic only
     * (AbstractStickyAssignor.allSubscriptionsEqual) but computes its quotas from the leader's metadata. A
     * leader that knows 24 partitions of t1, in a group whose members own t1-24 and t1-25 (handed out by
     * a leader with newer metadata), answers with partitions given twice: the input a fuzz run met after a
     * leader change that followed an addPartitions. The run stops there (the classic coordinator would
     * hand it out unchecked), which ClassicMember reports as Kafka's own outcome.
     */
    @Test
    void kafkasCooperativeStickyAssignorOnAStaleLeaderAnswersAPartitionTwice() {
        Assignor assignor = Assignors.builtIn().create("cooperative-sticky");
        Map<String, List<String>> owned = new java.util.LinkedHashMap<>();
        owned.put("pod-c4", List.of("t1-3", "t1-11", "t1-19", "t2-3"));
        owned.put("pod-c3", List.of("t1-2", "t1-5", "t1-10", "t1-18"));
        owned.put("pod-c6", List.of("t1-16", "t1-21", "t1-24"));
        owned.put("pod-c5", List.of("t1-4", "t1-12", "t1-20", "t2-4"));
        owned.put("pod-c8", List.of("t1-7", "t1-15", "t1-23", "t2-0"));
        owned.put("pod-c7", List.of("t1-6", "t1-14", "t1-22", "t1-25"));
        owned.put("pod-c2", List.of("t1-1", "t1-9", "t1-17", "t2-1"));
        List<Assignor.MemberSubscription> members = new ArrayList<>();
        owned.forEach((id, partitions) -> members.add(new Assignor.MemberSubscription(id, null, List.of("t1", "t2"),
                null, partitions.stream().map(KafkaClientAssignorTest::parse).sorted().toList(), 8)));
        AssignorException e = assertThrows(AssignorException.class,
                () -> assignor.assign(Map.of("t1", 24, "t2", 5), Map.of("t1", 26, "t2", 5), members));
        assertTrue(e.getMessage().contains("to both"), e.getMessage());
        assertTrue(!e.isBadInput(), "flagged as Kafka's outcome by the leader that knows its metadata was stale");
        assertTrue(e.onStaleLeaderMetadata("why").isBadInput());
    }

    private static TopicPartition parse(String name) {
        int dash = name.lastIndexOf('-');
        return new TopicPartition(name.substring(0, dash), Integer.parseInt(name.substring(dash + 1)));
    }
}
