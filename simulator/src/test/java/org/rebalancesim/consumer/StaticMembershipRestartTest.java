package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.firstSpanFrom;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;
import static org.rebalancesim.run.SimRuns.spans;

import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * Static membership (docs/kafka-semantics.md §8, KIP-345; Known problem 2). A static member never sends
 * LeaveGroup; a restarted instance rejoins with an empty member id and its known group.instance.id.
 * If the group is Stable and the old member's session has not expired, the new id replaces the old one
 * with no rebalance, and SyncGroup returns the cached assignment. Otherwise the session expiry removes
 * the old member (a rebalance, §4) and the new instance joins as a new member (another rebalance).
 *
 * <p>3 static members, 6 partitions (range: 2 each, static members sorted by instance id), session
 * 45 s, heartbeat 3 s, JVM start 2 s; c2 crashes at 60 s. The metrics window starts at 30 s, after the
 * first generation.
 */
class StaticMembershipRestartTest {

    static final long SESSION_MS = 45_000;
    static final long JVM_START_MS = 2_000;

    static String scenario(String restartAfter) {
        return """
                duration: 150s
                measure: {from: 30s}
                group: {id: static-demo}
                topics: [{name: t, partitions: 6, rate: 60/s}]
                consumers:
                  count: 3
                  config: {group.instance.id: app-$(POD_NAME), session.timeout.ms: %d, heartbeat.interval.ms: 3000}
                  processing: {constant: 1ms}
                  startup: {jvmStart: 2s}
                timeline:
                  - at: 60s
                    crash: {consumer: c2, restartAfter: %s}
                """.formatted(SESSION_MS, restartAfter);
    }

    /**
     * Back after 20 s + 2 s JVM start = 22 s < 45 s: no rebalance, no eviction. c2's two partitions have
     * a dead owner from the crash until the new process is up, 22 s each; the rejoin itself
     * (FindCoordinator, JoinGroup, SyncGroup) adds only round trips: bounded by 200 ms per partition.
     */
    @Test
    void restartWithinSessionTimeoutCausesNoRebalance() {
        VariantResult result = run(scenario("20s"), "static-restart-in-session");

        assertEquals(0, metric(result, "rebalances"));
        assertEquals(0, metric(result, "evictions"));
        assertEquals(0, spans(result).stream().filter(s -> s.startMs() >= 30_000).count(), "spans: " + spans(result));
        long perPartitionMs = 20_000 + JVM_START_MS;
        long deadOwner = metric(result, "downtimeByCause.deadOwner");
        assertTrue(deadOwner >= 2 * perPartitionMs && deadOwner <= 2 * (perPartitionMs + 200),
                "deadOwner " + deadOwner + " should be ~2 x " + perPartitionMs);
        long downtime = metric(result, "partitionDowntimeMs");
        assertTrue(downtime <= 2 * (perPartitionMs + 200), "only c2's partitions are down, only while it is: " + downtime);
        // The other members never stop: no stop-the-world beyond c2's own join round trips.
        assertTrue(metric(result, "stopTheWorldMs") < 1_000, "stopTheWorldMs " + metric(result, "stopTheWorldMs"));
        // SyncGroup hands the new instance the cached assignment: the same two partitions.
        assertEquals(ownedBy(result, "c2", 30_000), ownedBy(result, "c2", 100_000));
        assertEquals(2, ownedBy(result, "c2", 100_000).size());
    }

    /** The partitions {@code pod} holds at {@code atMs}, from the ownership series. */
    static Set<String> ownedBy(VariantResult result, String pod, long atMs) {
        return result.series().ownership().stream()
                .filter(o -> o.member().equals(pod) && o.fromMs() <= atMs && o.toMs() > atMs)
                .map(Series.OwnershipInterval::partition).collect(Collectors.toCollection(TreeSet::new));
    }

    /**
     * Back after 60 s + 2 s > 45 s: the old member's session expires first, in
     * [60 s + 45 s - 3 s, 60 s + 45 s + latency] (one eviction, one rebalance), then the restarted
     * instance joins as a new static member at ~122 s (a second rebalance).
     */
    @Test
    void restartAfterSessionTimeoutCausesTwoRebalances() {
        VariantResult result = run(scenario("60s"), "static-restart-after-session");

        assertEquals(1, metric(result, "evictions"));
        assertEquals(2, metric(result, "rebalances"));
        Series.RebalanceSpan expiry = firstSpanFrom(result, 60_000);
        assertTrue(expiry.cause().contains("session timeout"), "cause: " + expiry.cause());
        assertTrue(expiry.startMs() >= 60_000 + SESSION_MS - 3_000 && expiry.startMs() <= 60_000 + SESSION_MS + 5,
                "expiry rebalance at " + expiry.startMs());
        Series.RebalanceSpan rejoin = firstSpanFrom(result, expiry.stableMs());
        assertTrue(rejoin.startMs() >= 60_000 + 60_000 + JVM_START_MS && rejoin.startMs() <= 122_000 + 200,
                "the restarted instance joins at ~122 s: " + rejoin);
    }

    /**
     * A graceful restart (close(), 20 s down, 2 s JVM start): a static member sends no LeaveGroup (§7
     * step 3, §8), so the coordinator keeps c2's two partitions assigned to it and nothing rebalances.
     * The partitions are down because their owner is down (docs/metrics.md: "assigned to a member that is
     * dead"), for ~22 s each; no part of it is rebalance downtime, since there is no rebalance.
     */
    @Test
    void gracefulRestartWithinSessionTimeoutLeavesPartitionsWithTheirDownOwner() {
        String yaml = scenario("20s").replace("crash: {consumer: c2, restartAfter: 20s}",
                "restart: {consumer: c2, downtime: 20s}");
        VariantResult result = run(yaml, "static-graceful-restart");

        assertEquals(0, metric(result, "rebalances"));
        long perPartitionMs = 20_000 + JVM_START_MS;
        long downtime = metric(result, "partitionDowntimeMs");
        assertTrue(downtime >= 2 * perPartitionMs && downtime <= 2 * (perPartitionMs + 200),
                "partition downtime " + downtime + ", expected ~2 x " + perPartitionMs);
        assertEquals(0, metric(result, "downtimeByCause.rebalance"), "no rebalance happened");
        assertTrue(metric(result, "downtimeByCause.deadOwner") >= 2 * perPartitionMs);
    }
}
