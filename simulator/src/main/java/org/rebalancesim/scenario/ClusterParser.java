package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/** Reads {@code cluster:}: broker count, broker configs under their Kafka names, network latency. */
final class ClusterParser {

    static final List<String> KEYS = List.of("brokers", "config", "network", "metadataPropagation",
            "coordinatorWarmup");
    static final List<String> CONFIG_KEYS = List.of("group.initial.rebalance.delay.ms",
            "offsets.topic.num.partitions", "group.min.session.timeout.ms", "group.max.session.timeout.ms",
            "group.max.size", "broker.session.timeout.ms", "group.consumer.heartbeat.interval.ms",
            "group.consumer.min.heartbeat.interval.ms", "group.consumer.max.heartbeat.interval.ms",
            "group.consumer.session.timeout.ms", "group.consumer.min.session.timeout.ms",
            "group.consumer.max.session.timeout.ms", "group.consumer.assignors",
            "group.consumer.assignment.interval.ms", "group.consumer.min.assignment.interval.ms",
            "group.consumer.max.assignment.interval.ms", "group.consumer.migration.policy",
            "group.consumer.regex.refresh.interval.ms", "group.streams.heartbeat.interval.ms",
            "group.streams.session.timeout.ms", "group.streams.num.standby.replicas",
            "group.streams.initial.rebalance.delay.ms", "group.streams.assignment.interval.ms");
    static final Distribution DEFAULT_LATENCY = new Distributions.Uniform(1, 3);

    private final YamlNodes nodes;
    private final YamlNumbers numbers;

    ClusterParser(YamlNodes nodes) {
        this.nodes = nodes;
        this.numbers = nodes.numbers();
    }

    /** The cluster, or null if anything in it is invalid (the problems are recorded). */
    ClusterSpec parse(JsonNode node) {
        YamlPath path = YamlPath.ROOT.key("cluster");
        ObjectNode cluster = nodes.map(node, path, KEYS);
        Integer brokers = numbers.integer(cluster, path, "brokers", 3, 1, Limits.MAX_BROKERS);
        YamlPath configPath = path.key("config");
        ObjectNode config = nodes.map(YamlNodes.optional(cluster, "config"), configPath, CONFIG_KEYS);
        Long initialDelayMs = numbers.intDurationMs(config, configPath, "group.initial.rebalance.delay.ms", 3000, 0);
        Integer offsetsPartitions = numbers.integer(config, configPath, "offsets.topic.num.partitions", 50, 1,
                Integer.MAX_VALUE);
        Long minSessionMs = numbers.durationMs(config, configPath, "group.min.session.timeout.ms", 6000, 0);
        Long maxSessionMs = numbers.durationMs(config, configPath, "group.max.session.timeout.ms", 1_800_000, 1);
        Integer maxSize = numbers.integer(config, configPath, "group.max.size", Integer.MAX_VALUE, 1,
                Integer.MAX_VALUE);
        Long brokerSessionMs = numbers.durationMs(config, configPath, "broker.session.timeout.ms", 9000, 1);
        NetworkSpec network = network(YamlNodes.optional(cluster, "network"), path.key("network"));
        ConsumerGroupSpec consumerGroup = new ConsumerGroupConfigParser(nodes).parse(config, configPath);
        StreamsGroupSpec streamsGroup = new StreamsGroupConfigParser(nodes).parse(config, configPath);
        Long propagationMs = numbers.durationMs(cluster, path, "metadataPropagation", 0, 0);
        Distribution coordinatorWarmup = new DistributionParser(nodes).parse(cluster, path, "coordinatorWarmup",
                ClusterSpec.WARM_COORDINATOR);
        boolean boundsOrdered = minSessionMs == null || maxSessionMs == null || minSessionMs <= maxSessionMs;
        if (!boundsOrdered) {
            nodes.problem(configPath.key("group.min.session.timeout.ms"), "group.min.session.timeout.ms ("
                    + minSessionMs + ") must not be greater than group.max.session.timeout.ms (" + maxSessionMs
                    + "), else no session timeout is acceptable to the broker");
        }
        if (!boundsOrdered || !YamlNodes.allPresent(brokers, initialDelayMs, offsetsPartitions, minSessionMs,
                maxSessionMs, maxSize, brokerSessionMs, network, consumerGroup, propagationMs, streamsGroup,
                coordinatorWarmup)) {
            return null;
        }
        return new ClusterSpec(brokers, initialDelayMs, offsetsPartitions, minSessionMs, maxSessionMs, maxSize,
                brokerSessionMs, network, consumerGroup, propagationMs, streamsGroup, coordinatorWarmup);
    }

    private NetworkSpec network(JsonNode node, YamlPath path) {
        ObjectNode network = nodes.map(node, path, List.of("latency"));
        Distribution latency = new DistributionParser(nodes).parse(network, path, "latency", DEFAULT_LATENCY);
        return latency == null ? null : new NetworkSpec(latency);
    }
}
