package org.rebalancesim.scenario;

/** Kafka client defaults the scenario's parser and the explanations share. */
public final class ClientDefaults {

    /**
     * metadata.max.age.ms (CommonClientConfigs, 5 min): how long after its last successful refresh a client
     * refreshes its metadata, and so how late a classic leader notices new partitions and rejoins
     * (docs/kafka-semantics.md §16).
     */
    public static final long METADATA_MAX_AGE_MS = 300_000;

    /**
     * fetch.max.wait.ms (ConsumerConfig.DEFAULT_FETCH_MAX_WAIT_MS, 500 ms): the longest a broker holds a fetch
     * it has no records for, and so how long a newly assigned partition's first fetch can wait behind the one
     * under way (docs/kafka-semantics.md §18). Not a scenario setting.
     */
    public static final long FETCH_MAX_WAIT_MS = 500;

    /**
     * default.api.timeout.ms (ConsumerConfig, 60 s): how long a commitSync without a timeout waits for a coordinator
     * and retries (docs/kafka-semantics.md §6). Not a scenario setting.
     */
    public static final long DEFAULT_API_TIMEOUT_MS = 60_000;

    private ClientDefaults() {
    }
}
