package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.ASSIGNMENT_INTERVAL_MS;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.HEARTBEAT_MS;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.RECONCILIATION_MS;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.SLACK_MS;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.assertNoTwoOwners;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.handoffs;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.ownedBy;
import static org.rebalancesim.run.SimRuns.firstSpanFrom;
import static org.rebalancesim.run.SimRuns.runAll;
import static org.rebalancesim.run.SimRuns.variant;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * group.remote.assignor picks the server assignor (docs/kafka-semantics.md §10 "Broker settings": the
 * default is the first of group.consumer.assignors = [uniform, range]; §13 "Server Range", "Server
 * Uniform"). Two topics, t (7 partitions) and u (4), static members with instance ids pod-c1 < pod-c2 <
 * pod-c3 (< pod-c4, which joins at 60 s), so range orders them by instance id.
 *
 * <p>Range, per topic, each member in order takes a contiguous [next, next + P/n + (extra-- > 0 ? 1 : 0)):
 * with 3 members t = 3+2+2 and u = 2+1+1, the first member taking the extra of both topics
 * (co-partitioned); with 4 members t = 2+2+2+1, u = 1+1+1+1. Range is not sticky: old members trade
 * partitions among themselves, 6 partitions move. Uniform balances the 11 partitions to within 1 (4, 4,
 * 3 then 3, 3, 3, 2) and is sticky: each old member keeps its previous target up to its quota, so only
 * the partitions c4 receives move. Either way a moved partition is handed over only after its release.
 */
class ConsumerProtocolAssignorTest {

    static final String YAML = """
            duration: 100s
            measure: {from: 30s}
            group: {id: kip848-assignors}
            topics: [{name: t, partitions: 7, rate: 70/s}, {name: u, partitions: 4, rate: 40/s}]
            consumers:
              count: 3
              config: {group.protocol: consumer, group.instance.id: pod-$(POD_NAME)}
              processing: {constant: 1ms}
              startup: {stagger: 1700ms, jvmStart: 2s}
            timeline:
              - {at: 60s, start: {consumers: [c4]}}
            variants:
              - name: uniform
              - name: range
                consumers: {config: {group.remote.assignor: range}}
            """;
    static final long BEFORE_MS = 59_000;
    static final long AFTER_MS = 99_000;

    static RunResult run;

    @BeforeAll
    static void runOnce() {
        run = runAll(YAML, "kip848-assignors");
    }

    static Set<String> set(String... partitions) {
        return new TreeSet<>(List.of(partitions));
    }

    @Test
    void rangeIsContiguousPerTopicAndCoPartitioned() {
        VariantResult range = variant(run, "range");
        assertEquals("consumer (range)", range.protocol());
        Map<String, Set<String>> threeMembers = Map.of(
                "c1", set("t-0", "t-1", "t-2", "u-0", "u-1"),
                "c2", set("t-3", "t-4", "u-2"),
                "c3", set("t-5", "t-6", "u-3"));
        threeMembers.forEach((pod, expected) -> assertEquals(expected, ownedBy(range, pod, BEFORE_MS), pod));
        Map<String, Set<String>> fourMembers = Map.of(
                "c1", set("t-0", "t-1", "u-0"),
                "c2", set("t-2", "t-3", "u-1"),
                "c3", set("t-4", "t-5", "u-2"),
                "c4", set("t-6", "u-3"));
        fourMembers.forEach((pod, expected) -> assertEquals(expected, ownedBy(range, pod, AFTER_MS), pod));
    }

    @Test
    void rangeIsNotSticky() {
        VariantResult range = variant(run, "range");
        Series.RebalanceSpan join = firstSpanFrom(range, 60_000);
        assertEquals(6, join.partitionsMoved(), join.toString());
        List<ConsumerProtocolScenarios.Handoff> moved = handoffs(range, 60_000, 100_000);
        assertEquals(6, moved.size(), moved.toString());
        // Old members pass partitions to each other: t-2 and u-1 c1 → c2, t-4 and u-2 c2 → c3.
        assertEquals(4, moved.stream().filter(h -> !h.to().equals("c4")).count(), moved.toString());
        assertHandedOverAfterRelease(range, join, moved);
    }

    @Test
    void uniformIsBalancedAndSticky() {
        VariantResult uniform = variant(run, "uniform");
        assertEquals("consumer (uniform)", uniform.protocol());
        List<Integer> before = List.of("c1", "c2", "c3").stream().map(p -> ownedBy(uniform, p, BEFORE_MS).size())
                .sorted().toList();
        assertEquals(List.of(3, 4, 4), before, "11 over 3, balanced to within 1");
        List<Integer> after = List.of("c1", "c2", "c3", "c4").stream().map(p -> ownedBy(uniform, p, AFTER_MS).size())
                .sorted().toList();
        assertEquals(List.of(2, 3, 3, 3), after, "11 over 4, balanced to within 1");

        Series.RebalanceSpan join = firstSpanFrom(uniform, 60_000);
        List<ConsumerProtocolScenarios.Handoff> moved = handoffs(uniform, 60_000, 100_000);
        Set<String> c4Got = ownedBy(uniform, "c4", AFTER_MS);
        assertEquals(c4Got.size(), join.partitionsMoved(), "only c4's partitions move: " + join);
        assertTrue(moved.stream().allMatch(h -> h.to().equals("c4")), "nothing moves between old members: " + moved);
        for (String pod : List.of("c1", "c2", "c3")) {
            assertTrue(ownedBy(uniform, pod, BEFORE_MS).containsAll(ownedBy(uniform, pod, AFTER_MS)),
                    pod + " keeps a subset of what it had");
        }
        assertHandedOverAfterRelease(uniform, join, moved);
    }

    static void assertHandedOverAfterRelease(VariantResult result, Series.RebalanceSpan join,
                                             List<ConsumerProtocolScenarios.Handoff> moved) {
        for (ConsumerProtocolScenarios.Handoff handoff : moved) {
            assertTrue(handoff.gapMs() > 0 && handoff.gapMs() <= HEARTBEAT_MS + RECONCILIATION_MS + SLACK_MS,
                    handoff.toString());
        }
        assertTrue(join.stableMs() - join.startMs() <= 2 * HEARTBEAT_MS + ASSIGNMENT_INTERVAL_MS + SLACK_MS,
                join.toString());
        assertNoTwoOwners(result, false);
    }
}
