package org.rebalancesim.run;

/** Migration scenarios more than one test runs (docs/kafka-semantics.md §21). */
public final class MigrationScenarios {

    /** The group every migration test runs: one topic of 24 partitions at 240 records/s, 7 minutes. */
    public static final String BASE = """
            seed: 42
            duration: 7m
            cluster: {brokers: 3}
            group: {id: migration}
            topics: [{name: payments, partitions: 24, rate: 240/s}]
            """;

    /**
     * Four static consumer-protocol pods (JVM start 5 s) rolled back to classic cooperative-sticky from 2m, one every
     * 30 s, each down 5 s; variants bidirectional (Kafka's default policy) and upgrade.
     */
    public static final String STATIC_ROLLBACK = BASE + """
            consumers:
              count: 4
              config:
                group.protocol: consumer
                group.instance.id: pod-$(POD_NAME)
              startup: {jvmStart: 5s}
            timeline:
              - at: 2m
                rollingRestart:
                  interval: 30s
                  downtime: 5s
                  config: {group.protocol: classic, partition.assignment.strategy: cooperative-sticky}
            variants:
              - name: bidirectional
              - name: upgrade
                cluster: {config: {group.consumer.migration.policy: upgrade}}
            """;

    private MigrationScenarios() {
    }
}
