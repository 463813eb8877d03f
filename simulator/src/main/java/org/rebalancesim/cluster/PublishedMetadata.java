package org.rebalancesim.cluster;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.rebalancesim.engine.Simulation;

/**
 * The topics' partition counts as the group coordinator knows them: the metadata image its broker has
 * published to it. A broker applies a new image to its metadata cache first (so Metadata responses show
 * new partitions at once), then creates the new partitions' logs, and only then tells the group
 * coordinator (BrokerMetadataPublisher.onMetadataUpdate); {@code cluster.metadataPropagation} stands for
 * that wait (docs/kafka-semantics.md §16).
 */
final class PublishedMetadata {

    private final Simulation sim;
    private final Supplier<Map<String, Integer>> partitionCounts;
    private final long propagationMs;
    private Map<String, Integer> published;

    PublishedMetadata(Simulation sim, Supplier<Map<String, Integer>> partitionCounts, long propagationMs) {
        this.sim = sim;
        this.partitionCounts = partitionCounts;
        this.propagationMs = propagationMs;
        this.published = new LinkedHashMap<>(partitionCounts.get());
    }

    /** The published counts, in scenario order (a fresh map, as the topics' own counts are). */
    Map<String, Integer> counts() {
        return new LinkedHashMap<>(published);
    }

    /**
     * The partition counts changed: publishes them after the propagation delay (at once when it is 0),
     * then tells {@code coordinator}. Each change is published in turn, as the brokers replay the
     * metadata log in order.
     */
    void changed(Runnable coordinator) {
        Map<String, Integer> image = new LinkedHashMap<>(partitionCounts.get());
        if (propagationMs == 0) {
            publish(image, coordinator);
        } else {
            sim.after(propagationMs, () -> publish(image, coordinator));
        }
    }

    private void publish(Map<String, Integer> image, Runnable coordinator) {
        published = image;
        coordinator.run();
    }
}
