package org.rebalancesim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.firstSpanFrom;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;
import static org.rebalancesim.run.SimRuns.spans;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * metadata.max.age.ms and partition changes (docs/kafka-semantics.md §16). Three classic members start
 * 10 s apart at 2 s, 12 s and 22 s (JVM start), and each fetches its metadata then; c1, the first to join,
 * leads the group. With metadata.max.age.ms 60 s each refreshes 60 s after its last successful refresh
 * (Metadata.timeToNextUpdate): c1 at 62 s and 122 s, c2 at 72 s, c3 at 82 s. The topic grows from 6 to
 * 12 partitions at 70 s.
 * <ul>
 *   <li>The followers' refreshes at 72 s and 82 s see the new partitions but start nothing (a follower
 *       keeps no assignment snapshot, ConsumerCoordinator.onJoinComplete).</li>
 *   <li>The leader sees them at its first refresh after 70 s, at 122 s, and rejoins at that poll
 *       (ConsumerCoordinator.rejoinNeededOrPending): not before, and not on a 300 s grid.</li>
 *   <li>A member joining at 80 s starts a rebalance whose leader assigns from its cached metadata
 *       (performAssignment: metadata.fetch()): only t-0..t-5; the new partitions wait for the 122 s
 *       refresh.</li>
 *   <li>A client that drops a connection asks for a metadata update at once (NetworkClient's
 *       handleServerDisconnect: "the disconnect may be the result of stale metadata"): when the
 *       coordinator fails at 90 s, the leader drops its coordinator connection, refreshes, and rejoins
 *       for the new partitions long before its 122 s refresh.</li>
 * </ul>
 */
class MetadataRefreshTest {

    static final long ADD_MS = 70_000;
    static final long LEADER_REFRESH_MS = 2_000 + 2 * 60_000;
    static final long SLACK_MS = 50;

    static final String SCENARIO = """
            duration: 200s
            group: {id: refresh}
            topics: [{name: t, partitions: 6, rate: 60/s}]
            consumers:
              count: 3
              config: {session.timeout.ms: 10000, heartbeat.interval.ms: 3000, metadata.max.age.ms: 60s,
                       partition.assignment.strategy: range}
              processing: {constant: 1ms}
              startup: {jvmStart: 2s, stagger: 10s}
            timeline:
              - at: 70s
                addPartitions: {topic: t, count: 12}
            """;

    static final String JOIN_BETWEEN = SCENARIO + """
              - at: 78s
                start: {consumers: [c4]}
            """;

    static final long COORDINATOR_FAILS_MS = 90_000;

    static final String COORDINATOR_FAILS = SCENARIO + """
              - at: 90s
                brokerFailure: {broker: coordinator, downtime: 5s}
            """;

    /** The first time any of t-6..t-11 has an owner. */
    static long firstOwnedNewPartition(VariantResult result) {
        return result.series().ownership().stream()
                .filter(o -> o.partition().startsWith("t-") && Integer.parseInt(o.partition().substring(2)) >= 6)
                .mapToLong(Series.OwnershipInterval::fromMs).min().orElse(Long.MAX_VALUE);
    }

    @Test
    void leaderRejoinsAtItsFirstRefreshAfterThePartitionsWereAdded() {
        VariantResult result = run(SCENARIO, "refresh-60s");

        Series.RebalanceSpan span = firstSpanFrom(result, ADD_MS);
        assertTrue(span.cause().contains("leader"), span.cause());
        assertTrue(span.startMs() >= LEADER_REFRESH_MS && span.startMs() <= LEADER_REFRESH_MS + SLACK_MS,
                "not at a follower's refresh: the leader rejoins at its refresh 60 s after the one at 62 s: " + span);
        long owned = firstOwnedNewPartition(result);
        assertTrue(owned >= LEADER_REFRESH_MS && owned <= span.stableMs() + SLACK_MS, "new partitions owned at " + owned);
        assertEquals(0, metric(result, "ownershipViolations"));
    }

    @Test
    void aRebalanceBeforeTheLeadersRefreshAssignsOnlyThePartitionsItsMetadataKnew() {
        VariantResult result = run(JOIN_BETWEEN, "join-before-refresh");

        List<Series.RebalanceSpan> after = spans(result).stream().filter(s -> s.startMs() >= ADD_MS).toList();
        Series.RebalanceSpan join = after.get(0);
        assertTrue(join.startMs() >= 80_000 && join.stableMs() < LEADER_REFRESH_MS, "c4's join: " + join);
        long owned = firstOwnedNewPartition(result);
        assertTrue(owned >= LEADER_REFRESH_MS, "the join's leader assigned a new partition at " + owned
                + " before its metadata knew it");
        Series.RebalanceSpan refresh = after.get(1);
        assertTrue(refresh.startMs() >= LEADER_REFRESH_MS && refresh.startMs() <= LEADER_REFRESH_MS + SLACK_MS,
                "the leader's refresh starts the next one: " + refresh);
        assertTrue(owned <= refresh.stableMs() + SLACK_MS, "new partitions owned at " + owned);
        assertEquals(0, metric(result, "ownershipViolations"));
    }

    @Test
    void aDroppedCoordinatorConnectionRefreshesTheLeadersMetadata() {
        VariantResult result = run(COORDINATOR_FAILS, "coordinator-fails");

        Series.RebalanceSpan span = firstSpanFrom(result, COORDINATOR_FAILS_MS);
        assertTrue(span.cause().contains("leader"), span.cause());
        assertTrue(span.startMs() < LEADER_REFRESH_MS, "the leader's disconnect refreshed its metadata: " + span);
        long owned = firstOwnedNewPartition(result);
        assertTrue(owned > COORDINATOR_FAILS_MS && owned < LEADER_REFRESH_MS, "new partitions owned at " + owned);
        assertEquals(0, metric(result, "ownershipViolations"));
    }
}
