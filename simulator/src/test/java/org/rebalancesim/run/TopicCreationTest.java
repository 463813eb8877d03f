package org.rebalancesim.run;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.firstSpanFrom;
import static org.rebalancesim.run.SimRuns.run;

import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * A topic the group subscribes to by name is created on the timeline (docs/kafka-semantics.md §16). Two classic
 * members start at 0 s (no JVM start) and fetch their metadata at their first poll(), so with metadata.max.age.ms
 * 60 s the leader refreshes at 60 s, 120 s, 180 s (Metadata.timeToNextUpdate: the last successful refresh + 60 s).
 * The topic appears at 100 s: the leader's snapshot (ConsumerCoordinator.rejoinNeededOrPending) differs from its
 * metadata first at the 120 s refresh, so the rebalance starts at 120 s, not at 100 s and not later. Under the
 * consumer protocol the coordinator hears of the topic at its publication (metadataPropagation 0: at once) and the
 * group epoch goes up at the next heartbeat of any member, within one heartbeat interval (5 s) of 100 s.
 */
class TopicCreationTest {

    static final long CREATE_MS = 100_000;
    static final long LEADER_REFRESH_MS = 2 * 60_000;
    static final long SLACK_MS = 50;

    static final String SCENARIO = """
            duration: 200s
            group: {id: created}
            topics:
              - {name: orders, partitions: 4, rate: 20/s}
              - {name: audit, partitions: 4, rate: 20/s, created: false}
            consumers:
              count: 2
              subscribe: [orders, audit]
              config: {metadata.max.age.ms: 60s, partition.assignment.strategy: cooperative-sticky}
              processing: {constant: 1ms}
            timeline:
              - at: 100s
                createTopic: {topic: audit}
            """;

    static final String CONSUMER = SCENARIO.replace("config: {metadata.max.age.ms: 60s, partition.assignment.strategy:"
            + " cooperative-sticky}", "config: {group.protocol: consumer}");

    /** The first time any partition of audit has an owner. */
    static long firstOwned(VariantResult result) {
        return result.series().ownership().stream().filter(o -> o.partition().startsWith("audit-"))
                .mapToLong(Series.OwnershipInterval::fromMs).min().orElse(Long.MAX_VALUE);
    }

    @Test
    void classicLeaderSeesTheNewTopicAtItsFirstRefreshAfterTheCreation() {
        VariantResult result = run(SCENARIO, "classic-created");
        Series.RebalanceSpan span = firstSpanFrom(result, CREATE_MS);
        // The rebalance starts when the leader's JoinGroup reaches the coordinator: a network latency after 120 s.
        assertTrue(span.startMs() >= LEADER_REFRESH_MS && span.startMs() < LEADER_REFRESH_MS + SLACK_MS, span.toString());
        long owned = firstOwned(result);
        assertTrue(owned >= LEADER_REFRESH_MS && owned < LEADER_REFRESH_MS + SLACK_MS, "owned at " + owned);
    }

    @Test
    void consumerProtocolCoordinatorTakesItAtTheNextHeartbeat() {
        VariantResult result = run(CONSUMER, "consumer-created");
        Series.RebalanceSpan span = firstSpanFrom(result, CREATE_MS);
        assertTrue(span.startMs() >= CREATE_MS && span.startMs() <= CREATE_MS + 5_000 + SLACK_MS, span.toString());
        long owned = firstOwned(result);
        assertTrue(owned >= CREATE_MS && owned <= CREATE_MS + 2 * 5_000 + SLACK_MS, "owned at " + owned);
    }
}
