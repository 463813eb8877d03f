package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;

/**
 * Reads {@code consumers.config:}, consumer configs under their Kafka names with Kafka 4.x
 * defaults, and applies Kafka's own cross-field rules.
 */
final class ConsumerConfigParser {

    static final List<String> KEYS = List.of("group.protocol", "partition.assignment.strategy",
            "session.timeout.ms", "heartbeat.interval.ms", "max.poll.interval.ms", "max.poll.records",
            "enable.auto.commit", "auto.commit.interval.ms", "group.instance.id", "request.timeout.ms",
            "retry.backoff.ms", "retry.backoff.max.ms", "group.remote.assignor", "metadata.max.age.ms");
    /** Kafka declares these as INT configs, so larger values are refused by the real client. */
    private static final List<String> INT_MS_KEYS = List.of("session.timeout.ms", "heartbeat.interval.ms",
            "max.poll.interval.ms", "auto.commit.interval.ms", "request.timeout.ms");

    private final YamlNodes nodes;
    private final YamlNumbers numbers;

    ConsumerConfigParser(YamlNodes nodes) {
        this.nodes = nodes;
        this.numbers = nodes.numbers();
    }

    /** @param cluster the broker bounds for session.timeout.ms, or null if the cluster is invalid */
    ConsumerConfig parse(JsonNode node, YamlPath path, ClusterSpec cluster) {
        ObjectNode config = nodes.map(node, path, KEYS);
        GroupProtocolName protocol = groupProtocol(config, path);
        List<String> assignors = assignors(config, path);
        Long sessionMs = intMs(config, path, "session.timeout.ms", 45_000, 1);
        Long heartbeatMs = intMs(config, path, "heartbeat.interval.ms", 3_000, 1);
        Long maxPollIntervalMs = intMs(config, path, "max.poll.interval.ms", 300_000, 1);
        Integer maxPollRecords = numbers.integer(config, path, "max.poll.records", 500, 1, Integer.MAX_VALUE);
        Boolean autoCommit = nodes.bool(config, path, "enable.auto.commit", true);
        Long autoCommitMs = intMs(config, path, "auto.commit.interval.ms", 5_000, 0);
        Optional<String> instanceId = instanceId(config, path);
        Long requestTimeoutMs = intMs(config, path, "request.timeout.ms", 30_000, 1);
        Long retryBackoffMs = numbers.durationMs(config, path, "retry.backoff.ms", 100, 0);
        Long retryBackoffMaxMs = numbers.durationMs(config, path, "retry.backoff.max.ms", 1_000, 0);
        Optional<String> remoteAssignor = remoteAssignor(config, path, cluster);
        // A LONG config in Kafka (ConsumerConfig, atLeast(0)).
        Long metadataMaxAgeMs = numbers.durationMs(config, path, "metadata.max.age.ms",
                ClientDefaults.METADATA_MAX_AGE_MS, 0);
        if (!YamlNodes.allPresent(protocol, assignors, sessionMs, heartbeatMs, maxPollIntervalMs, maxPollRecords,
                autoCommit, autoCommitMs, instanceId, requestTimeoutMs, retryBackoffMs, retryBackoffMaxMs,
                remoteAssignor, metadataMaxAgeMs)) {
            return null;
        }
        // With group.protocol consumer the broker decides the session timeout and the heartbeat
        // interval (group.consumer.*), so the classic rules do not apply to the client's values.
        if (protocol.clientOwnsGroupSettings() && !crossFieldRulesHold(path, sessionMs, heartbeatMs, cluster)) {
            return null;
        }
        return new ConsumerConfig(protocol, assignors, sessionMs, heartbeatMs, maxPollIntervalMs, maxPollRecords,
                autoCommit, autoCommitMs, instanceId.orElse(null), requestTimeoutMs, retryBackoffMs, retryBackoffMaxMs,
                remoteAssignor.orElse(null), metadataMaxAgeMs);
    }

    private Long intMs(ObjectNode config, YamlPath path, String key, long fallbackMs, long minMs) {
        return INT_MS_KEYS.contains(key) ? numbers.intDurationMs(config, path, key, fallbackMs, minMs)
                : numbers.durationMs(config, path, key, fallbackMs, minMs);
    }

    private GroupProtocolName groupProtocol(ObjectNode config, YamlPath path) {
        String choices = GroupProtocolName.choices();
        String protocol = nodes.text(config, path, "group.protocol", GroupProtocolName.CLASSIC.kafkaName(), choices);
        if (protocol == null) {
            return null;
        }
        Optional<GroupProtocolName> named = GroupProtocolName.named(protocol);
        if (named.isPresent() && named.get() == GroupProtocolName.STREAMS) {
            nodes.problem(path.key("group.protocol"), "group.protocol streams is Kafka Streams' (KIP-1071 streams "
                    + "groups); a plain consumer speaks " + choices + ": add app: streams, or change it");
            return null;
        }
        if (named.isEmpty()) {
            nodes.problem(path.key("group.protocol"), "expected " + choices + ", got '" + protocol + "'");
            return null;
        }
        return named.get();
    }

    private List<String> assignors(ObjectNode config, YamlPath path) {
        String key = "partition.assignment.strategy";
        JsonNode node = YamlNodes.optional(config, key);
        if (node == null) {
            return AssignorNames.DEFAULT;
        }
        List<String> written = nodes.names(node, path.key(key), "an assignor name such as range");
        return written == null ? null : AssignorNames.normalize(written, path.key(key), nodes);
    }

    /** group.remote.assignor: empty for the broker's default; must be one the broker offers. */
    private Optional<String> remoteAssignor(ObjectNode config, YamlPath path, ClusterSpec cluster) {
        String key = "group.remote.assignor";
        JsonNode node = YamlNodes.optional(config, key);
        if (node == null) {
            return Optional.empty();
        }
        String name = nodes.name(node, path.key(key), "a server assignor name: uniform or range");
        if (name == null) {
            return null;
        }
        List<String> offered = cluster == null || cluster.consumerGroup() == null ? ConsumerGroupSpec.SERVER_ASSIGNORS
                : cluster.consumerGroup().assignors();
        if (!offered.contains(name)) {
            nodes.problem(path.key(key), "the broker offers no server assignor '" + name + "' (its "
                    + "group.consumer.assignors are " + offered + "); Kafka answers UNSUPPORTED_ASSIGNOR");
            return null;
        }
        return Optional.of(name);
    }

    /** Empty for a dynamic member (no id), null if the id is invalid, like every other getter here. */
    private Optional<String> instanceId(ObjectNode config, YamlPath path) {
        String key = "group.instance.id";
        JsonNode node = YamlNodes.optional(config, key);
        if (node == null) {
            return Optional.empty();
        }
        String id = nodes.name(node, path.key(key), "a static member id such as orders-" + ConsumerConfig.POD_NAME);
        String whyIllegal = id == null ? null : KafkaNames.whyIllegal(id.replace(ConsumerConfig.POD_NAME, "pod"));
        if (whyIllegal != null) {
            nodes.problem(path.key(key), "'" + id + "' " + whyIllegal);
        }
        return id == null || whyIllegal != null ? null : Optional.of(id);
    }

    private boolean crossFieldRulesHold(YamlPath path, long sessionMs, long heartbeatMs, ClusterSpec cluster) {
        boolean holds = true;
        if (heartbeatMs >= sessionMs) {
            nodes.problem(path.key("heartbeat.interval.ms"), "heartbeat.interval.ms (" + heartbeatMs
                    + ") must be lower than session.timeout.ms (" + sessionMs + "): Kafka's consumer refuses to "
                    + "start otherwise; lower heartbeat.interval.ms (usually a third of the session timeout) "
                    + "or raise session.timeout.ms");
            holds = false;
        }
        if (cluster == null) {
            return holds;
        }
        YamlPath sessionPath = path.key("session.timeout.ms");
        if (sessionMs < cluster.groupMinSessionTimeoutMs()) {
            nodes.problem(sessionPath, "session.timeout.ms (" + sessionMs + ") is below the broker's "
                    + "group.min.session.timeout.ms (" + cluster.groupMinSessionTimeoutMs() + "): Kafka answers "
                    + "the JoinGroup with INVALID_SESSION_TIMEOUT and the consumer never joins; raise "
                    + "session.timeout.ms to at least " + cluster.groupMinSessionTimeoutMs()
                    + " or lower cluster.config.group.min.session.timeout.ms");
            holds = false;
        } else if (sessionMs > cluster.groupMaxSessionTimeoutMs()) {
            nodes.problem(sessionPath, "session.timeout.ms (" + sessionMs + ") is above the broker's "
                    + "group.max.session.timeout.ms (" + cluster.groupMaxSessionTimeoutMs() + "): Kafka answers "
                    + "the JoinGroup with INVALID_SESSION_TIMEOUT and the consumer never joins; lower "
                    + "session.timeout.ms to at most " + cluster.groupMaxSessionTimeoutMs()
                    + " or raise cluster.config.group.max.session.timeout.ms");
            holds = false;
        }
        return holds;
    }
}
