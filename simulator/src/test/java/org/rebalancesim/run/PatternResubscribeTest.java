package org.rebalancesim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.firstSpanFrom;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * The timeline's subscribe switches the group from a topic list ([orders-us]) to a pattern at 60 s; orders-eu exists
 * from the start, so it is the pattern, not a metadata change, that brings it in (docs/kafka-semantics.md §28).
 * <ul>
 *   <li>{@code pattern:}: subscribe(Pattern) replaces the subscription; the next poll() matches the pattern against
 *       the client's metadata, which already lists orders-eu, and the subscription changed. The members wait in poll()
 *       for records that come every few ms, so that poll is at 60 s, long before the next metadata refresh
 *       (metadata.max.age.ms 10 min). The classic member rejoins at once, and orders-eu is owned within one heartbeat
 *       interval (3 s: both members rejoin from their own poll, no one waits to hear of it). The consumer protocol's
 *       member sends its new topic names in its next regular heartbeat (AbstractMembershipManager
 *       .onSubscriptionUpdated only sets a flag, 4.4.0 bytecode), at most one interval (5 s) later, where the epoch
 *       goes up; the assignment comes in the response to that heartbeat or the next.</li>
 *   <li>{@code regex:}: the next regular heartbeat carries the regex, as any subscription change; it is new to the
 *       group and no resolution ran in the last 10 s, so the coordinator resolves it there and bumps the epoch; the
 *       partitions follow at the next heartbeat.</li>
 * </ul>
 * Nothing of orders-eu is owned before 60 s.
 */
class PatternResubscribeTest {

    static final long SUBSCRIBE_MS = 60_000;
    static final long CLASSIC_HEARTBEAT_MS = 3_000;
    static final long CONSUMER_HEARTBEAT_MS = 5_000;
    static final long SLACK_MS = 50;
    static final long END_MS = 120_000;

    static final String SCENARIO = """
            duration: 120s
            group: {id: resubscribe}
            topics:
              - {name: orders-us, partitions: 4, rate: 200/s}
              - {name: orders-eu, partitions: 4, rate: 200/s}
            consumers:
              count: 2
              subscribe: [orders-us]
              config: {metadata.max.age.ms: 10m, partition.assignment.strategy: cooperative-sticky}
              processing: {constant: 1ms}
            timeline:
              - {at: 60s, subscribe: {consumer: all, pattern: "orders-.*"}}
            variants:
              - name: classic
              - name: consumer-pattern
                consumers: {config: {group.protocol: consumer, partition.assignment.strategy: ~}}
              - name: consumer-regex
                consumers: {config: {group.protocol: consumer, partition.assignment.strategy: ~}}
                timeline:
                  - {at: 60s, subscribe: {consumer: all, regex: "orders-.*"}}
            """;

    private static final RunResult RUN = SimRuns.runAll(SCENARIO, "resubscribe");

    @Test
    void aPatternIsMatchedAtTheNextPollAndTheGroupHearsOfItAtTheNextRequest() {
        for (String name : List.of("classic", "consumer-pattern")) {
            VariantResult result = SimRuns.variant(RUN, name);
            Series.RebalanceSpan span = firstSpanFrom(result, SUBSCRIBE_MS);
            boolean classic = name.equals("classic");
            long sentWithinMs = classic ? 0 : CONSUMER_HEARTBEAT_MS;
            assertTrue(span.startMs() >= SUBSCRIBE_MS && span.startMs() <= SUBSCRIBE_MS + sentWithinMs + SLACK_MS,
                    name + ": " + span);
            long ownedWithinMs = classic ? CLASSIC_HEARTBEAT_MS : 2 * CONSUMER_HEARTBEAT_MS;
            long owned = PatternSubscriptionTest.firstOwned(result);
            assertTrue(owned >= SUBSCRIBE_MS && owned <= SUBSCRIBE_MS + ownedWithinMs + SLACK_MS, name + ": " + owned);
            assertEquals(4, ownersOfNewTopicAtEnd(result), name);
        }
    }

    @Test
    void aRegexIsResolvedByTheCoordinatorAtTheHeartbeatThatCarriesIt() {
        VariantResult result = SimRuns.variant(RUN, "consumer-regex");
        Series.RebalanceSpan span = firstSpanFrom(result, SUBSCRIBE_MS);
        assertTrue(span.startMs() >= SUBSCRIBE_MS && span.startMs() <= SUBSCRIBE_MS + CONSUMER_HEARTBEAT_MS + SLACK_MS,
                span.toString());
        long owned = PatternSubscriptionTest.firstOwned(result);
        assertTrue(owned >= SUBSCRIBE_MS && owned <= SUBSCRIBE_MS + 2 * CONSUMER_HEARTBEAT_MS + SLACK_MS, "owned at " + owned);
        assertEquals(4, ownersOfNewTopicAtEnd(result));
    }

    /** How many partitions of orders-eu have an owner at the end of the run. */
    private static long ownersOfNewTopicAtEnd(VariantResult result) {
        return result.series().ownership().stream()
                .filter(o -> o.partition().startsWith("orders-eu-") && o.toMs() >= END_MS)
                .map(Series.OwnershipInterval::partition).distinct().count();
    }
}
