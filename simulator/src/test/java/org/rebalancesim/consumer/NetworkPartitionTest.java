package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.firstSpanFrom;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;

import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * A consumer cut off from the brokers (docs/scenario-format.md: "networkPartition: requests between that
 * consumer and the brokers are lost"). The eviction itself is in {@link SessionTimeoutTest}; here, what
 * the cut consumer can and cannot do, and how soon it is back.
 *
 * <p>3 members, 6 partitions at 60/s: c1 owns 2 of them, 20 records/s. Session 10 s, heartbeat 3 s.
 */
class NetworkPartitionTest {

    static String scenario(String cut) {
        return """
                duration: 110s
                group: {id: cut-demo}
                topics: [{name: t, partitions: 6, rate: 60/s}]
                consumers:
                  count: 3
                  config: {session.timeout.ms: 10000, heartbeat.interval.ms: 3000}
                  processing: {constant: 1ms}
                  startup: {jvmStart: 2s}
                timeline:
                  - at: 60s
                    networkPartition: {consumer: c1, duration: %s}
                """.formatted(cut);
    }

    /**
     * Fetch requests go to the brokers too, so a cut-off consumer gets no new records: what its partitions
     * receive during the cut waits. A 3 s cut (no eviction: 3 s + 2 x 3 s < 10 s) leaves, just before it
     * ends, ~2.9 s x 20/s = 58 records of lag on c1's partitions (less at most the couple of records
     * fetched before 60 s). The partitions are counted down as unreachableOwner for the 3 s.
     */
    @Test
    void cutOffConsumerCannotFetch() {
        VariantResult result = run(scenario("3s"), "cut-no-fetch");

        assertEquals(0, metric(result, "evictions"));
        assertEquals(2 * 3_000, metric(result, "downtimeByCause.unreachableOwner"));
        long lagBeforeHeal = result.series().lag().stream().filter(l -> l.atMs() <= 62_900)
                .reduce((a, b) -> b).orElseThrow().lag();
        assertTrue(lagBeforeHeal >= 50, "lag " + lagBeforeHeal + " at 62.9 s: c1 kept consuming while cut off");
    }

    /**
     * A 15 s cut evicts c1 (at 67..70 s). Once the network is back at 75 s, Kafka rediscovers the
     * coordinator at once: while it is unknown the heartbeat thread alternately drops the pending
     * FindCoordinator and sends a new one every retry.backoff.ms (AbstractCoordinator.HeartbeatThread#run:
     * clearFindCoordinatorFuture / lookupCoordinator), so a lookup lost in the cut does not have to wait
     * for request.timeout.ms (30 s). The next heartbeat gets UNKNOWN_MEMBER_ID, c1 rejoins at its next
     * poll() (it is idle): its join rebalance starts within one heartbeat interval + 1 s of the heal.
     */
    @Test
    void cutOffMemberRejoinsSoonAfterTheNetworkHeals() {
        VariantResult result = run(scenario("15s"), "cut-rejoin");

        assertEquals(1, metric(result, "evictions"));
        Series.RebalanceSpan eviction = firstSpanFrom(result, 60_000);
        Series.RebalanceSpan rejoin = firstSpanFrom(result, eviction.stableMs());
        assertTrue(rejoin.cause().contains("joined"), "c1's rejoin: " + rejoin);
        assertTrue(rejoin.startMs() <= 75_000 + 3_000 + 1_000, "c1 rejoined at " + rejoin.startMs()
                + ", the network healed at 75000");
    }
}
