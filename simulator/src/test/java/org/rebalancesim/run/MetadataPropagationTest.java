package org.rebalancesim.run;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.firstSpanFrom;
import static org.rebalancesim.run.SimRuns.runAll;
import static org.rebalancesim.run.SimRuns.variant;

import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * KIP-848 and the broker's metadata publication (docs/kafka-semantics.md §16): the group coordinator hears
 * of new partitions only when its broker publishes the new image to it (after creating the partitions'
 * logs), modelled by {@code cluster.metadataPropagation}; then the next heartbeat of any member bumps the
 * group epoch (GroupMetadataManager: requestMetadataRefresh, then consumerGroupHeartbeat). With heartbeats
 * every 5 s, the bump comes within one interval after the publication: after 60 s + 8 s with the delay,
 * within 60 s + 5 s without.
 */
class MetadataPropagationTest {

    static final long ADD_MS = 60_000;
    static final long PROPAGATION_MS = 8_000;
    static final long HEARTBEAT_MS = 5_000;
    static final long SLACK_MS = 50;

    static final String YAML = """
            duration: 120s
            group: {id: publish}
            cluster: {metadataPropagation: 8s}
            topics: [{name: t, partitions: 6, rate: 60/s}]
            consumers:
              count: 3
              config: {group.protocol: consumer}
              processing: {constant: 1ms}
              startup: {stagger: 1700ms, jvmStart: 2s}
            timeline:
              - {at: 60s, addPartitions: {topic: t, count: 12}}
            variants:
              - name: delayed
              - name: at-once
                cluster: {metadataPropagation: 0s}
            """;

    @Test
    void theGroupEpochBumpsAtTheFirstHeartbeatAfterThePublication() {
        RunResult run = runAll(YAML, "kip848-propagation");

        Series.RebalanceSpan delayed = firstSpanFrom(variant(run, "delayed"), ADD_MS);
        assertTrue(delayed.cause().contains("metadata"), delayed.toString());
        assertTrue(delayed.startMs() >= ADD_MS + PROPAGATION_MS
                && delayed.startMs() <= ADD_MS + PROPAGATION_MS + HEARTBEAT_MS + SLACK_MS, delayed.toString());
        assertTrue(firstOwnedNewPartition(variant(run, "delayed")) >= delayed.startMs(), "not before the bump");

        Series.RebalanceSpan atOnce = firstSpanFrom(variant(run, "at-once"), ADD_MS);
        assertTrue(atOnce.startMs() > ADD_MS && atOnce.startMs() <= ADD_MS + HEARTBEAT_MS + SLACK_MS, atOnce.toString());
    }

    private static long firstOwnedNewPartition(VariantResult result) {
        return MetadataRefreshTest.firstOwnedNewPartition(result);
    }
}
