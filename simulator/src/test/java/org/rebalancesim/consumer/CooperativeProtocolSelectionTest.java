package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.consumer.CooperativeScenarios.OLD_MEMBERS;
import static org.rebalancesim.consumer.CooperativeScenarios.spansBetween;
import static org.rebalancesim.consumer.CooperativeScenarios.statesOverlapping;
import static org.rebalancesim.run.SimRuns.runAll;
import static org.rebalancesim.run.SimRuns.variant;

import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * Which rebalance protocol the classic client uses (docs/kafka-semantics.md §9 "How the protocol is
 * chosen"): ConsumerCoordinator intersects supportedProtocols() over every configured assignor and
 * takes the highest (COOPERATIVE > EAGER). Range, RoundRobin and Sticky support only EAGER,
 * CooperativeSticky both. So Kafka's default [range, cooperative-sticky] is EAGER, and the
 * coordinator's vote picks each member's first choice, range; only [cooperative-sticky] alone is
 * cooperative. [cooperative-sticky, range] is EAGER too, with cooperative-sticky's algorithm chosen
 * by the vote.
 *
 * <p>The label alone proves little, so each variant also has a 4th member join at 60 s: under EAGER
 * every old member revokes everything and is blocked (REBALANCING) until SyncGroup (§9 "Eager"),
 * under COOPERATIVE none of them is (they keep 3 of their 4 partitions, KAFKA-8421).
 */
class CooperativeProtocolSelectionTest {

    static final String YAML = """
            duration: 90s
            measure: {from: 30s}
            group: {id: protocol-choice}
            topics: [{name: t, partitions: 12, rate: 120/s}]
            consumers:
              count: 3
              config: {session.timeout.ms: 10000, heartbeat.interval.ms: 3000}
              processing: {constant: 1ms}
              startup: {jvmStart: 2s}
            timeline:
              - {at: 60s, start: {count: 1}}
            variants:
              - name: kafka-default
              - name: range-then-cooperative
                consumers: {config: {partition.assignment.strategy: [range, cooperative-sticky]}}
              - name: cooperative-only
                consumers: {config: {partition.assignment.strategy: [cooperative-sticky]}}
              - name: cooperative-class-name
                consumers: {config: {partition.assignment.strategy: org.apache.kafka.clients.consumer.CooperativeStickyAssignor}}
              - name: sticky
                consumers: {config: {partition.assignment.strategy: [sticky]}}
              - name: cooperative-then-range
                consumers: {config: {partition.assignment.strategy: [cooperative-sticky, range]}}
            """;

    static RunResult run;

    @BeforeAll
    static void runOnce() {
        run = runAll(YAML, "cooperative-protocol-selection");
    }

    @Test
    void kafkaDefaultStrategyIsEagerRange() {
        assertEquals("classic/eager (range)", variant(run, "kafka-default").protocol());
        assertEquals("classic/eager (range)", variant(run, "range-then-cooperative").protocol());
    }

    @Test
    void cooperativeStickyAloneIsCooperative() {
        assertEquals("classic/cooperative (cooperative-sticky)", variant(run, "cooperative-only").protocol());
        assertEquals("classic/cooperative (cooperative-sticky)", variant(run, "cooperative-class-name").protocol());
    }

    @Test
    void stickyIsEager() {
        assertEquals("classic/eager (sticky)", variant(run, "sticky").protocol());
    }

    /** Both assignors must support COOPERATIVE; the vote then picks the members' first choice. */
    @Test
    void cooperativeStickyFirstWithRangeIsStillEager() {
        assertEquals("classic/eager (cooperative-sticky)", variant(run, "cooperative-then-range").protocol());
    }

    /** The protocol really is the one the label names: old members blocked under EAGER only. */
    @Test
    void behaviourMatchesTheSelectedProtocol() {
        for (String name : List.of("kafka-default", "range-then-cooperative", "sticky", "cooperative-then-range")) {
            VariantResult result = variant(run, name);
            Series.RebalanceSpan join = spansBetween(result, 60_000, 90_000).get(0);
            for (String pod : OLD_MEMBERS) {
                assertFalse(statesOverlapping(result, pod, MemberState.REBALANCING, join.startMs(), join.stableMs()).isEmpty(),
                        name + ": eager " + pod + " revokes everything and is blocked during " + join);
            }
            // Eager needs no follow-up round: one rebalance for the join (§9 "One round").
            assertEquals(1, spansBetween(result, 60_000, 90_000).size(), name + ": " + spansBetween(result, 60_000, 90_000));
        }
        for (String name : List.of("cooperative-only", "cooperative-class-name")) {
            VariantResult result = variant(run, name);
            for (String pod : OLD_MEMBERS) {
                assertTrue(statesOverlapping(result, pod, MemberState.REBALANCING, 30_000, 90_000).isEmpty(),
                        name + ": " + pod + " keeps processing what it keeps");
            }
        }
    }
}
