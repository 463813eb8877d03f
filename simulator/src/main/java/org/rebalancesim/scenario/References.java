package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Resolves the names a scenario refers to: pods ({@code consumer: c1}, a list, or {@code all}) and
 * topics, reporting unknown ones with the list of known ones.
 */
final class References {

    static final String ALL = "all";

    private final YamlNodes nodes;
    private final Set<String> knownPods;
    private final Map<String, Integer> partitionsByTopic;

    /**
     * @param knownPods          every pod of the scenario (initial and started by the timeline), or
     *                           null when {@code consumers:} is invalid and names cannot be checked
     * @param partitionsByTopic  the declared topics; empty when {@code topics:} itself is invalid, in
     *                           which case topic references are not checked (they would all fail)
     */
    References(YamlNodes nodes, Set<String> knownPods, Map<String, Integer> partitionsByTopic) {
        this.nodes = nodes;
        this.knownPods = knownPods;
        this.partitionsByTopic = partitionsByTopic;
    }

    /** {@code all}, one pod name or a list of them; null if invalid. */
    ConsumerSelector consumers(JsonNode node, YamlPath path) {
        if (node.isTextual() && node.textValue().equals(ALL)) {
            return ConsumerSelector.allPods();
        }
        List<String> names = nodes.names(node, path, "a consumer name, a list of them, or all");
        if (names == null) {
            return null;
        }
        if (names.contains(ALL)) {
            nodes.problem(path, "'all' cannot be combined with names; write consumer: all, or list the names");
            return null;
        }
        boolean allKnown = true;
        for (String name : names) {
            if (knownPods != null && !knownPods.contains(name)) {
                nodes.problem(path, "unknown consumer '" + name + "'; known: " + KeySuggester.listOf(knownPods));
                allKnown = false;
            }
        }
        return allKnown ? ConsumerSelector.of(names) : null;
    }

    /** One topic name or a list of them, each declared under {@code topics:}; null if invalid. */
    List<String> topics(JsonNode node, YamlPath path) {
        List<String> names = nodes.names(node, path, "a topic name");
        if (names == null) {
            return null;
        }
        boolean allKnown = true;
        for (String name : names) {
            allKnown &= checkTopic(name, path);
        }
        return allKnown ? names : null;
    }

    /** True if the topic is declared (or topics are unknown); else records a problem. */
    boolean checkTopic(String name, YamlPath path) {
        if (partitionsByTopic.isEmpty() || partitionsByTopic.containsKey(name)) {
            return true;
        }
        nodes.problem(path, "unknown topic '" + name + "'; "
                + KeySuggester.hint(name, partitionsByTopic.keySet(), "declared topics"));
        return false;
    }

    /** The declared topics' names, in declaration order (empty when {@code topics:} is invalid). */
    List<String> declaredTopics() {
        return List.copyOf(partitionsByTopic.keySet());
    }

    /** The declared partition count, or -1 when unknown (the topic or its count is invalid). */
    int partitionsOf(String topic) {
        return partitionsByTopic.getOrDefault(topic, -1);
    }

    boolean topicsKnown() {
        return !partitionsByTopic.isEmpty();
    }
}
