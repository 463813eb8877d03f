package org.rebalancesim.calibration;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A running cluster given by {@code --bootstrap-server HOST:PORT}. The run creates its own topics and
 * group, named after the scenario's with a unique suffix, and deletes them at the end. Its broker
 * settings are the cluster's own: the run cannot change them, and only reports the ones that differ
 * from the scenario's (see {@link CalibrationRun#notes()}).
 */
public final class ExternalCluster implements CalibrationCluster {

    private final String bootstrapServers;
    private final String suffix;

    /** @param bootstrapServers host:port[,host:port...] */
    public ExternalCluster(String bootstrapServers) {
        if (bootstrapServers == null || !bootstrapServers.matches("[^\\s,]+:[0-9]+(,[^\\s,]+:[0-9]+)*")) {
            throw new CalibrationException("--bootstrap-server must be HOST:PORT[,HOST:PORT...], not '"
                    + bootstrapServers + "'");
        }
        this.bootstrapServers = bootstrapServers;
        // Unique per run, readable in the cluster's listings: when it ran, plus a random part.
        this.suffix = "-rebalance-sim-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))
                + String.format(Locale.ROOT, "-%04x", ThreadLocalRandom.current().nextInt(0x10000));
    }

    @Override
    public String bootstrapServers() {
        return bootstrapServers;
    }

    @Override
    public String topicName(String scenarioTopic) {
        return scenarioTopic + suffix;
    }

    @Override
    public String groupId(String scenarioGroupId) {
        return scenarioGroupId + suffix;
    }

    @Override
    public boolean deleteAfterRun() {
        return true;
    }

    @Override
    public Optional<Short> replicationFactor() {
        return Optional.empty();
    }

    @Override
    public void close() {
        // nothing to stop: the cluster is not ours
    }
}
