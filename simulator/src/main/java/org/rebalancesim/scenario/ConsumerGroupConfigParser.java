package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * Reads the broker's {@code group.consumer.*} configs (KIP-848 consumer groups) and checks them as
 * the broker does: the interval and the timeout must lie within their min/max configs, and the
 * heartbeat interval must be below the session timeout.
 */
final class ConsumerGroupConfigParser {

    private final YamlNodes nodes;
    private final YamlNumbers numbers;

    ConsumerGroupConfigParser(YamlNodes nodes) {
        this.nodes = nodes;
        this.numbers = nodes.numbers();
    }

    /** The settings, or null with the problems recorded. */
    ConsumerGroupSpec parse(ObjectNode config, YamlPath path) {
        ConsumerGroupSpec defaults = ConsumerGroupSpec.defaults();
        Long heartbeatMs = numbers.durationMs(config, path, "group.consumer.heartbeat.interval.ms",
                defaults.heartbeatIntervalMs(), 1);
        Long minHeartbeatMs = numbers.durationMs(config, path, "group.consumer.min.heartbeat.interval.ms", 5000, 1);
        Long maxHeartbeatMs = numbers.durationMs(config, path, "group.consumer.max.heartbeat.interval.ms", 15000, 1);
        Long sessionMs = numbers.durationMs(config, path, "group.consumer.session.timeout.ms",
                defaults.sessionTimeoutMs(), 1);
        Long minSessionMs = numbers.durationMs(config, path, "group.consumer.min.session.timeout.ms", 45000, 1);
        Long maxSessionMs = numbers.durationMs(config, path, "group.consumer.max.session.timeout.ms", 60000, 1);
        Long intervalMs = numbers.durationMs(config, path, "group.consumer.assignment.interval.ms",
                defaults.assignmentIntervalMs(), 0);
        // GroupCoordinatorConfig's defaults (4.4.0): CONSUMER_GROUP_MIN/MAX_ASSIGNMENT_INTERVAL_MS_DEFAULT.
        Long minIntervalMs = numbers.durationMs(config, path, "group.consumer.min.assignment.interval.ms", 0, 0);
        Long maxIntervalMs = numbers.durationMs(config, path, "group.consumer.max.assignment.interval.ms", 15000, 0);
        List<String> assignors = assignors(config, path);
        MigrationPolicy policy = migrationPolicy(config, path);
        Long regexRefreshMs = regexRefreshIntervalMs(config, path);
        if (!YamlNodes.allPresent(heartbeatMs, minHeartbeatMs, maxHeartbeatMs, sessionMs, minSessionMs,
                maxSessionMs, intervalMs, minIntervalMs, maxIntervalMs, assignors, policy, regexRefreshMs)) {
            return null;
        }
        boolean ok = within(path, "group.consumer.heartbeat.interval.ms", heartbeatMs, minHeartbeatMs, maxHeartbeatMs)
                & within(path, "group.consumer.session.timeout.ms", sessionMs, minSessionMs, maxSessionMs)
                & within(path, "group.consumer.assignment.interval.ms", intervalMs, minIntervalMs, maxIntervalMs);
        if (heartbeatMs >= sessionMs) {
            nodes.problem(path.key("group.consumer.heartbeat.interval.ms"), "group.consumer.heartbeat.interval.ms ("
                    + heartbeatMs + ") must be lower than group.consumer.session.timeout.ms (" + sessionMs
                    + "), else members expire between two heartbeats; lower the interval or raise the timeout");
            ok = false;
        }
        return ok ? new ConsumerGroupSpec(heartbeatMs, sessionMs, assignors, intervalMs, policy, regexRefreshMs) : null;
    }

    /** group.consumer.regex.refresh.interval.ms: an int config of at least 10000 ms (GroupCoordinatorConfig, 4.4.0). */
    private Long regexRefreshIntervalMs(ObjectNode config, YamlPath path) {
        String key = "group.consumer.regex.refresh.interval.ms";
        Long ms = numbers.intDurationMs(config, path, key, ConsumerGroupSpec.DEFAULT_REGEX_REFRESH_INTERVAL_MS, 0);
        if (ms != null && ms < ConsumerGroupSpec.MIN_REGEX_REFRESH_INTERVAL_MS) {
            nodes.problem(path.key(key), key + " (" + ms + ") must be at least "
                    + ConsumerGroupSpec.MIN_REGEX_REFRESH_INTERVAL_MS + ", as the broker checks (Range.atLeast); "
                    + "raise it to 10s or more");
            return null;
        }
        return ms;
    }

    private boolean within(YamlPath path, String key, long value, long min, long max) {
        String base = key.substring("group.consumer.".length());
        if (value < min || value > max) {
            nodes.problem(path.key(key), key + " (" + value + ") must lie within group.consumer.min." + base
                    + " (" + min + ") and group.consumer.max." + base + " (" + max + "), as the broker checks; "
                    + "change the value or those bounds");
            return false;
        }
        return true;
    }

    /** group.consumer.migration.policy: one of ConsumerGroupMigrationPolicy's values, any case (its parse). */
    private MigrationPolicy migrationPolicy(ObjectNode config, YamlPath path) {
        String key = "group.consumer.migration.policy";
        String choices = "bidirectional, upgrade, downgrade or disabled";
        String written = nodes.text(config, path, key, MigrationPolicy.BIDIRECTIONAL.kafkaName(), choices);
        if (written == null) {
            return null;
        }
        MigrationPolicy policy = MigrationPolicy.named(written).orElse(null);
        if (policy == null) {
            nodes.problem(path.key(key), "expected " + choices + " (Kafka's ConsumerGroupMigrationPolicy), got '"
                    + written + "'");
        }
        return policy;
    }

    private List<String> assignors(ObjectNode config, YamlPath path) {
        String key = "group.consumer.assignors";
        JsonNode node = YamlNodes.optional(config, key);
        if (node == null) {
            return ConsumerGroupSpec.SERVER_ASSIGNORS;
        }
        List<String> written = nodes.names(node, path.key(key), "a server assignor name: uniform or range");
        if (written == null) {
            return null;
        }
        for (String name : written) {
            if (!ConsumerGroupSpec.SERVER_ASSIGNORS.contains(name)) {
                nodes.problem(path.key(key), "unknown server assignor '" + name + "'; Kafka's are uniform and range");
                return null;
            }
        }
        if (written.isEmpty()) {
            nodes.problem(path.key(key), "needs at least one server assignor: uniform or range");
            return null;
        }
        return written;
    }
}
