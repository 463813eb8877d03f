package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.consumer.CooperativeScenarios.OLD_MEMBERS;
import static org.rebalancesim.consumer.CooperativeScenarios.PER_PARTITION_PER_MS;
import static org.rebalancesim.consumer.CooperativeScenarios.maxLagBetween;
import static org.rebalancesim.consumer.CooperativeScenarios.ownerAt;
import static org.rebalancesim.consumer.CooperativeScenarios.ownershipOf;
import static org.rebalancesim.consumer.CooperativeScenarios.partitions;
import static org.rebalancesim.consumer.CooperativeScenarios.scenario;
import static org.rebalancesim.consumer.CooperativeScenarios.spansBetween;
import static org.rebalancesim.consumer.CooperativeScenarios.statesOverlapping;
import static org.rebalancesim.run.SimRuns.metric;
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
 * Processing during a rebalance (docs/kafka-semantics.md §9 "Processing during a rebalance": poll() does
 * not block on the join, and since KAFKA-8421 owned partitions keep returning records during a
 * cooperative rebalance; docs/metrics.md stopTheWorldMs: "cooperative: only while it holds nothing it may
 * process"). A 4th member joins at 60 s (Kafka's default auto-commit on). The old members keep 3 of
 * their 4 partitions throughout, so they are never blocked, and the only extra lag is that of the
 * moved partitions while nobody owns them. Under eager every member revokes everything before its
 * JoinGroup and is blocked until its SyncGroup answer (§9 "Eager").
 */
class CooperativeProcessingTest {

    static final String YAML = scenario("100s", "range", "", "- {at: 60s, start: {count: 1}}") + """
            variants:
              - name: eager
              - name: cooperative
                consumers: {config: {partition.assignment.strategy: cooperative-sticky}}
            """;

    static RunResult run;

    @BeforeAll
    static void runOnce() {
        run = runAll(YAML, "cooperative-processing");
    }

    @Test
    void membersThatKeepPartitionsAreNeverBlocked() {
        VariantResult result = variant(run, "cooperative");
        List<Series.RebalanceSpan> join = spansBetween(result, 60_000, 100_000);
        long joinStable = join.get(join.size() - 1).stableMs();
        for (String pod : OLD_MEMBERS) {
            assertTrue(statesOverlapping(result, pod, MemberState.REBALANCING, 30_000, 100_000).isEmpty(),
                    pod + " was blocked: " + statesOverlapping(result, pod, MemberState.REBALANCING, 30_000, 100_000));
            assertTrue(statesOverlapping(result, pod, MemberState.CONSUMING, join.get(0).startMs(), joinStable).stream()
                            .anyMatch(s -> s.fromMs() <= join.get(0).startMs() && s.toMs() >= joinStable),
                    pod + " should be CONSUMING throughout the rebalance " + join);
        }
        // Only c4, which owns nothing until the last round, may be blocked; never before its JVM is up
        // (62 s) nor after the round that gives it its partitions.
        List<Series.StateInterval> c4Blocked = statesOverlapping(result, "c4", MemberState.REBALANCING, 30_000, 100_000);
        assertFalse(c4Blocked.isEmpty(), "c4 holds nothing while it joins");
        assertTrue(c4Blocked.stream().allMatch(s -> s.fromMs() >= 62_000 && s.toMs() <= joinStable + 10), "c4: " + c4Blocked);
        assertTrue(metric(result, "stopTheWorldMs") <= joinStable + 10 - 62_000,
                "stopTheWorldMs " + metric(result, "stopTheWorldMs") + " counts more than c4's wait");
    }

    /**
     * The lag never rises above the pre-join baseline plus what the moved partitions accumulate while
     * they have no owner (10/s × their gap each), with 2 records of slack per partition for batch edges:
     * the 9 kept partitions add nothing.
     */
    @Test
    void lagOfKeptPartitionsDoesNotBuildUp() {
        VariantResult result = variant(run, "cooperative");
        List<Series.RebalanceSpan> join = spansBetween(result, 60_000, 100_000);
        long joinStart = join.get(0).startMs();
        long joinStable = join.get(join.size() - 1).stableMs();

        long baseline = maxLagBetween(result, 31_000, 59_000);
        double movedBacklog = 0;
        int moved = 0;
        for (String partition : partitions(result)) {
            if (!ownerAt(result, partition, 59_000).equals(ownerAt(result, partition, 99_000))) {
                moved++;
                List<Series.OwnershipInterval> intervals = ownershipOf(result, partition);
                for (int i = 1; i < intervals.size(); i++) {
                    if (intervals.get(i).fromMs() > 59_000 && intervals.get(i).fromMs() < 99_000) {
                        movedBacklog += PER_PARTITION_PER_MS * (intervals.get(i).fromMs() - intervals.get(i - 1).toMs());
                    }
                }
            }
        }
        double bound = baseline + movedBacklog + 2 * 12;
        long during = maxLagBetween(result, joinStart, joinStable + 500);
        assertTrue(moved == 3, "moved: " + moved);
        assertTrue(during <= bound, "lag " + during + " during the rebalance > baseline " + baseline
                + " + moved partitions' backlog " + movedBacklog + " + slack");
    }

    /**
     * docs/metrics.md stopTheWorldMs: "cooperative ...: only while it holds nothing it may process", counted
     * while "a rebalance is in progress". c4 holds nothing from its first JoinGroup until the handover
     * round gives it its 3 partitions, and the group is rebalancing all that time (but for the few ms
     * between the first round's Stable and the first revoker's rejoin). So c4 is blocked through both
     * rounds, as protocols-rolling-restart.yaml also says ("only the returning pod waits, through both
     * rounds"), including the up-to-one-heartbeat wait before it notices the second round.
     */
    @Test
    void joiningMemberIsBlockedThroughBothRounds() {
        VariantResult result = variant(run, "cooperative");
        List<Series.StateInterval> blocked = statesOverlapping(result, "c4", MemberState.REBALANCING, 60_000, 100_000);
        long firstBlocked = blocked.get(0).fromMs();
        long firstOwned = result.series().ownership().stream().filter(o -> o.member().equals("c4"))
                .mapToLong(Series.OwnershipInterval::fromMs).min().orElseThrow();
        long blockedMs = blocked.stream().mapToLong(s -> Math.min(s.toMs(), firstOwned) - s.fromMs()).sum();
        long stableBetweenRounds = 0;
        for (int i = 1; i < blocked.size(); i++) {
            stableBetweenRounds += blocked.get(i).fromMs() - blocked.get(i - 1).toMs();
        }
        assertTrue(blockedMs >= firstOwned - firstBlocked - stableBetweenRounds - 10, "c4 blocked " + blockedMs
                + " ms of the " + (firstOwned - firstBlocked) + " ms it waited for partitions: " + blocked);
        // The group is Stable for a few ms between the rounds (the revoker's rejoin, a round trip).
        for (int i = 1; i < blocked.size(); i++) {
            assertTrue(blocked.get(i).fromMs() - blocked.get(i - 1).toMs() <= 50, "gap between rounds: " + blocked);
        }
        // c4 had never held partitions: its wait is a new member's (docs/metrics.md newMemberWaitMs), less only
        // the few ms the group is Stable between the rounds (not "a rebalance in progress"). The old members
        // keep what stays theirs, so none of them is stopped.
        assertTrue(metric(result, "newMemberWaitMs") >= firstOwned - firstBlocked - 50);
        assertEquals(0, metric(result, "stopTheWorldMs"));
    }

    @Test
    void underEagerEveryLiveMemberIsBlockedDuringTheRebalance() {
        VariantResult result = variant(run, "eager");
        Series.RebalanceSpan join = spansBetween(result, 60_000, 100_000).get(0);
        for (String pod : List.of("c1", "c2", "c3", "c4")) {
            assertFalse(statesOverlapping(result, pod, MemberState.REBALANCING, join.startMs(), join.stableMs()).isEmpty(),
                    pod + " should be REBALANCING during " + join);
        }
        // The old members each stop from their rejoin until SyncGroup, at least a round trip each.
        assertTrue(metric(result, "stopTheWorldMs") > 0);
    }
}
