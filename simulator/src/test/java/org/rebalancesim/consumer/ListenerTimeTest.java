package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;

import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.VariantResult;

/**
 * listenerTimeMs: the time the application's rebalance callbacks held its thread, with each callback's time a
 * constant, so the expected total is the number of calls Kafka makes times their durations. Eager (range), four
 * pods that join 10 s apart on a topic of 2 partitions (ConsumerCoordinator#onJoinPrepare and #onJoinComplete;
 * docs/kafka-semantics.md §6):
 * <ul>
 *   <li>a pod's first JoinGroup has no generation before it, so no onPartitionsRevoked (nor onPartitionsLost: it
 *       owns nothing);</li>
 *   <li>every other member calls onPartitionsRevoked before each JoinGroup, even when it owns nothing: at the
 *       joins of c2, c3 and c4 that is 1 + 2 + 3 calls;</li>
 *   <li>every member calls onPartitionsAssigned after each SyncGroup answer, even with nothing assigned (c3 at
 *       the third join, c3 or c4 at the fourth): 1 + 2 + 3 + 4 calls.</li>
 * </ul>
 */
class ListenerTimeTest {

    private static final long REVOKED_MS = 1_000;
    private static final long ASSIGNED_MS = 2_000;

    private static VariantResult eagerGroupGrows(String listener) {
        return run("""
                duration: 50s
                group: {id: listener-time}
                topics: [{name: t, partitions: 2, rate: 20/s}]
                consumers:
                  count: 4
                  config: {partition.assignment.strategy: range}
                  processing: {constant: 1ms}
                  startup: {stagger: 10s}
                  listener: %s
                """.formatted(listener), "listener-time");
    }

    @Test
    void theTotalIsEveryCallKafkaMakesTimesItsDuration() {
        VariantResult result = eagerGroupGrows("{onPartitionsRevoked: 1s, onPartitionsAssigned: 2s, onPartitionsLost: 4s}");

        long revokedCalls = 1 + 2 + 3;
        long assignedCalls = 1 + 2 + 3 + 4;
        assertEquals(4, metric(result, "rebalances"), "one rebalance per pod that joins");
        assertEquals(revokedCalls * REVOKED_MS, metric(result, "listenerTimeByCallback.onPartitionsRevoked"));
        assertEquals(assignedCalls * ASSIGNED_MS, metric(result, "listenerTimeByCallback.onPartitionsAssigned"));
        assertEquals(0, metric(result, "listenerTimeByCallback.onPartitionsLost"), "no member was fenced");
        assertEquals(revokedCalls * REVOKED_MS + assignedCalls * ASSIGNED_MS, metric(result, "listenerTimeMs"));
    }

    /**
     * A time per partition: the group owns both partitions throughout, so each of the three joins after the first
     * has its members revoke 2 partitions in all, and each of the 4 assignments gives out 2, across the same calls
     * as above.
     */
    @Test
    void aTimePerPartitionGrowsWithThePartitionsEachCallIsGiven() {
        VariantResult result = eagerGroupGrows("""
                {onPartitionsRevoked: {perPartition: 1s}, onPartitionsAssigned: {base: 1s, perPartition: 500ms}}""");

        long revokedPartitions = 3 * 2;
        long assignedCalls = 1 + 2 + 3 + 4;
        long assignedPartitions = 4 * 2;
        assertEquals(4, metric(result, "rebalances"), "one rebalance per pod that joins");
        assertEquals(revokedPartitions * 1_000, metric(result, "listenerTimeByCallback.onPartitionsRevoked"));
        assertEquals(assignedCalls * 1_000 + assignedPartitions * 500,
                metric(result, "listenerTimeByCallback.onPartitionsAssigned"));
    }

    @Test
    void callbacksThatTakeNoTimeCostNothing() {
        assertEquals(0, metric(eagerGroupGrows("{}"), "listenerTimeMs"));
    }
}
