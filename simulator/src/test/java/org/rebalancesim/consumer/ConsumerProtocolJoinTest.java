package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.ASSIGNMENT_INTERVAL_MS;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.OLD_MEMBERS;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.RECONCILIATION_MS;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.SLACK_MS;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.assertNeverBlocked;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.assertNoTwoOwners;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.assertUnbroken;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.epochBumpsFrom;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.epochOf;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.handoffs;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.ownedBy;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.scenario;
import static org.rebalancesim.consumer.CooperativeScenarios.ownerAt;
import static org.rebalancesim.consumer.CooperativeScenarios.partitions;
import static org.rebalancesim.run.SimRuns.firstSpanFrom;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * A member joins a stable KIP-848 group (docs/kafka-semantics.md §10). There is no join barrier: the join
 * heartbeat bumps the group epoch and, the batching interval having long passed, computes the target in
 * that very heartbeat ("Target assignment"). Uniform gives 12 / 4 = 3 partitions each: every old member
 * keeps 3 of its 4 (sticky up to its quota, §13 UHom) and releases one to c4. Each old member learns of
 * its revocation at its next heartbeat (≤ interval), reconciles at once in poll() (stop fetching, commit,
 * onPartitionsRevoked) and acknowledges with an immediate heartbeat, which frees the partition; c4 gets
 * it at its own next heartbeat (≤ interval), "since nothing is pushed" (§10 "Consequences").
 *
 * <p>So: members that keep partitions never stop processing; each moved partition has a gap between
 * its old owner's release and its new owner's start that is > 0 (the old owner released it first) and
 * ≤ one heartbeat interval + a few round trips; and the whole rebalance takes at most two heartbeat
 * intervals plus the batching interval plus round trips. Checked at the minimum (5000) and a larger
 * (10000) group.consumer.heartbeat.interval.ms.
 */
class ConsumerProtocolJoinTest {

    static final long JOIN_AT_MS = 60_000;
    /** The pod starts at 60 s; its JVM takes 2 s; its first poll() sends the join heartbeat at once. */
    static final long C4_UP_MS = JOIN_AT_MS + 2_000;
    static final long END_MS = 120_000;

    static VariantResult runWithHeartbeat(long heartbeatMs) {
        return run(scenario("120s", "group.consumer.heartbeat.interval.ms: " + heartbeatMs, "",
                "{at: 60s, start: {consumers: [c4]}}"), "kip848-join-" + heartbeatMs);
    }

    @ParameterizedTest(name = "group.consumer.heartbeat.interval.ms={0}")
    @ValueSource(longs = {5000, 10000})
    void joinCompletesWithinTwoHeartbeatsWithoutStoppingOthers(long heartbeatMs) {
        VariantResult result = runWithHeartbeat(heartbeatMs);
        long bound = 2 * heartbeatMs + ASSIGNMENT_INTERVAL_MS + SLACK_MS;

        Series.RebalanceSpan span = firstSpanFrom(result, JOIN_AT_MS);
        assertTrue(span.cause().contains("joined"), "the join bumps the group epoch: " + span.cause());
        assertTrue(span.startMs() >= C4_UP_MS && span.startMs() <= C4_UP_MS + SLACK_MS,
                "the join heartbeat is sent at once: " + span);
        assertTrue(span.stableMs() - span.startMs() <= bound,
                "the rebalance took " + (span.stableMs() - span.startMs()) + " ms > " + bound + ": " + span);
        assertEquals(1, metric(result, "rebalances"), "one new target epoch");
        // docs/metrics.md: the rebalance is the target epoch of the join's epoch bump, which all members reach.
        List<Series.StoryEvent> bumps = epochBumpsFrom(result, JOIN_AT_MS);
        assertEquals(1, bumps.size(), "only the join bumps the epoch: " + bumps);
        assertEquals(epochOf(bumps.get(0)), span.generation(), span.toString());
        assertEquals(3, span.partitionsMoved(), "uniform moves one partition from each old member");

        // The members that keep partitions are never blocked and keep them in one unbroken interval.
        for (String pod : OLD_MEMBERS) {
            assertNeverBlocked(result, pod, 30_000, END_MS);
            Set<String> kept = ownedBy(result, pod, END_MS - 1);
            assertEquals(3, kept.size(), pod + " keeps 3 of its 4: " + kept);
            assertTrue(ownedBy(result, pod, JOIN_AT_MS - 1).containsAll(kept), pod + " kept only its own");
            for (String partition : kept) {
                assertUnbroken(result, partition, pod, JOIN_AT_MS - 1_000, END_MS);
            }
        }
        assertEquals(0, metric(result, "evictions"));
        assertNoTwoOwners(result, false);
    }

    /**
     * Each moved partition: the old owner releases it within one heartbeat interval of the target (its
     * next heartbeat, then its reconciliation: a commit and poll() loop turns); c4 starts it strictly after
     * the release and within one interval and a reconciliation of it (c4's next heartbeat), so the gap is
     * also below the whole-handoff bound.
     */
    @ParameterizedTest(name = "group.consumer.heartbeat.interval.ms={0}")
    @ValueSource(longs = {5000, 10000})
    void eachMovedPartitionReachesItsNewOwnerOnlyAfterItsRelease(long heartbeatMs) {
        VariantResult result = runWithHeartbeat(heartbeatMs);
        Series.RebalanceSpan span = firstSpanFrom(result, JOIN_AT_MS);

        List<ConsumerProtocolScenarios.Handoff> moved = handoffs(result, JOIN_AT_MS, END_MS);
        assertEquals(3, moved.size(), "moved: " + moved);
        for (ConsumerProtocolScenarios.Handoff handoff : moved) {
            assertEquals("c4", handoff.to(), handoff.toString());
            assertTrue(handoff.releasedMs() >= span.startMs()
                            && handoff.releasedMs() <= span.startMs() + heartbeatMs + RECONCILIATION_MS + SLACK_MS,
                    "released at the old owner's next heartbeat: " + handoff);
            assertTrue(handoff.gapMs() > 0, "the new owner started before the release: " + handoff);
            assertTrue(handoff.gapMs() <= heartbeatMs + RECONCILIATION_MS + SLACK_MS,
                    "not at c4's next heartbeat: " + handoff);
            assertTrue(handoff.gapMs() < 2 * heartbeatMs + ASSIGNMENT_INTERVAL_MS + SLACK_MS, handoff.toString());
            // The coordinator's group is stable once c4's heartbeat answer brought the last of them; c4
            // starts them when it has reconciled.
            assertTrue(handoff.acquiredMs() <= span.stableMs() + RECONCILIATION_MS + SLACK_MS, handoff + " after " + span);
        }
        // Every partition always has at most one owner at a time (the new one starts after the old ends).
        for (String partition : partitions(result)) {
            assertTrue(ownerAt(result, partition, END_MS - 1) != null, partition + " has an owner at the end");
        }
        assertNoTwoOwners(result, false);
    }

    /**
     * docs/metrics.md "Stop-the-world and partition downtime": under the consumer protocol a live member is
     * blocked only while it holds nothing and the group rebalances. Only c4 holds nothing, from its join
     * until its first partitions: a new member waiting (newMemberWaitMs); no existing member is stopped.
     */
    @ParameterizedTest(name = "group.consumer.heartbeat.interval.ms={0}")
    @ValueSource(longs = {5000, 10000})
    void onlyTheJoiningMemberWaits(long heartbeatMs) {
        VariantResult result = runWithHeartbeat(heartbeatMs);
        Series.RebalanceSpan span = firstSpanFrom(result, JOIN_AT_MS);
        long c4First = result.series().ownership().stream().filter(o -> o.member().equals("c4"))
                .mapToLong(Series.OwnershipInterval::fromMs).min().orElseThrow();
        long waited = metric(result, "newMemberWaitMs");
        assertTrue(waited > 0, "c4 waits for its partitions");
        assertTrue(waited <= c4First - span.startMs() + 10,
                "newMemberWaitMs " + waited + " counts more than c4's wait " + (c4First - span.startMs()));
        assertEquals(0, metric(result, "stopTheWorldMs"), "the members that keep partitions never stop");
        assertTrue(metric(result, "rebalanceTimeMs") <= span.stableMs() - span.startMs() + 10,
                "rebalanceTimeMs is the ASSIGNING + RECONCILING time of this one rebalance");
    }
}
