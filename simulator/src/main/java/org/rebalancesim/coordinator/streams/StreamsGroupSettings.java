package org.rebalancesim.coordinator.streams;

/**
 * The broker settings of a KIP-1071 streams group (GroupCoordinatorConfig group.streams.*, Kafka 4.4.0;
 * docs/kafka-semantics.md §19, §27).
 *
 * @param heartbeatIntervalMs     group.streams.heartbeat.interval.ms (5000; 5000..15000)
 * @param sessionTimeoutMs        group.streams.session.timeout.ms (45000; 45000..60000)
 * @param numStandbyReplicas      group.streams.num.standby.replicas (0; at most 2)
 * @param initialRebalanceDelayMs group.streams.initial.rebalance.delay.ms (3000): how long a new group's first
 *                                assignment waits for more members
 * @param assignmentIntervalMs    group.streams.assignment.interval.ms (1000): the least time between two target
 *                                assignments
 * @param maxSize                 group.streams.max.size
 */
public record StreamsGroupSettings(long heartbeatIntervalMs, long sessionTimeoutMs, int numStandbyReplicas,
                                   long initialRebalanceDelayMs, long assignmentIntervalMs, int maxSize) {

    public StreamsGroupSettings {
        if (heartbeatIntervalMs <= 0 || sessionTimeoutMs <= heartbeatIntervalMs) {
            throw new IllegalArgumentException("group.streams.heartbeat.interval.ms (" + heartbeatIntervalMs
                    + ") must be positive and less than group.streams.session.timeout.ms (" + sessionTimeoutMs + ")");
        }
        if (numStandbyReplicas < 0 || initialRebalanceDelayMs < 0 || assignmentIntervalMs < 0 || maxSize <= 0) {
            throw new IllegalArgumentException("invalid group.streams.* settings: " + numStandbyReplicas + " standbys, "
                    + initialRebalanceDelayMs + " ms delay, " + assignmentIntervalMs + " ms interval, max " + maxSize);
        }
    }
}
