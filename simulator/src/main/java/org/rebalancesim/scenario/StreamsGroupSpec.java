package org.rebalancesim.scenario;

/**
 * The broker's settings for KIP-1071 streams groups (Kafka Streams' group.protocol: streams), Kafka names and
 * 4.4.0 defaults in the comments. With this protocol the broker decides the heartbeat interval, the session
 * timeout and the number of standbys (docs/kafka-semantics.md §19, §27).
 *
 * @param heartbeatIntervalMs     group.streams.heartbeat.interval.ms (5000; allowed 5000..15000)
 * @param sessionTimeoutMs        group.streams.session.timeout.ms (45000; allowed 45000..60000)
 * @param numStandbyReplicas      group.streams.num.standby.replicas (0; at most group.streams.max.standby.replicas, 2)
 * @param initialRebalanceDelayMs group.streams.initial.rebalance.delay.ms (3000; an int config, at least 0)
 * @param assignmentIntervalMs    group.streams.assignment.interval.ms (1000; allowed 0..15000, the defaults of
 *                                group.streams.min/max.assignment.interval.ms)
 */
public record StreamsGroupSpec(long heartbeatIntervalMs, long sessionTimeoutMs, int numStandbyReplicas,
                               long initialRebalanceDelayMs, long assignmentIntervalMs) {

    public static final long MIN_HEARTBEAT_INTERVAL_MS = 5_000;
    public static final long MAX_HEARTBEAT_INTERVAL_MS = 15_000;
    public static final long MIN_SESSION_TIMEOUT_MS = 45_000;
    public static final long MAX_SESSION_TIMEOUT_MS = 60_000;
    public static final int MAX_STANDBY_REPLICAS = 2;
    public static final long MIN_ASSIGNMENT_INTERVAL_MS = 0;
    public static final long MAX_ASSIGNMENT_INTERVAL_MS = 15_000;

    public static StreamsGroupSpec defaults() {
        return new StreamsGroupSpec(5_000, 45_000, 0, 3_000, 1_000);
    }
}
