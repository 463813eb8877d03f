package org.rebalancesim.calibration;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The Kafka cluster a calibration run talks to: an {@link EmbeddedBroker} it started, or an
 * {@link ExternalCluster} given by {@code --bootstrap-server}.
 */
public interface CalibrationCluster extends AutoCloseable {

    /** host:port list for clients. */
    String bootstrapServers();

    /** The real name of a scenario topic on this cluster (unique per run on a shared cluster). */
    String topicName(String scenarioTopic);

    /** The real group id for the scenario's group (unique per run on a shared cluster). */
    String groupId(String scenarioGroupId);

    /** Whether the run deletes the topics and the group it used when it ends (a shared cluster). */
    boolean deleteAfterRun();

    /** Replication factor for the run's topics; empty for the cluster's default. */
    Optional<Short> replicationFactor();

    /**
     * The group coordinator's log of the rebalances it starts and ends ({@link CoordinatorLog}), when the
     * run can read it: an embedded broker's; empty for a cluster of someone else's.
     */
    default Optional<Path> groupCoordinatorLog() {
        return Optional.empty();
    }

    /** Admin client settings: bootstrap plus anything the cluster needs. */
    default Map<String, Object> adminConfig() {
        // enable.metrics.push=false: the shaded simulator jar drops the client-telemetry classes (KIP-714).
        return Map.of("bootstrap.servers", bootstrapServers(), "request.timeout.ms", 10_000,
                "default.api.timeout.ms", 30_000, "client.id", "rebalance-sim-calibration-admin",
                "enable.metrics.push", false);
    }

    @Override
    void close();
}
