package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.PodRecordEvent.Kind.ASSIGNED;
import static org.rebalancesim.run.SimRuns.PodRecordEvent.Kind.FETCHED;
import static org.rebalancesim.run.SimRuns.fetchesAndAssignments;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.run.SimRuns.PodRecordEvent;

/**
 * The order a consumer drains its partitions in after an assignment (docs/kafka-semantics.md §18). Kafka's
 * consumer keeps its assignment sorted by topic and partition (ConsumerCoordinator#onJoinComplete and the
 * KIP-848 reconciliation both build a TreeSet; SubscriptionState#assignFromSubscribed keeps that order),
 * fetches in that order, and drains the answers one partition after another (FetchCollector). A member that
 * owned nothing (an eager member after onJoinPrepare revoked everything) therefore starts with the first
 * partition of its new assignment, wherever it stopped before: which records an uncommitted slow record
 * holds back after a takeover depends on it. (Kafka would first drain a fetch completed before the rebalance
 * for a partition assigned again, which the model does not keep: docs/kafka-semantics.md §18.)
 */
class FetchOrderTest {

    private static final TopicPartition T0 = new TopicPartition("t", 0);
    private static final TopicPartition T1 = new TopicPartition("t", 1);

    /**
     * Both members fall behind (6 ms a record against 200 records a second each, 10 records a poll), so each
     * poll stops inside a partition. c2 stops: eager c1 revokes t-0 and t-1 and gets all four, and its first
     * records after that assignment are t-0's, at whichever phase the stop caught it.
     */
    @Test
    void aMemberThatOwnedNothingStartsWithItsFirstPartition() {
        for (String stopAt : List.of("10s", "10.3s", "10.55s", "10.8s", "11.1s")) {
            List<PodRecordEvent> events = fetchesAndAssignments("""
                    duration: 14s
                    group: {id: fetch-order}
                    cluster: {network: {latency: {constant: 5ms}}}
                    topics: [{name: t, partitions: 4, rate: 400/s}]
                    consumers:
                      count: 2
                      config: {partition.assignment.strategy: range, max.poll.records: 10}
                      processing: {constant: 6ms}
                      startup: {jvmStart: 1s}
                    timeline: [{at: %s, stop: {consumer: c2}}]
                    """.formatted(stopAt), "fetch-order");

            PodRecordEvent takeover = events.stream()
                    .filter(e -> e.pod().equals("c1") && e.kind() == ASSIGNED && e.partitions().size() == 4)
                    .findFirst().orElseThrow();
            PodRecordEvent firstFetch = events.stream()
                    .filter(e -> e.pod().equals("c1") && e.kind() == FETCHED && e.atMs() >= takeover.atMs())
                    .findFirst().orElseThrow();
            assertEquals(List.of(T0), firstFetch.partitions(), "c2 stopped at " + stopAt);
        }
    }

    /**
     * A completed fetch holds what the log had when the broker answered it; records written while it is
     * drained come with the partition's next fetch, queued behind the other partition's. So a lone member
     * that can process 166 records a second of the 400 written to its two partitions takes them in turn:
     * neither waits for the other to be caught up with, which would never happen here. (The turns grow
     * longer as the backlog grows: the model's records have no size, so a fetch brings a partition's whole
     * backlog, where Kafka stops at max.partition.fetch.bytes.)
     */
    @Test
    void aMemberBehindOnEveryPartitionTakesThemInTurn() {
        List<PodRecordEvent> events = fetchesAndAssignments("""
                duration: 20s
                group: {id: fetch-turns}
                cluster: {network: {latency: {constant: 5ms}}}
                topics: [{name: t, partitions: 2, rate: 400/s}]
                consumers:
                  count: 1
                  config: {max.poll.records: 10}
                  processing: {constant: 6ms}
                  startup: {jvmStart: 1s}
                """, "fetch-turns");

        List<PodRecordEvent> late = events.stream().filter(e -> e.kind() == FETCHED && e.atMs() >= 10_000).toList();
        long ofT0 = late.stream().filter(e -> e.partitions().equals(List.of(T0))).count();
        long ofT1 = late.stream().filter(e -> e.partitions().equals(List.of(T1))).count();
        assertTrue(ofT0 > 0 && ofT1 > 0, "both partitions are fetched in the last 10 s: t-0 " + ofT0 + ", t-1 " + ofT1);
    }
}
