package org.rebalancesim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.firstSpanFrom;
import static org.rebalancesim.run.SimRuns.spans;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * Pattern subscriptions and a topic created at 100 s that matches (docs/kafka-semantics.md §28). Two members start
 * at 0 s with no JVM start and fetch their metadata at their first poll(); with metadata.max.age.ms 60 s each
 * refreshes at 60 s, 120 s, 180 s (Metadata.timeToNextUpdate).
 * <ul>
 *   <li>{@code pattern:} (subscribe(java.util.regex.Pattern)) is matched by the client at the first poll() after a
 *       refresh that moved the metadata version, so orders-eu enters the subscription at 120 s under either
 *       protocol, and the group hears of it: the classic member rejoins then ("subscription has changed"), the
 *       consumer protocol's member sends its new topic names in its next regular heartbeat, at most one heartbeat
 *       interval later (AbstractMembershipManager.onSubscriptionUpdated only sets a flag, 4.4.0 bytecode), and the
 *       group epoch goes up there. Not before 120 s.</li>
 *   <li>{@code regex:} (subscribe(SubscriptionPattern)) is resolved by the group coordinator: the image with the new
 *       topic (published at once, metadataPropagation 0) makes the next heartbeat of any member, at most one
 *       heartbeat interval (5 s) after 100 s, start a resolution, since the last one was over 10 s before; its result
 *       bumps the group epoch. So the bump falls in [100 s, 105 s], long before any client refresh.</li>
 *   <li>A topic that does not match (audit, created at 150 s) changes no subscription: nothing rebalances.</li>
 * </ul>
 */
class PatternSubscriptionTest {

    static final long CREATE_MS = 100_000;
    static final long REFRESH_AFTER_CREATE_MS = 120_000;
    static final long HEARTBEAT_MS = 5_000;
    static final long SLACK_MS = 50;

    static final String SCENARIO = """
            duration: 200s
            group: {id: patterns}
            topics:
              - {name: orders-us, partitions: 4, rate: 20/s}
              - {name: orders-eu, partitions: 4, rate: 20/s, created: false}
              - {name: audit, partitions: 2, rate: 20/s, created: false}
            consumers:
              count: 2
              subscribe: {pattern: "orders-.*"}
              config: {metadata.max.age.ms: 60s, partition.assignment.strategy: cooperative-sticky}
              processing: {constant: 1ms}
            timeline:
              - {at: 100s, createTopic: {topic: orders-eu}}
              - {at: 150s, createTopic: {topic: audit}}
            variants:
              - name: classic
              - name: consumer-pattern
                consumers: {config: {group.protocol: consumer, partition.assignment.strategy: ~}}
              - name: consumer-regex
                consumers:
                  subscribe: {pattern: ~, regex: "orders-.*"}
                  config: {group.protocol: consumer, partition.assignment.strategy: ~}
            """;

    private static final RunResult RUN = SimRuns.runAll(SCENARIO, "patterns");

    /** The first time any partition of orders-eu has an owner. */
    static long firstOwned(VariantResult result) {
        return result.series().ownership().stream().filter(o -> o.partition().startsWith("orders-eu-"))
                .mapToLong(Series.OwnershipInterval::fromMs).min().orElse(Long.MAX_VALUE);
    }

    @Test
    void clientSidePatternsFollowTheClientsMetadataRefresh() {
        for (String name : List.of("classic", "consumer-pattern")) {
            VariantResult result = SimRuns.variant(RUN, name);
            Series.RebalanceSpan span = firstSpanFrom(result, CREATE_MS);
            long heartbeatMs = name.equals("classic") ? 0 : HEARTBEAT_MS;
            assertTrue(span.startMs() >= REFRESH_AFTER_CREATE_MS
                    && span.startMs() < REFRESH_AFTER_CREATE_MS + heartbeatMs + SLACK_MS, name + ": " + span);
            assertTrue(firstOwned(result) >= REFRESH_AFTER_CREATE_MS, name + ": owned at " + firstOwned(result));
        }
    }

    @Test
    void theCoordinatorResolvesARegexAtTheNextHeartbeatAfterTheNewImage() {
        VariantResult result = SimRuns.variant(RUN, "consumer-regex");
        Series.RebalanceSpan span = firstSpanFrom(result, CREATE_MS);
        assertTrue(span.startMs() >= CREATE_MS && span.startMs() <= CREATE_MS + HEARTBEAT_MS + SLACK_MS, span.toString());
        long owned = firstOwned(result);
        // The target follows at the next heartbeat after the bump, the partitions at the owner's next one.
        assertTrue(owned >= span.startMs() && owned <= span.startMs() + 2 * HEARTBEAT_MS + SLACK_MS, "owned at " + owned);
    }

    @Test
    void aTopicThePatternDoesNotMatchStartsNothing() {
        for (VariantResult result : RUN.variants()) {
            assertEquals(List.of(), spans(result).stream().filter(s -> s.startMs() >= 150_000).toList(), result.name());
            assertTrue(result.series().ownership().stream().noneMatch(o -> o.partition().startsWith("audit-")),
                    result.name());
        }
    }
}
