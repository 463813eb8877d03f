package org.rebalancesim.scenario;

/**
 * Kafka client configs a scenario cannot set: the simulator models them at Kafka's default, and the
 * calibration's real consumers get the same value (scaled like every time).
 */
public final class ClientDefaults {

    /**
     * metadata.max.age.ms (CommonClientConfigs, 5 min): how often a client refreshes its metadata, and so
     * how late a classic leader notices new partitions and rejoins (docs/kafka-semantics.md §14).
     */
    public static final long METADATA_MAX_AGE_MS = 300_000;

    private ClientDefaults() {
    }
}
