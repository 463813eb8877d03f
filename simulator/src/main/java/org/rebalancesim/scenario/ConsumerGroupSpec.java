package org.rebalancesim.scenario;

import java.util.List;

/**
 * The broker's settings for KIP-848 consumer groups (group.protocol: consumer), Kafka names and
 * Kafka 4.x defaults in the comments. With this protocol the broker, not the client, decides the
 * heartbeat interval and the session timeout.
 *
 * @param heartbeatIntervalMs  group.consumer.heartbeat.interval.ms (5000; allowed 5000..15000 by default)
 * @param sessionTimeoutMs     group.consumer.session.timeout.ms (45000; allowed 45000..60000 by default)
 * @param assignors            group.consumer.assignors ([uniform, range]); the first is the default
 * @param assignmentIntervalMs group.consumer.assignment.interval.ms (1000, KIP-1263): how long the
 *                             coordinator batches changes before computing a new target assignment
 * @param migrationPolicy      group.consumer.migration.policy (bidirectional): which online conversions
 *                             between a classic and a consumer group the coordinator makes
 * @param regexRefreshIntervalMs group.consumer.regex.refresh.interval.ms (600000, at least 10000): how long the
 *                             coordinator keeps a regex's resolution before a heartbeat resolves it again, when no
 *                             new topic came meanwhile (docs/kafka-semantics.md §28)
 */
public record ConsumerGroupSpec(long heartbeatIntervalMs, long sessionTimeoutMs, List<String> assignors,
                                long assignmentIntervalMs, MigrationPolicy migrationPolicy, long regexRefreshIntervalMs) {

    /** GroupCoordinatorConfig.CONSUMER_GROUP_REGEX_REFRESH_INTERVAL_MS_DEFAULT (4.4.0): 10 minutes. */
    public static final long DEFAULT_REGEX_REFRESH_INTERVAL_MS = 600_000;
    /** group.consumer.regex.refresh.interval.ms's ConfigDef validator in 4.4.0: Range.atLeast(10000). */
    public static final long MIN_REGEX_REFRESH_INTERVAL_MS = 10_000;

    public static final List<String> SERVER_ASSIGNORS = List.of("uniform", "range");

    public ConsumerGroupSpec {
        assignors = List.copyOf(assignors);
    }

    public static ConsumerGroupSpec defaults() {
        return new ConsumerGroupSpec(5000, 45000, SERVER_ASSIGNORS, 1000, MigrationPolicy.BIDIRECTIONAL,
                DEFAULT_REGEX_REFRESH_INTERVAL_MS);
    }
}
