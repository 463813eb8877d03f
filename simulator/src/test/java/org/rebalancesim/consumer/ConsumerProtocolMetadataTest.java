package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.ASSIGNMENT_INTERVAL_MS;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.HEARTBEAT_MS;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.SLACK_MS;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.assertNoTwoOwners;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.assertUnbroken;
import static org.rebalancesim.consumer.CooperativeScenarios.ownerAt;
import static org.rebalancesim.consumer.CooperativeScenarios.ownershipOf;
import static org.rebalancesim.run.SimRuns.firstSpanFrom;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.runAll;
import static org.rebalancesim.run.SimRuns.variant;

import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * Partitions added to a subscribed topic (6 → 12 at 60 s), consumer protocol vs classic.
 *
 * <p>Consumer protocol (docs/kafka-semantics.md §10 "Group epoch"): the coordinator learns of the new
 * metadata image itself and requests a refresh; the next heartbeat of any member (≤ one interval) sees
 * the changed partition count and bumps the group epoch, and the target is computed in that heartbeat
 * (the batching interval passed long ago). The new partitions are free, so no revocation is needed:
 * each member takes its share at its next heartbeat (≤ one more interval). Uniform with 12 over 3 gives
 * 4 each: every member keeps its 2 and gets 2 new (§13 UHom), so nothing moves.
 *
 * <p>Classic (§14 "metadata.max.age.ms and partition changes"): only the leader's next metadata refresh,
 * up to metadata.max.age.ms (300000) after its previous one, notices the new partitions; until then
 * nobody consumes them. The leader last refreshed at its start (≈ 2 s), so that is ≈ 302 s.
 */
class ConsumerProtocolMetadataTest {

    static final long ADD_MS = 60_000;
    static final long END_MS = 400_000;
    static final long METADATA_MAX_AGE_MS = 300_000;

    static final String YAML = """
            duration: 400s
            measure: {from: 30s}
            group: {id: kip848-grow}
            topics: [{name: t, partitions: 6, rate: 60/s}]
            consumers:
              count: 3
              config: {group.protocol: consumer}
              processing: {constant: 1ms}
              startup: {stagger: 1700ms, jvmStart: 2s}
            timeline:
              - {at: 60s, addPartitions: {topic: t, count: 12}}
            variants:
              - name: consumer
              - name: classic
                consumers: {config: {group.protocol: classic}}
            """;

    /** The first time any of the new partitions t-6..t-11 has an owner, and the time all of them have one. */
    static long[] newPartitionsOwned(VariantResult result) {
        long first = Long.MAX_VALUE;
        long all = 0;
        for (int p = 6; p < 12; p++) {
            long start = ownershipOf(result, "t-" + p).stream().mapToLong(Series.OwnershipInterval::fromMs).min()
                    .orElseThrow(() -> new AssertionError(result.name() + ": a new partition was never assigned"));
            first = Math.min(first, start);
            all = Math.max(all, start);
        }
        return new long[] {first, all};
    }

    @Test
    void consumerProtocolAssignsNewPartitionsWithinAboutAHeartbeatWhileClassicWaitsForTheMetadataRefresh() {
        RunResult run = runAll(YAML, "kip848-add-partitions");
        VariantResult consumer = variant(run, "consumer");
        VariantResult classic = variant(run, "classic");

        // Consumer protocol: epoch bump at the next heartbeat, all new partitions owned within two.
        Series.RebalanceSpan span = firstSpanFrom(consumer, ADD_MS);
        assertTrue(span.cause().contains("metadata"), span.toString());
        assertTrue(span.startMs() > ADD_MS && span.startMs() <= ADD_MS + HEARTBEAT_MS + SLACK_MS, span.toString());
        long[] consumerOwned = newPartitionsOwned(consumer);
        assertTrue(consumerOwned[0] >= span.startMs(), "not before the epoch bump");
        assertTrue(consumerOwned[1] <= ADD_MS + 2 * HEARTBEAT_MS + ASSIGNMENT_INTERVAL_MS + SLACK_MS,
                "all new partitions owned at " + consumerOwned[1]);
        assertEquals(0, span.partitionsMoved(), "new partitions are not moves");
        assertEquals(1, metric(consumer, "rebalances"));
        for (int p = 0; p < 6; p++) {
            String partition = "t-" + p;
            assertUnbroken(consumer, partition, ownerAt(consumer, partition, ADD_MS), 30_000, END_MS);
        }
        assertNoTwoOwners(consumer, false);

        // Classic: nothing until the leader's metadata refresh, one metadata.max.age.ms after its start.
        Series.RebalanceSpan classicSpan = firstSpanFrom(classic, ADD_MS);
        assertTrue(classicSpan.startMs() >= 2_000 + METADATA_MAX_AGE_MS - 10
                && classicSpan.startMs() <= ADD_MS + METADATA_MAX_AGE_MS + SLACK_MS, classicSpan.toString());
        long[] classicOwned = newPartitionsOwned(classic);
        assertTrue(classicOwned[0] >= classicSpan.startMs(), "classic assigned them before the leader noticed");
        assertTrue(classicOwned[0] - ADD_MS > 20 * (consumerOwned[1] - ADD_MS),
                "classic " + (classicOwned[0] - ADD_MS) + " ms vs consumer " + (consumerOwned[1] - ADD_MS) + " ms");
        assertEquals(0, metric(classic, "ownershipViolations"));
    }
}
