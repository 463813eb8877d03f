package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * Reads a pattern subscription, {@code {pattern: orders-.*}} or {@code {regex: orders-.*}} (see {@link TopicPattern}),
 * where a subscription is written: {@code consumers.subscribe} and the timeline's {@code subscribe}. A list or a name
 * is a subscription to topics, not read here.
 */
final class PatternParser {

    private final YamlNodes nodes;

    PatternParser(YamlNodes nodes) {
        this.nodes = nodes;
    }

    /**
     * The pattern, or null when {@code node} is not a map (a list of topics, or nothing) or is invalid (the problem is
     * recorded).
     *
     * @param config the pods' consumer configuration, or null if invalid: {@code regex:} needs group.protocol consumer
     */
    TopicPattern parse(JsonNode node, YamlPath path, ConsumerConfig config) {
        if (node == null || !node.isObject()) {
            return null;
        }
        ObjectNode map = nodes.map(node, path, List.of("pattern", "regex"));
        return map == null ? null : read(map, path, config);
    }

    /** Whether {@code map} has a {@code pattern:} or a {@code regex:}. */
    static boolean has(ObjectNode map) {
        return YamlNodes.optional(map, "pattern") != null || YamlNodes.optional(map, "regex") != null;
    }

    /**
     * The {@code pattern:} or {@code regex:} of {@code map}, whose other keys its caller has checked (the timeline's
     * {@code subscribe: {consumer: c1, pattern: ...}}); null when invalid (the problem is recorded).
     *
     * @param config the pods' consumer configuration, or null when the caller checks the protocol itself
     */
    TopicPattern read(ObjectNode map, YamlPath path, ConsumerConfig config) {
        JsonNode patternNode = YamlNodes.optional(map, "pattern");
        JsonNode regexNode = YamlNodes.optional(map, "regex");
        if ((patternNode == null) == (regexNode == null)) {
            nodes.problem(path, "needs exactly one of pattern: (a Java regular expression the client matches against its "
                    + "metadata, KafkaConsumer.subscribe(Pattern)) or regex: (an RE2J regular expression the group "
                    + "coordinator resolves, subscribe(SubscriptionPattern), group.protocol consumer only)");
            return null;
        }
        boolean serverSide = regexNode != null;
        YamlPath at = path.key(serverSide ? "regex" : "pattern");
        JsonNode text = serverSide ? regexNode : patternNode;
        if (!text.isTextual() || text.textValue().isEmpty()) {
            nodes.problem(at, "expected a regular expression in quotes, e.g. \"orders-.*\", got " + NodeText.kind(text));
            return null;
        }
        TopicPattern pattern = new TopicPattern(text.textValue(), serverSide);
        String why = pattern.whyInvalid();
        if (why != null) {
            nodes.problem(at, "'" + pattern.regex() + "' is not a valid " + (serverSide ? "RE2J" : "Java")
                    + " regular expression (" + why + "); Kafka would refuse it"
                    + (serverSide ? " with INVALID_REGULAR_EXPRESSION" : " in Pattern.compile") + ". Fix the expression");
            return null;
        }
        if (serverSide && config != null && config.groupProtocol() != GroupProtocolName.CONSUMER) {
            nodes.problem(at, regexNeedsConsumerProtocol("set group.protocol: consumer"));
            return null;
        }
        return pattern;
    }

    /** Why a classic pod cannot subscribe with {@code regex:}, and {@code fix} besides using {@code pattern:}. */
    static String regexNeedsConsumerProtocol(String fix) {
        return "regex: is subscribe(SubscriptionPattern), which only group.protocol: consumer accepts (the classic "
                + "consumer throws UnsupportedOperationException); use pattern: for a Java pattern the client matches "
                + "itself, or " + fix;
    }
}
