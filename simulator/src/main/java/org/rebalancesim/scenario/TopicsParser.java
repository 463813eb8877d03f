package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** Reads {@code topics:}, a non-empty list of {@code {name, partitions, rate}}. */
final class TopicsParser {

    static final List<String> KEYS = List.of("name", "partitions", "rate", "arrivals", "created");
    private static final String EXAMPLE = "[{name: orders, partitions: 6, rate: 50/s}]";

    /**
     * What the rest of the file may refer to.
     *
     * @param topics            the topics, or null if any is invalid
     * @param partitionsByName  every topic whose name is valid, with its partition count (-1 when the
     *                          count itself is invalid), so references to it are not reported twice
     * @param createdLater      the topics declared with {@code created: false}: absent until a createTopic
     */
    record Catalog(List<TopicSpec> topics, Map<String, Integer> partitionsByName, Set<String> createdLater) {
        Catalog {
            partitionsByName = Collections.unmodifiableMap(new LinkedHashMap<>(partitionsByName));
            createdLater = Set.copyOf(createdLater);
        }
    }

    private final YamlNodes nodes;

    TopicsParser(YamlNodes nodes) {
        this.nodes = nodes;
    }

    /** @param durationMs the run's length, for a daily rate curve's steps; null if invalid */
    Catalog parse(JsonNode root, Long durationMs) {
        YamlPath path = YamlPath.ROOT.key("topics");
        JsonNode node = nodes.required(root, YamlPath.ROOT, "topics", "the topics the group consumes, e.g. "
                + "topics: " + EXAMPLE);
        ArrayNode list = node == null ? null : nodes.list(node, path, EXAMPLE);
        Map<String, Integer> partitionsByName = new LinkedHashMap<>();
        if (list == null) {
            return new Catalog(null, partitionsByName, Set.of());
        }
        if (list.isEmpty() || list.size() > Limits.MAX_TOPICS) {
            nodes.problem(path, "must list between 1 and " + Limits.MAX_TOPICS + " topics, got " + list.size());
            return new Catalog(null, partitionsByName, Set.of());
        }
        List<TopicSpec> topics = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            TopicSpec topic = topic(list.get(i), path.index(i), partitionsByName, durationMs);
            topics.add(topic);
        }
        Set<String> createdLater = new TreeSet<>();
        topics.stream().filter(topic -> topic != null && !topic.createdAtStart()).forEach(t -> createdLater.add(t.name()));
        return new Catalog(topics.contains(null) ? null : topics, partitionsByName, createdLater);
    }

    private TopicSpec topic(JsonNode node, YamlPath path, Map<String, Integer> partitionsByName, Long durationMs) {
        if (!node.isObject()) {
            nodes.problem(path, "expected a topic like {name: orders, partitions: 6, rate: 50/s}, got "
                    + NodeText.kind(node));
            return null;
        }
        ObjectNode topic = nodes.map(node, path, KEYS);
        String name = name(topic, path, partitionsByName);
        JsonNode partitionsNode = nodes.required(topic, path, "partitions", "the partition count, e.g. partitions: 6");
        Integer partitions = partitionsNode == null ? null
                : nodes.numbers().integer(partitionsNode, path.key("partitions"), 1, Limits.MAX_PARTITIONS_PER_TOPIC);
        JsonNode rateNode = YamlNodes.optional(topic, "rate");
        RateSchedule schedule = rateNode != null && rateNode.isObject()
                ? new RateScheduleParser(nodes).parse((ObjectNode) rateNode, path.key("rate"), durationMs) : null;
        Double rate = rateNode == null ? Double.valueOf(0) : schedule != null ? Double.valueOf(schedule.rateAt(0))
                : rateNode.isObject() ? null : nodes.numbers().ratePerSecond(rateNode, path.key("rate"));
        if (name != null) {
            partitionsByName.put(name, partitions == null ? -1 : partitions);
        }
        Boolean inTurn = inTurn(YamlNodes.optional(topic, "arrivals"), path.key("arrivals"));
        Boolean created = nodes.bool(topic, path, "created", true);
        return YamlNodes.allPresent(name, partitions, rate, inTurn, created)
                ? new TopicSpec(name, partitions, rate, inTurn, schedule, created) : null;
    }

    private Boolean inTurn(JsonNode node, YamlPath path) {
        String text = node == null ? "together" : node.isTextual() ? node.asText() : "";
        if (text.equals("together") || text.equals("inTurn")) {
            return text.equals("inTurn");
        }
        nodes.problem(path, "expected together (every partition gets its next record at the same moment: the"
                + " cheapest to simulate) or inTurn (record k of the topic goes to partition k mod n, as a"
                + " round-robin producer writes them), got '" + node.asText() + "'");
        return null;
    }

    private String name(ObjectNode topic, YamlPath path, Map<String, Integer> partitionsByName) {
        JsonNode nameNode = nodes.required(topic, path, "name", "the topic name, e.g. name: orders");
        String name = nameNode == null ? null : nodes.name(nameNode, path.key("name"), "a topic name");
        if (name == null) {
            return null;
        }
        String whyIllegal = KafkaNames.whyIllegal(name);
        if (whyIllegal != null) {
            nodes.problem(path.key("name"), "topic name '" + name + "' " + whyIllegal);
            return null;
        }
        if (partitionsByName.containsKey(name)) {
            nodes.problem(path.key("name"), "topic '" + name + "' is declared twice");
            return null;
        }
        return name;
    }
}
