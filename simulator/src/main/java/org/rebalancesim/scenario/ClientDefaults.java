package org.rebalancesim.scenario;

/** Kafka client defaults the scenario's parser and the explanations share. */
public final class ClientDefaults {

    /**
     * metadata.max.age.ms (CommonClientConfigs, 5 min): how long after its last successful refresh a client
     * refreshes its metadata, and so how late a classic leader notices new partitions and rejoins
     * (docs/kafka-semantics.md §16).
     */
    public static final long METADATA_MAX_AGE_MS = 300_000;

    private ClientDefaults() {
    }
}
