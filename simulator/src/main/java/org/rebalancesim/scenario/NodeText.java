package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/** Shows a YAML value in a message the way the user wrote it (roughly), e.g. [1, 2] or 'abc'. */
final class NodeText {

    private static final int MAX_LENGTH = 80;

    private NodeText() {
    }

    static String describe(JsonNode node) {
        if (node == null || node.isMissingNode() || node.isNull()) {
            return "nothing";
        }
        if (node.isTextual()) {
            return "'" + shorten(node.textValue()) + "'";
        }
        return shorten(flow(node));
    }

    /** The kind of value, for "expected a map, got a list". */
    static String kind(JsonNode node) {
        if (node == null || node.isMissingNode() || node.isNull()) {
            return "nothing";
        }
        if (node.isObject()) {
            return "a map " + describe(node);
        }
        if (node.isArray()) {
            return "a list " + describe(node);
        }
        if (node.isBoolean()) {
            return "the boolean " + node.asText();
        }
        return describe(node);
    }

    private static String flow(JsonNode node) {
        if (node.isArray()) {
            StringBuilder text = new StringBuilder("[");
            for (int i = 0; i < node.size() && text.length() <= MAX_LENGTH; i++) {
                text.append(i == 0 ? "" : ", ").append(flow(node.get(i)));
            }
            return text.append(']').toString();
        }
        if (node.isObject()) {
            StringBuilder text = new StringBuilder("{");
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                if (text.length() > MAX_LENGTH) {
                    break;
                }
                text.append(text.length() == 1 ? "" : ", ").append(field.getKey()).append(": ")
                        .append(flow(field.getValue()));
            }
            return text.append('}').toString();
        }
        return node.isNull() ? "null" : node.asText();
    }

    private static String shorten(String text) {
        String oneLine = text.replace("\n", "\\n");
        return oneLine.length() <= MAX_LENGTH ? oneLine : oneLine.substring(0, MAX_LENGTH) + "...";
    }
}
