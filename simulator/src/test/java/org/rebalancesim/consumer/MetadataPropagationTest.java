package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.HEARTBEAT_MS;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.SLACK_MS;
import static org.rebalancesim.consumer.ConsumerProtocolMetadataTest.newPartitionsOwned;
import static org.rebalancesim.run.SimRuns.firstSpanFrom;
import static org.rebalancesim.run.SimRuns.runAll;
import static org.rebalancesim.run.SimRuns.variant;

import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.Series;

/**
 * KIP-848 and the broker's metadata publication (docs/kafka-semantics.md §16): the group coordinator hears
 * of new partitions only when its broker publishes the new image to it (after creating the partitions'
 * logs), modelled by {@code cluster.metadataPropagation}; then the next heartbeat of any member bumps the
 * group epoch (GroupMetadataManager: requestMetadataRefresh, then consumerGroupHeartbeat). With heartbeats
 * every 5 s, the bump comes within one interval after the publication: after 60 s + 8 s with the delay,
 * within 60 s + 5 s without.
 */
class MetadataPropagationTest {

    static final long ADD_MS = ConsumerProtocolMetadataTest.ADD_MS;
    static final long PROPAGATION_MS = 8_000;

    /** The consumer-protocol growth of ConsumerProtocolMetadataTest, published at once and 8 s late. */
    static final String YAML = ConsumerProtocolMetadataTest.YAML.substring(0,
            ConsumerProtocolMetadataTest.YAML.indexOf("variants:")) + """
            variants:
              - name: delayed
                cluster: {metadataPropagation: 8s}
              - name: at-once
            """;

    @Test
    void theGroupEpochBumpsAtTheFirstHeartbeatAfterThePublication() {
        RunResult run = runAll(YAML, "kip848-propagation");

        Series.RebalanceSpan delayed = firstSpanFrom(variant(run, "delayed"), ADD_MS);
        assertTrue(delayed.cause().contains("metadata"), delayed.toString());
        assertTrue(delayed.startMs() >= ADD_MS + PROPAGATION_MS
                && delayed.startMs() <= ADD_MS + PROPAGATION_MS + HEARTBEAT_MS + SLACK_MS, delayed.toString());
        assertTrue(newPartitionsOwned(variant(run, "delayed"))[0] >= delayed.startMs(), "not before the bump");

        Series.RebalanceSpan atOnce = firstSpanFrom(variant(run, "at-once"), ADD_MS);
        assertTrue(atOnce.startMs() > ADD_MS && atOnce.startMs() <= ADD_MS + HEARTBEAT_MS + SLACK_MS, atOnce.toString());
    }
}
