package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a Kafka Streams pod group (consumers.app: streams): the StreamsConfig keys of consumers.config,
 * consumers.topology and consumers.closeOptions, with Kafka 4.4.0's defaults and bounds
 * (docs/kafka-semantics.md §19), and says what Streams fixes itself so the file cannot set it.
 */
final class StreamsParser {

    /** StreamsConfig keys read from consumers.config. */
    static final List<String> CONFIG_KEYS = List.of("num.stream.threads", "num.standby.replicas",
            "acceptable.recovery.lag", "max.warmup.replicas", "probing.rebalance.interval.ms", "commit.interval.ms",
            "poll.ms", "processing.guarantee", "state.cleanup.delay.ms", "task.assignor.class");
    static final List<String> CLOSE_KEYS = List.of("groupMembershipOperation");
    /** StreamsConfig's defaults (4.4.0). */
    static final int MAX_POLL_RECORDS = 1000;
    private static final List<String> GUARANTEES = List.of("at_least_once", "exactly_once_v2");
    private static final List<String> MEMBERSHIP_OPERATIONS = List.of("DEFAULT", "LEAVE_GROUP", "REMAIN_IN_GROUP");
    private static final YamlPath PATH = YamlPath.ROOT.key("consumers");

    /** What the pods run: plain consumers, or Kafka Streams instances (docs/kafka-semantics.md §19). */
    static final List<String> APPS = List.of("consumer", "streams");
    /** Keys that describe a Kafka Streams application only. */
    private static final List<String> STREAMS_ONLY = List.of("topology", "closeOptions");
    /** The assignor every Kafka Streams member advertises (StreamsPartitionAssignor#name). */
    static final List<String> STRATEGY = List.of("stream");

    private final YamlNodes nodes;
    private final YamlNumbers numbers;

    StreamsParser(YamlNodes nodes) {
        this.nodes = nodes;
        this.numbers = nodes.numbers();
    }

    /** consumers.app; null (with a problem) if it is neither, or if Streams keys appear without it. */
    Boolean isStreams(ObjectNode consumers) {
        String app = nodes.text(consumers, PATH, "app", "consumer", String.join(" or ", APPS));
        if (app != null && !APPS.contains(app)) {
            nodes.problem(PATH.key("app"), "expected consumer (plain Kafka consumers) or streams (Kafka Streams "
                    + "instances), got '" + app + "'");
            return null;
        }
        if (app == null) {
            return null;
        }
        boolean streams = app.equals("streams");
        if (!streams) {
            boolean ok = true;
            for (String key : STREAMS_ONLY) {
                if (YamlNodes.optional(consumers, key) != null) {
                    nodes.problem(PATH.key(key), "describes a Kafka Streams application: add app: streams, or remove "
                            + key);
                    ok = false;
                }
            }
            JsonNode config = YamlNodes.optional(consumers, "config");
            for (String key : CONFIG_KEYS) {
                if (YamlNodes.optional(config, key) != null) {
                    nodes.problem(PATH.key("config").key(key), key + " is a Kafka Streams config: add app: streams, "
                            + "or remove it");
                    ok = false;
                }
            }
            return ok ? Boolean.FALSE : null;
        }
        if (YamlNodes.optional(consumers, "overrides") != null) {
            nodes.problem(PATH.key("overrides"), "per-pod configs of a Kafka Streams application are not modelled "
                    + "yet: every instance runs the same config; remove overrides");
            return null;
        }
        return Boolean.TRUE;
    }

    /**
     * The consumer configs of a Streams instance's main consumer: the file's, without the Streams keys, over
     * Streams' consumer defaults (StreamsConfig: max.poll.records 1000, enable.auto.commit false).
     */
    JsonNode consumerConfig(JsonNode written) {
        if (written != null && !(written instanceof ObjectNode)) {
            return written;
        }
        ObjectNode config = written == null ? JsonNodeFactory.instance.objectNode() : ((ObjectNode) written).deepCopy();
        // An unknown key is told here, against the consumer and the Streams keys alike, and dropped.
        List<String> known = new ArrayList<>(ConsumerConfigParser.KEYS);
        known.addAll(CONFIG_KEYS);
        nodes.checkKeys(config, PATH.key("config"), known);
        config.retain(ConsumerConfigParser.KEYS);
        StreamsApp.CONSUMER_CONFIGS_STREAMS_SETS.forEach(config::remove);
        config.remove("group.protocol"); // Streams' own setting, read by StreamsParser; its consumer runs classic
        if (!config.has("max.poll.records")) {
            config.put("max.poll.records", MAX_POLL_RECORDS);
        }
        config.put("enable.auto.commit", false);
        return config;
    }

    /** The main consumer as Streams configures it: its assignor, and its group protocol (classic or streams). */
    static ConsumerConfig mainConsumer(ConsumerConfig config, StreamsApp streams) {
        return config.withStrategy(STRATEGY).withGroupProtocol(streams.streamsProtocol() ? GroupProtocolName.STREAMS
                : GroupProtocolName.CLASSIC);
    }

    /** A Streams instance subscribes to its topology's source topics; the file cannot say otherwise. */
    List<String> subscription(ObjectNode consumers, StreamsApp streams) {
        if (YamlNodes.optional(consumers, "subscribe") != null) {
            nodes.problem(PATH.key("subscribe"), "a Kafka Streams instance subscribes to its topology's source "
                    + "topics: remove subscribe and list the topics under topology.subtopologies[*].source");
            return null;
        }
        return streams == null ? null : streams.topology().sourceTopics();
    }

    /** The Streams settings and topology, or null (with problems recorded) if any is invalid. */
    StreamsApp parse(ObjectNode consumers, TopicsParser.Catalog catalog) {
        ObjectNode config = YamlNodes.optional(consumers, "config") instanceof ObjectNode map ? map : null;
        YamlPath configPath = PATH.key("config");
        for (String key : StreamsApp.CONSUMER_CONFIGS_STREAMS_SETS) {
            if (YamlNodes.optional(config, key) != null) {
                nodes.problem(configPath.key(key), "Kafka Streams sets " + key + " itself (its own assignor, "
                        + "commits every commit.interval.ms) and ignores the application's value; remove it");
            }
        }
        String protocol = nodes.text(config, configPath, "group.protocol", "classic", "classic or streams");
        if (protocol != null && !protocol.equals("classic") && !protocol.equals("streams")) {
            nodes.problem(configPath.key("group.protocol"), "Kafka Streams' group.protocol is classic or streams "
                    + "(StreamsConfig), got '" + protocol + "'");
            protocol = null;
        }
        Integer threads = numbers.integer(config, configPath, "num.stream.threads", 1, 1,
                StreamsApp.MAX_STREAM_THREADS);
        Integer standbys = numbers.integer(config, configPath, "num.standby.replicas",
                StreamsApp.DEFAULT_NUM_STANDBY_REPLICAS, 0, Integer.MAX_VALUE);
        Long recoveryLag = wholeAtLeastZero(nodes, config, configPath, "acceptable.recovery.lag",
                StreamsApp.DEFAULT_ACCEPTABLE_RECOVERY_LAG);
        Integer warmups = numbers.integer(config, configPath, "max.warmup.replicas",
                StreamsApp.DEFAULT_MAX_WARMUP_REPLICAS, 1, Integer.MAX_VALUE);
        Long probingMs = numbers.durationMs(config, configPath, "probing.rebalance.interval.ms",
                StreamsApp.DEFAULT_PROBING_REBALANCE_INTERVAL_MS,
                StreamsApp.MIN_PROBING_REBALANCE_INTERVAL_MS);
        String guarantee = nodes.text(config, configPath, "processing.guarantee", "at_least_once",
                String.join(" or ", GUARANTEES));
        if (guarantee != null && !GUARANTEES.contains(guarantee)) {
            nodes.problem(configPath.key("processing.guarantee"), "expected " + String.join(" or ", GUARANTEES)
                    + ", got '" + guarantee + "'");
            guarantee = null;
        }
        boolean exactlyOnce = "exactly_once_v2".equals(guarantee);
        Long commitMs = numbers.durationMs(config, configPath, "commit.interval.ms",
                exactlyOnce ? StreamsApp.EXACTLY_ONCE_COMMIT_INTERVAL_MS : StreamsApp.DEFAULT_COMMIT_INTERVAL_MS, 0);
        Long pollMs = numbers.durationMs(config, configPath, "poll.ms", StreamsApp.DEFAULT_POLL_MS, 0);
        Long cleanupMs = numbers.durationMs(config, configPath, "state.cleanup.delay.ms",
                StreamsApp.DEFAULT_STATE_CLEANUP_DELAY_MS, StreamsApp.MIN_STATE_CLEANUP_DELAY_MS);
        String taskAssignor = taskAssignorClass(config, configPath);
        StreamsApp.CloseOperation close = closeOperation(consumers);
        TopologySpec topology = new TopologyParser(nodes).parse(YamlNodes.optional(consumers, "topology"), catalog);
        if (!YamlNodes.allPresent(protocol, threads, standbys, recoveryLag, warmups, probingMs, guarantee, commitMs,
                pollMs, close, cleanupMs, topology, taskAssignor)) {
            return null;
        }
        return new StreamsApp(standbys, recoveryLag, warmups, probingMs, commitMs, pollMs, exactlyOnce, close, cleanupMs,
                topology, protocol.equals("streams"), threads, taskAssignor.isEmpty() ? null : taskAssignor);
    }

    /**
     * task.assignor.class: "" when absent (Kafka's default, HighAvailabilityTaskAssignor), the class name as written
     * otherwise, null with a problem when it is no class name or a typo of Kafka's own. Whether it loads and is a
     * TaskAssignor depends on --classpath, so the CLI checks that before the run (docs/kafka-semantics.md §26).
     */
    private String taskAssignorClass(ObjectNode config, YamlPath configPath) {
        String name = nodes.text(config, configPath, "task.assignor.class", "", "a TaskAssignor's class name");
        if (name == null || name.isEmpty()) {
            return name;
        }
        YamlPath path = configPath.key("task.assignor.class");
        if (!AssignorNames.isClassName(name)) {
            nodes.problem(path, "'" + name + "' is not a Java class name: name a class implementing Kafka Streams' "
                    + "TaskAssignor, such as " + StreamsApp.KAFKA_TASK_ASSIGNORS.get(0)
                    + ", or remove the key for the default HighAvailabilityTaskAssignor");
            return null;
        }
        boolean kafkasPackage = name.startsWith(StreamsApp.KAFKA_TASK_ASSIGNOR_PACKAGE);
        if (kafkasPackage && !StreamsApp.KAFKA_TASK_ASSIGNORS.contains(name)) {
            nodes.problem(path, "'" + name + "' is not one of Kafka Streams' task assignors; "
                    + KeySuggester.hint(name, StreamsApp.KAFKA_TASK_ASSIGNORS, "Kafka Streams' task assignors"));
            return null;
        }
        return name;
    }

    static Long wholeAtLeastZero(YamlNodes nodes, ObjectNode config, YamlPath path, String key, long fallback) {
        return whole(nodes, config, path, key, fallback, 0, Long.MAX_VALUE);
    }

    /** An optional whole number in [min, max] under {@code key}, {@code fallback} when absent. */
    static Long whole(YamlNodes nodes, ObjectNode config, YamlPath path, String key, long fallback, long min,
                      long max) {
        JsonNode node = YamlNodes.optional(config, key);
        return node == null ? Long.valueOf(fallback) : nodes.numbers().whole(node, path.key(key), min, max);
    }

    /**
     * closeOptions: {groupMembershipOperation: ...}, KafkaStreams#close(CloseOptions) (KIP-1092): DEFAULT and
     * REMAIN_IN_GROUP send no LeaveGroup on the classic protocol, LEAVE_GROUP does.
     */
    private StreamsApp.CloseOperation closeOperation(ObjectNode consumers) {
        YamlPath path = PATH.key("closeOptions");
        ObjectNode close = nodes.map(YamlNodes.optional(consumers, "closeOptions"), path, CLOSE_KEYS);
        String choices = String.join(", ", MEMBERSHIP_OPERATIONS);
        String operation = nodes.text(close, path, "groupMembershipOperation", "DEFAULT", choices);
        if (operation != null && !MEMBERSHIP_OPERATIONS.contains(operation)) {
            nodes.problem(path.key("groupMembershipOperation"), "expected one of " + choices + " (Kafka's "
                    + "CloseOptions.GroupMembershipOperation), got '" + operation + "'");
            return null;
        }
        return operation == null ? null : StreamsApp.CloseOperation.valueOf(operation);
    }
}
