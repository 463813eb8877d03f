package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * Reads the broker's {@code group.streams.*} configs (KIP-1071 streams groups) and checks them as Kafka 4.4.0's
 * GroupCoordinatorConfig does, with its default bounds.
 */
final class StreamsGroupConfigParser {

    static final List<String> KEYS = List.of("group.streams.heartbeat.interval.ms", "group.streams.session.timeout.ms",
            "group.streams.num.standby.replicas", "group.streams.initial.rebalance.delay.ms",
            "group.streams.assignment.interval.ms");

    private final YamlNodes nodes;
    private final YamlNumbers numbers;

    StreamsGroupConfigParser(YamlNodes nodes) {
        this.nodes = nodes;
        this.numbers = nodes.numbers();
    }

    /** The settings, or null with the problems recorded. */
    StreamsGroupSpec parse(ObjectNode config, YamlPath path) {
        StreamsGroupSpec defaults = StreamsGroupSpec.defaults();
        Long heartbeatMs = numbers.durationMs(config, path, KEYS.get(0), defaults.heartbeatIntervalMs(), 1);
        Long sessionMs = numbers.durationMs(config, path, KEYS.get(1), defaults.sessionTimeoutMs(), 1);
        Integer standbys = numbers.integer(config, path, KEYS.get(2), defaults.numStandbyReplicas(), 0,
                StreamsGroupSpec.MAX_STANDBY_REPLICAS);
        Long delayMs = numbers.intDurationMs(config, path, KEYS.get(3), defaults.initialRebalanceDelayMs(), 0);
        Long intervalMs = numbers.durationMs(config, path, KEYS.get(4), defaults.assignmentIntervalMs(), 0);
        if (!YamlNodes.allPresent(heartbeatMs, sessionMs, standbys, delayMs, intervalMs)) {
            return null;
        }
        boolean ok = within(path, KEYS.get(0), heartbeatMs, StreamsGroupSpec.MIN_HEARTBEAT_INTERVAL_MS,
                StreamsGroupSpec.MAX_HEARTBEAT_INTERVAL_MS)
                & within(path, KEYS.get(1), sessionMs, StreamsGroupSpec.MIN_SESSION_TIMEOUT_MS,
                StreamsGroupSpec.MAX_SESSION_TIMEOUT_MS)
                & within(path, KEYS.get(4), intervalMs, StreamsGroupSpec.MIN_ASSIGNMENT_INTERVAL_MS,
                StreamsGroupSpec.MAX_ASSIGNMENT_INTERVAL_MS);
        if (ok && heartbeatMs >= sessionMs) {
            nodes.problem(path.key(KEYS.get(0)), KEYS.get(0) + " (" + heartbeatMs + ") must be lower than "
                    + KEYS.get(1) + " (" + sessionMs + "); lower the interval or raise the timeout");
            ok = false;
        }
        return ok ? new StreamsGroupSpec(heartbeatMs, sessionMs, standbys, delayMs, intervalMs) : null;
    }

    private boolean within(YamlPath path, String key, long value, long min, long max) {
        if (value < min || value > max) {
            nodes.problem(path.key(key), key + " (" + value + ") must lie within " + min + " and " + max
                    + " (Kafka's group.streams.min/max bounds); change the value");
            return false;
        }
        return true;
    }
}
