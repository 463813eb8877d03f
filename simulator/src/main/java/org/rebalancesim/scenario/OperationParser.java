package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads one timeline operation: one method per operation, named in its {@link Operations} entry
 * ({@code start} is read by {@link TimelineParser} first).
 * Operations are read in time order, so {@code addPartitions} can be checked against the partition
 * count in force at its time.
 */
final class OperationParser {

    /** An EC2 spot instance's interruption notice: two minutes. */
    static final long SPOT_NOTICE_MS = 120_000;

    private final YamlNodes nodes;
    private final YamlNumbers numbers;
    private final References references;
    private final ClusterSpec cluster;
    /** Partition counts after the addPartitions read so far; declared counts otherwise. */
    private final Map<String, Integer> currentPartitions = new HashMap<>();
    private final Iterator<Operation.Start> starts;
    /** The topics that do not exist at the time of the operation being read: created: false, not yet created. */
    private final Set<String> absent;
    /** The topics deleted by the operations read so far. */
    private final Set<String> deleted = new TreeSet<>();

    /**
     * @param cluster the cluster, or null if invalid (broker ids are then not checked)
     * @param starts  every start of the timeline in time order, null for an invalid one
     */
    OperationParser(YamlNodes nodes, References references, ClusterSpec cluster, List<Operation.Start> starts,
                    Set<String> createdLater) {
        this.starts = starts.iterator();
        this.absent = new TreeSet<>(createdLater);
        this.nodes = nodes;
        this.numbers = nodes.numbers();
        this.references = references;
        this.cluster = cluster;
    }

    /** The operation, or null if invalid (the problems are recorded). */
    Operation parse(OperationType<?> type, JsonNode body, YamlPath path) {
        return type.read(this, body, path);
    }

    /** The next start, already read by {@link TimelineParser} before every other operation. */
    Operation start(JsonNode body, YamlPath path) {
        return starts.next();
    }

    Operation stop(JsonNode body, YamlPath path) {
        ObjectNode map = nodes.map(body, path, List.of("consumer"));
        ConsumerSelector pods = requiredConsumers(map, path);
        return pods == null ? null : new Operation.Stop(pods);
    }

    Operation crash(JsonNode body, YamlPath path) {
        ObjectNode map = nodes.map(body, path, List.of("consumer", "restartAfter"));
        ConsumerSelector pods = requiredConsumers(map, path);
        Long restartAfterMs = numbers.durationMs(map, path, "restartAfter", -1, 0);
        return YamlNodes.allPresent(map, pods, restartAfterMs) ? new Operation.Crash(pods, restartAfterMs) : null;
    }

    Operation restart(JsonNode body, YamlPath path) {
        ObjectNode map = nodes.map(body, path, List.of("consumer", "downtime", "config"));
        ConsumerSelector pods = requiredConsumers(map, path);
        Long downtimeMs = numbers.durationMs(map, path, "downtime", 0, 0);
        PodConfigChange config = configChange(map, path);
        return YamlNodes.allPresent(map, pods, downtimeMs, config)
                ? new Operation.Restart(pods, downtimeMs, config) : null;
    }

    Operation rollingRestart(JsonNode body, YamlPath path) {
        ObjectNode map = nodes.map(body, path, List.of("consumer", "interval", "downtime", "config"));
        JsonNode podsNode = YamlNodes.optional(map, "consumer");
        ConsumerSelector pods = podsNode == null ? ConsumerSelector.allPods()
                : references.consumers(podsNode, path.key("consumer"));
        Long intervalMs = numbers.requiredDurationMs(map, path, "interval", 1,
                "the time between two pod restarts, e.g. interval: 30s");
        Long downtimeMs = numbers.durationMs(map, path, "downtime", 0, 0);
        PodConfigChange config = configChange(map, path);
        return YamlNodes.allPresent(map, pods, intervalMs, downtimeMs, config)
                ? new Operation.RollingRestart(pods, intervalMs, downtimeMs, config) : null;
    }

    /**
     * A restart's or a rollout's {@code config:}, the consumer configs of the pods' new processes; checked as a pod's
     * configuration once the pods are known ({@link RestartConfigs}). Null when it is not a map.
     */
    private PodConfigChange configChange(ObjectNode map, YamlPath path) {
        JsonNode node = YamlNodes.optional(map, "config");
        if (node == null) {
            return PodConfigChange.NONE;
        }
        if (!(node instanceof ObjectNode configs) || configs.isEmpty()) {
            nodes.problem(path.key("config"), "expected a map of consumer configs the pods' new processes use from "
                    + "then on, e.g. config: {group.protocol: consumer}");
            return null;
        }
        return new PodConfigChange(configs, path.key("config"), Map.of(), null);
    }

    Operation gcPause(JsonNode body, YamlPath path) {
        ObjectNode map = nodes.map(body, path, List.of("consumer", "duration"));
        ConsumerSelector pods = requiredConsumers(map, path);
        Long durationMs = requiredLength(map, path, "duration", "how long the JVM stops, e.g. duration: 12s");
        return YamlNodes.allPresent(map, pods, durationMs) ? new Operation.GcPause(pods, durationMs) : null;
    }

    Operation networkPartition(JsonNode body, YamlPath path) {
        ObjectNode map = nodes.map(body, path, List.of("consumer", "duration"));
        ConsumerSelector pods = requiredConsumers(map, path);
        Long durationMs = requiredLength(map, path, "duration", "how long requests are lost, e.g. duration: 20s");
        return YamlNodes.allPresent(map, pods, durationMs) ? new Operation.NetworkPartition(pods, durationMs) : null;
    }

    /** {@code consumer:} targets that pod's next record, {@code partition:} that partition's next record. */
    Operation slowRecord(JsonNode body, YamlPath path) {
        ObjectNode map = nodes.map(body, path, List.of("consumer", "partition", "duration", "slowness"));
        Long durationMs = requiredLength(map, path, "duration", "how long the record takes, e.g. duration: 15m");
        if (map == null) {
            return null;
        }
        Slowness slowness = slowness(YamlNodes.optional(map, "slowness"), path.key("slowness"));
        if (slowness == null) {
            return null;
        }
        JsonNode podsNode = YamlNodes.optional(map, "consumer");
        JsonNode partitionNode = YamlNodes.optional(map, "partition");
        if ((podsNode == null) == (partitionNode == null)) {
            nodes.problem(path, "needs exactly one of consumer: (that pod's next record) or partition: orders-3 "
                    + "(that partition's next record)");
            return null;
        }
        if (podsNode != null) {
            ConsumerSelector pods = references.consumers(podsNode, path.key("consumer"));
            return YamlNodes.allPresent(pods, durationMs)
                    ? new Operation.SlowRecord(pods, null, durationMs, slowness) : null;
        }
        String partition = partition(partitionNode, path.key("partition"));
        return YamlNodes.allPresent(partition, durationMs)
                ? new Operation.SlowRecord(ConsumerSelector.of(List.of()), partition, durationMs, slowness) : null;
    }

    /** {@code slowness: record} (the default: a poison pill) or {@code attempt} (a slow downstream). */
    private Slowness slowness(JsonNode node, YamlPath path) {
        if (node == null) {
            return Slowness.RECORD;
        }
        String text = node.isTextual() ? node.asText() : null;
        for (Slowness slowness : Slowness.values()) {
            if (slowness.key().equals(text)) {
                return slowness;
            }
        }
        nodes.problem(path, "expected record (the record stays slow for whoever processes it again: a poison"
                + " pill) or attempt (only this processing attempt is slow: a slow downstream), got '"
                + node.asText() + "'");
        return null;
    }

    /** "orders-3": the topic, a dash, the partition index; the topic name may contain dashes itself. */
    private String partition(JsonNode node, YamlPath path) {
        String text = nodes.name(node, path, "a partition like orders-3");
        int dash = text == null ? -1 : text.lastIndexOf('-');
        if (text == null || dash <= 0 || !text.substring(dash + 1).matches("[0-9]{1,7}")) {
            if (text != null) {
                nodes.problem(path, "expected a partition like orders-3 (topic, '-', partition index), got '"
                        + text + "'");
            }
            return null;
        }
        String topic = text.substring(0, dash);
        int index = Integer.parseInt(text.substring(dash + 1));
        if (!references.checkTopic(topic, path) || !exists(topic, path)) {
            return null;
        }
        int partitions = partitionsNow(topic);
        if (partitions > 0 && index >= partitions) {
            nodes.problem(path, "partition '" + text + "' does not exist: topic '" + topic + "' has " + partitions
                    + " partitions at that time (" + topic + "-0 to " + topic + "-" + (partitions - 1) + ")");
            return null;
        }
        return text;
    }

    Operation brokerFailure(JsonNode body, YamlPath path) {
        ObjectNode map = nodes.map(body, path, List.of("broker", "downtime"));
        Integer broker = new BrokerChoice(nodes, cluster).parse(map, path);
        Long downtimeMs = requiredLength(map, path, "downtime", "how long the broker is down, e.g. downtime: 30s");
        return YamlNodes.allPresent(map, broker, downtimeMs) ? new Operation.BrokerFailure(broker, downtimeMs) : null;
    }

    Operation addPartitions(JsonNode body, YamlPath path) {
        ObjectNode map = nodes.map(body, path, List.of("topic", "count"));
        JsonNode topicNode = nodes.required(map, path, "topic", "the topic that grows, e.g. topic: orders");
        String topic = topicNode == null ? null : nodes.name(topicNode, path.key("topic"), "a topic name");
        boolean known = topic != null && references.checkTopic(topic, path.key("topic")) && exists(topic, path.key("topic"));
        JsonNode countNode = nodes.required(map, path, "count", "the new partition count, e.g. count: 12");
        Integer count = countNode == null ? null
                : numbers.integer(countNode, path.key("count"), 1, Limits.MAX_PARTITIONS_PER_TOPIC);
        if (!known || count == null) {
            return null;
        }
        int current = partitionsNow(topic);
        if (current > 0 && count <= current) {
            nodes.problem(path.key("count"), "count (" + count + ") must be greater than the topic's partition count "
                    + "at that time (" + current + "): Kafka can add partitions but never remove them");
            return null;
        }
        currentPartitions.put(topic, count);
        return new Operation.AddPartitions(topic, count);
    }

    /** {@code createTopic: {topic: orders-eu}}: a topic declared with created: false, not created before. */
    Operation createTopic(JsonNode body, YamlPath path) {
        ObjectNode map = nodes.map(body, path, List.of("topic"));
        JsonNode topicNode = nodes.required(map, path, "topic", "the topic created, e.g. topic: orders-eu");
        String topic = topicNode == null ? null : nodes.name(topicNode, path.key("topic"), "a topic name");
        if (topic == null || !references.checkTopic(topic, path.key("topic"))) {
            return null;
        }
        if (deleted.contains(topic)) {
            nodes.problem(path.key("topic"), "topic '" + topic + "' was deleted by an earlier deleteTopic, and a "
                    + "scenario does not create a topic again (Kafka would give it a new topic id and none of the old "
                    + "topic's offsets): declare the new topic under another name");
            return null;
        }
        if (!absent.remove(topic)) {
            nodes.problem(path.key("topic"), "topic '" + topic + "' already exists at that time: declare it with "
                    + "created: false under topics: to create it on the timeline, and create it once");
            return null;
        }
        return new Operation.CreateTopic(topic);
    }

    /** {@code deleteTopic: {topic: orders-eu}}: a topic that exists at that time. */
    Operation deleteTopic(JsonNode body, YamlPath path) {
        ObjectNode map = nodes.map(body, path, List.of("topic"));
        JsonNode topicNode = nodes.required(map, path, "topic", "the topic deleted, e.g. topic: orders-eu");
        String topic = topicNode == null ? null : nodes.name(topicNode, path.key("topic"), "a topic name");
        if (topic == null || !references.checkTopic(topic, path.key("topic")) || !exists(topic, path.key("topic"))) {
            return null;
        }
        deleted.add(topic);
        absent.add(topic);
        return new Operation.DeleteTopic(topic);
    }

    /** True if the topic exists at the operation's time; else records a problem saying why it does not. */
    private boolean exists(String topic, YamlPath path) {
        if (!absent.contains(topic)) {
            return true;
        }
        if (deleted.contains(topic)) {
            nodes.problem(path, "topic '" + topic + "' does not exist at that time: an earlier deleteTopic deleted "
                    + "it; move this entry before the deletion or remove it");
        } else {
            nodes.problem(path, "topic '" + topic + "' does not exist at that time (it is declared with created: "
                    + "false): add a createTopic: {topic: " + topic + "} entry before this one");
        }
        return false;
    }

    /**
     * {@code subscribe: {consumer: c1, topics: [orders]}}, or with {@code pattern:} / {@code regex:} instead of
     * {@code topics:} (a pattern subscription, read as {@code consumers.subscribe}'s; whether the pods may use
     * {@code regex:} is checked once their configurations at that time are known, {@link TimelineRegexCheck}).
     */
    Operation subscribe(JsonNode body, YamlPath path) {
        ObjectNode map = nodes.map(body, path, List.of("consumer", "topics", "pattern", "regex"));
        ConsumerSelector pods = requiredConsumers(map, path);
        if (map == null) {
            return null;
        }
        if (PatternParser.has(map)) {
            if (YamlNodes.optional(map, "topics") != null) {
                nodes.problem(path, "needs topics: or a pattern (pattern: or regex:), not both: subscribe(Pattern) "
                        + "replaces a subscription to topics; remove one");
                return null;
            }
            TopicPattern pattern = new PatternParser(nodes).read(map, path, null);
            return YamlNodes.allPresent(pods, pattern)
                    ? new Operation.Subscribe(pods, pattern.matching(references.declaredTopics()), pattern) : null;
        }
        JsonNode topicsNode = nodes.required(map, path, "topics", "the new subscription, e.g. topics: [orders], or a "
                + "pattern, e.g. pattern: \"orders-.*\"");
        List<String> topics = topicsNode == null ? null : references.topics(topicsNode, path.key("topics"));
        return YamlNodes.allPresent(pods, topics) ? new Operation.Subscribe(pods, topics) : null;
    }

    /**
     * {@code rollout: {workload: orders, config: {group.protocol: consumer}}}; the workload is checked against
     * consumers.workload by VariantParser, the config as a restart's.
     */
    Operation rollout(JsonNode body, YamlPath path) {
        ObjectNode map = nodes.map(body, path, List.of("workload", "config"));
        JsonNode workload = YamlNodes.optional(map, "workload");
        String name = workload == null ? null : nodes.name(workload, path.key("workload"), "the workload's name");
        PodConfigChange config = configChange(map, path);
        return workload != null && name == null || config == null ? null : new Operation.Rollout(name, config);
    }

    /** {@code drain: {consumer: [c1, c2]}}: the pods of the node drained. */
    Operation drain(JsonNode body, YamlPath path) {
        ObjectNode map = nodes.map(body, path, List.of("consumer"));
        ConsumerSelector pods = requiredConsumers(map, path);
        return pods == null ? null : new Operation.Drain(pods);
    }

    /** {@code spotInterruption: {consumer: [c1, c2], notice: 2m}}: the pods of the node reclaimed, and the notice. */
    Operation spotInterruption(JsonNode body, YamlPath path) {
        ObjectNode map = nodes.map(body, path, List.of("consumer", "notice"));
        ConsumerSelector pods = requiredConsumers(map, path);
        Long noticeMs = numbers.durationMs(map, path, "notice", SPOT_NOTICE_MS, 0);
        return YamlNodes.allPresent(map, pods, noticeMs) ? new Operation.SpotInterruption(pods, noticeMs) : null;
    }

    private int partitionsNow(String topic) {
        return currentPartitions.getOrDefault(topic, references.partitionsOf(topic));
    }

    private ConsumerSelector requiredConsumers(ObjectNode map, YamlPath path) {
        JsonNode node = nodes.required(map, path, "consumer", "which pods: a name, a list of names, or all");
        return node == null ? null : references.consumers(node, path.key("consumer"));
    }

    /** A required duration that must be positive: a zero-length pause or outage is a mistake. */
    private Long requiredLength(ObjectNode map, YamlPath path, String key, String whatItIs) {
        return numbers.requiredDurationMs(map, path, key, 1, whatItIs);
    }
}
