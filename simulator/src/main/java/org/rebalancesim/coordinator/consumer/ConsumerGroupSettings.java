package org.rebalancesim.coordinator.consumer;

import java.util.HashSet;
import java.util.List;
import org.rebalancesim.assignor.ServerAssignors;
import org.rebalancesim.scenario.ConsumerGroupSpec;

/**
 * The broker settings of a KIP-848 consumer group (GroupCoordinatorConfig; per-group overrides in
 * GroupConfig are the same values for one group).
 *
 * @param heartbeatIntervalMs  group.consumer.heartbeat.interval.ms: returned in every heartbeat response
 * @param sessionTimeoutMs     group.consumer.session.timeout.ms: a member is fenced this long after its
 *                             last heartbeat
 * @param assignors            group.consumer.assignors: the server assignors, the first is the default
 * @param maxSize              group.consumer.max.size
 * @param assignmentIntervalMs group.consumer.assignment.interval.ms (KIP-1263, Kafka 4.3+): the least time
 *                             between two target assignments of the group; 0 computes the target inside
 *                             every heartbeat that finds it stale, as Kafka 4.0-4.2 did
 * @param regexRefreshIntervalMs group.consumer.regex.refresh.interval.ms: how old a regex's resolution may grow
 *                             before a heartbeat resolves it again ({@link RegexSubscriptions})
 */
public record ConsumerGroupSettings(long heartbeatIntervalMs, long sessionTimeoutMs, List<String> assignors,
                                    int maxSize, long assignmentIntervalMs, long regexRefreshIntervalMs) {

    /** group.consumer.heartbeat.interval.ms default (allowed 5000..15000 in Kafka). */
    public static final long DEFAULT_HEARTBEAT_INTERVAL_MS = 5_000;
    /** group.consumer.session.timeout.ms default (allowed 45000..60000 in Kafka). */
    public static final long DEFAULT_SESSION_TIMEOUT_MS = 45_000;
    /** group.consumer.assignors default: uniform first, so uniform is the default assignor. */
    public static final List<String> DEFAULT_ASSIGNORS = List.of(ServerAssignors.UNIFORM, ServerAssignors.RANGE);
    /** group.consumer.max.size default. */
    public static final int DEFAULT_MAX_SIZE = Integer.MAX_VALUE;
    /** group.consumer.assignment.interval.ms default since Kafka 4.3 (KIP-1263); before, effectively 0. */
    public static final long DEFAULT_ASSIGNMENT_INTERVAL_MS = 1_000;

    /** Kafka's defaults. */
    public static final ConsumerGroupSettings DEFAULTS = new ConsumerGroupSettings(DEFAULT_HEARTBEAT_INTERVAL_MS,
            DEFAULT_SESSION_TIMEOUT_MS, DEFAULT_ASSIGNORS, DEFAULT_MAX_SIZE, DEFAULT_ASSIGNMENT_INTERVAL_MS,
            ConsumerGroupSpec.DEFAULT_REGEX_REFRESH_INTERVAL_MS);

    public ConsumerGroupSettings {
        assignors = List.copyOf(assignors);
        if (heartbeatIntervalMs <= 0) {
            throw new IllegalArgumentException("group.consumer.heartbeat.interval.ms must be positive: "
                    + heartbeatIntervalMs);
        }
        if (sessionTimeoutMs <= heartbeatIntervalMs) {
            // GroupCoordinatorConfig requires the heartbeat interval to be below the session timeout.
            throw new IllegalArgumentException("group.consumer.heartbeat.interval.ms (" + heartbeatIntervalMs
                    + ") must be less than group.consumer.session.timeout.ms (" + sessionTimeoutMs + ")");
        }
        if (assignors.isEmpty() || new HashSet<>(assignors).size() != assignors.size()) {
            throw new IllegalArgumentException("group.consumer.assignors must list distinct assignors: " + assignors);
        }
        for (String name : assignors) {
            if (!ServerAssignors.isKnown(name)) {
                throw new IllegalArgumentException("group.consumer.assignors: unknown assignor '" + name
                        + "'; known: " + ServerAssignors.NAMES);
            }
        }
        if (maxSize <= 0) {
            throw new IllegalArgumentException("group.consumer.max.size must be positive: " + maxSize);
        }
        if (regexRefreshIntervalMs <= 0) {
            throw new IllegalArgumentException("group.consumer.regex.refresh.interval.ms must be positive: "
                    + regexRefreshIntervalMs);
        }
        if (assignmentIntervalMs < 0) {
            throw new IllegalArgumentException("group.consumer.assignment.interval.ms must not be negative: "
                    + assignmentIntervalMs);
        }
    }

    /** The assignor used when no member asks for one (the first of group.consumer.assignors). */
    public String defaultAssignor() {
        return assignors.get(0);
    }

    public ConsumerGroupSettings withAssignmentIntervalMs(long intervalMs) {
        return new ConsumerGroupSettings(heartbeatIntervalMs, sessionTimeoutMs, assignors, maxSize, intervalMs,
                regexRefreshIntervalMs);
    }

    public ConsumerGroupSettings withAssignors(List<String> names) {
        return new ConsumerGroupSettings(heartbeatIntervalMs, sessionTimeoutMs, names, maxSize, assignmentIntervalMs,
                regexRefreshIntervalMs);
    }

    public ConsumerGroupSettings withMaxSize(int size) {
        return new ConsumerGroupSettings(heartbeatIntervalMs, sessionTimeoutMs, assignors, size, assignmentIntervalMs,
                regexRefreshIntervalMs);
    }
}
