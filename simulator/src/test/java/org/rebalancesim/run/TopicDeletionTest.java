package org.rebalancesim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.firstSpanFrom;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.events.GroupListener;
import org.rebalancesim.events.PodEvents;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.partition.TopicPartition;

/**
 * A topic the group consumes is deleted on the timeline (docs/kafka-semantics.md §16). The brokers' metadata drops
 * it at once, and a fetch under way for one of its partitions is answered UNKNOWN_TOPIC_ID, which makes that client
 * ask for a metadata update (FetchCollector#handleInitializeErrors). A classic group rebalances when its leader's
 * metadata no longer shows the topic (ConsumerCoordinator.rejoinNeededOrPending): at once when the leader itself
 * held a partition of it, else at the leader's next refresh, metadata.max.age.ms (60 s here) after its last one; a
 * member subscribed by pattern rejoins itself at once, its subscription having changed. Under the consumer protocol
 * the coordinator drops the partitions from the target at its next heartbeat. Either way the partitions are revoked
 * (onPartitionsRevoked), not lost: their member is still in the group.
 */
class TopicDeletionTest {

    static final long DELETE_MS = 100_000;
    static final long MAX_AGE_MS = 60_000;
    static final long HEARTBEAT_MS = 5_000;
    static final long SLACK_MS = 100;

    /** c1 starts first and leads; at 10 s only c2 subscribes to audit, so the leader holds none of it. */
    static final String FOLLOWER_HOLDS_IT = """
            duration: 200s
            group: {id: deleted}
            topics:
              - {name: orders, partitions: 4, rate: 20/s}
              - {name: audit, partitions: 4, rate: 20/s}
            consumers:
              count: 2
              subscribe: [orders]
              startup: {stagger: 2s}
              config: {metadata.max.age.ms: 60s, partition.assignment.strategy: cooperative-sticky}
              processing: {constant: 1ms}
            timeline:
              - {at: 10s, subscribe: {consumer: c2, topics: [orders, audit]}}
              - {at: 100s, deleteTopic: {topic: audit}}
            """;

    /** Every pod reads audit from the start. */
    static final String ALL_READ_IT = FOLLOWER_HOLDS_IT
            .replace("  - {at: 10s, subscribe: {consumer: c2, topics: [orders, audit]}}\n", "")
            .replace("subscribe: [orders]", "subscribe: [orders, audit]");

    /** One member, the leader, holds every partition of audit. */
    static final String LEADER_HOLDS_IT = ALL_READ_IT.replace("count: 2", "count: 1");

    static final String BY_PATTERN = FOLLOWER_HOLDS_IT.replace("topics: [orders, audit]}", "pattern: 'orders|audit'}");

    static final String CONSUMER_PROTOCOL = ALL_READ_IT.replace(
            "metadata.max.age.ms: 60s, partition.assignment.strategy: cooperative-sticky", "group.protocol: consumer");

    @Test
    void classicLeaderHoldingAPartitionOfItRejoinsAtOnce() {
        assertRebalanceStartsBetween(LEADER_HOLDS_IT, DELETE_MS, DELETE_MS + SLACK_MS);
    }

    @Test
    void classicLeaderHoldingNoneOfItRejoinsAtItsNextMetadataRefresh() {
        assertRebalanceStartsBetween(FOLLOWER_HOLDS_IT, DELETE_MS + SLACK_MS, DELETE_MS + MAX_AGE_MS + SLACK_MS);
    }

    @Test
    void classicFollowerSubscribedByPatternRejoinsAtOnce() {
        assertRebalanceStartsBetween(BY_PATTERN, DELETE_MS, DELETE_MS + SLACK_MS);
    }

    @Test
    void consumerProtocolCoordinatorDropsThePartitionsAtTheNextHeartbeat() {
        assertRebalanceStartsBetween(CONSUMER_PROTOCOL, DELETE_MS, DELETE_MS + HEARTBEAT_MS + SLACK_MS);
    }

    /** The first rebalance from the deletion on starts in [fromMs, toMs]. */
    private static void assertRebalanceStartsBetween(String yaml, long fromMs, long toMs) {
        long startMs = firstSpanFrom(run(yaml, "deleted"), DELETE_MS).startMs();
        assertTrue(startMs >= fromMs && startMs <= toMs, "rebalance at " + startMs + ", not in [" + fromMs + ", "
                + toMs + "]");
    }

    /** Every partition of audit is revoked once after the deletion, and none is lost. */
    @ParameterizedTest
    @ValueSource(strings = {"leader", "follower", "pattern", "consumer"})
    void thePartitionsAreRevokedNotLost(String scenario) {
        String yaml = switch (scenario) {
            case "leader" -> LEADER_HOLDS_IT;
            case "follower" -> FOLLOWER_HOLDS_IT;
            case "pattern" -> BY_PATTERN;
            default -> CONSUMER_PROTOCOL;
        };
        List<TopicPartition> revoked = new ArrayList<>();
        List<TopicPartition> lost = new ArrayList<>();
        SimRuns.observe(yaml, scenario, (Simulation sim) -> new GroupListener() {
            @Override
            public void partitionsRevoked(PodEvents.PartitionsRevoked event) {
                if (sim.nowMs() >= DELETE_MS) {
                    event.partitions().stream().filter(tp -> tp.topic().equals("audit")).forEach(revoked::add);
                }
            }

            @Override
            public void partitionsLost(PodEvents.PartitionsLost event) {
                lost.addAll(event.partitions());
            }
        });
        assertEquals(List.of(), lost);
        assertEquals(List.of("audit-0", "audit-1", "audit-2", "audit-3"),
                revoked.stream().map(TopicPartition::toString).sorted().toList());
    }

    /**
     * c2 holds every partition of audit and is paused by GC from 90 s to 110 s: the records audit got from 90 s to
     * 100 s are deleted with it, unprocessed. They are not lag (no consumer will ever be behind on them), so
     * recordsProduced counts of audit only what was processed, the 90 s before the pause (docs/metrics.md); and audit's
     * partitions are down only until the deletion, 10 s each, where an orders partition c2 holds would be down the
     * whole 20 s (the sticky assignor gave c1 all of orders here, to balance c2's audit).
     */
    @Test
    void aDeletedTopicsUnprocessedRecordsAreNeitherLagNorDowntimeAfterTheDeletion() {
        VariantResult result = run(FOLLOWER_HOLDS_IT.replace("  - {at: 100s, deleteTopic",
                "  - {at: 90s, gcPause: {consumer: c2, duration: 20s}}\n  - {at: 100s, deleteTopic"), "paused");
        long ordersProduced = 200 * 20;
        long auditBeforePause = 90 * 20;
        long produced = metric(result, "recordsProduced");
        assertTrue(produced > ordersProduced + auditBeforePause - 5 && produced <= ordersProduced + auditBeforePause,
                "recordsProduced " + produced);
        assertTrue(metric(result, "finalLag") < 5, "finalLag " + metric(result, "finalLag"));
        long c2OrdersAtPause = result.series().ownership().stream()
                .filter(o -> o.partition().startsWith("orders-") && o.member().equals("c2")
                        && o.fromMs() <= 90_000 && o.toMs() >= 110_000)
                .count();
        assertEquals(c2OrdersAtPause * 20_000 + 4 * 10_000, metric(result, "downtimeByCause.pausedOwner"));
    }

    /**
     * The ownership chart shows who holds audit's partitions until they are revoked, as Kafka's members do: under the
     * consumer protocol at the next heartbeat, under the classic protocol at the leader's next refresh.
     */
    @Test
    void theDeletedPartitionsAreHeldUntilRevoked() {
        long consumer = lastHeld(run(CONSUMER_PROTOCOL, "consumer-protocol"));
        assertTrue(consumer > DELETE_MS && consumer <= DELETE_MS + 2 * HEARTBEAT_MS + SLACK_MS, "held until " + consumer);
        long classic = lastHeld(run(FOLLOWER_HOLDS_IT, "follower-holds-it"));
        assertTrue(classic > DELETE_MS + SLACK_MS && classic <= DELETE_MS + MAX_AGE_MS + 2 * SLACK_MS,
                "held until " + classic);
    }

    /** When the last holding of one of audit's partitions ended. */
    private static long lastHeld(VariantResult result) {
        return result.series().ownership().stream().filter(o -> o.partition().startsWith("audit-"))
                .mapToLong(Series.OwnershipInterval::toMs).max().orElseThrow();
    }
}
