package org.rebalancesim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.firstSpanFrom;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;

import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * Rebalances caused by metadata (docs/kafka-semantics.md §14 "metadata.max.age.ms and partition changes":
 * the classic leader notices new partitions on its next metadata refresh, at most 5 min later, and
 * rejoins, which starts a rebalance; §1: the leader's JoinGroup in Stable always rebalances, and a
 * JoinGroup whose metadata (subscription) differs does too).
 */
class MetadataChangeTest {

    static final String SCENARIO = """
            duration: 400s
            group: {id: grow}
            topics: [{name: t, partitions: 6, rate: 60/s}, {name: u, partitions: 3, rate: 30/s}]
            consumers:
              count: 3
              subscribe: [t]
              config: {session.timeout.ms: 10000, heartbeat.interval.ms: 3000}
              processing: {constant: 1ms}
              startup: {jvmStart: 2s}
            timeline:
              - at: 60s
                addPartitions: {topic: t, count: 12}
              - at: 350s
                subscribe: {consumer: all, topics: [t, u]}
            """;

    @Test
    void leaderPicksUpNewPartitionsWithinOneMetadataMaxAge() {
        VariantResult result = run(SCENARIO, "add-partitions");

        Series.RebalanceSpan span = firstSpanFrom(result, 60_000);
        assertTrue(span.cause().contains("leader"), "the leader's rejoin starts it: " + span.cause());
        assertTrue(span.startMs() > 60_000 && span.startMs() <= 60_000 + 300_000 + 50,
                "rebalance at " + span.startMs() + ", more than metadata.max.age.ms after the change");
        // After it, all 12 partitions of t have an owner.
        Set<String> owned = result.series().ownership().stream()
                .filter(o -> o.fromMs() >= span.stableMs() - 10 && o.partition().startsWith("t-"))
                .map(Series.OwnershipInterval::partition).collect(Collectors.toSet());
        assertEquals(12, owned.size(), "owned after the rebalance: " + owned);
        assertEquals(0, metric(result, "evictions"));
    }

    @Test
    void subscriptionChangeRebalancesAtTheNextPoll() {
        VariantResult result = run(SCENARIO, "subscription-change");

        Series.RebalanceSpan span = firstSpanFrom(result, 350_000);
        // The members are idle in poll(): they rejoin at once with new metadata (one one-way latency).
        assertTrue(span.startMs() <= 350_000 + 10, "rebalance at " + span.startMs());
        assertTrue(span.stableMs() <= 350_000 + 50, "every member rejoins at once: " + span);
        assertTrue(result.series().ownership().stream()
                .anyMatch(o -> o.partition().startsWith("u-") && o.fromMs() >= span.stableMs() - 10),
                "u's partitions are assigned after the change");
    }
}
