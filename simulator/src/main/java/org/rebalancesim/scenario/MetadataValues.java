package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** A KEDA trigger's metadata values: strings in a real ScaledObject ({@code lagThreshold: '50'}), or plain numbers. */
final class MetadataValues {

    private final YamlNodes nodes;

    MetadataValues(YamlNodes nodes) {
        this.nodes = nodes;
    }

    /** A whole number ≥ {@code min}, written as a number or as the text of one. */
    Long whole(ObjectNode map, YamlPath parent, String key, long fallback, long min) {
        JsonNode node = YamlNodes.optional(map, key);
        if (node == null) {
            return fallback;
        }
        YamlPath path = parent.key(key);
        if (node.isTextual() && node.textValue().matches("-?[0-9]{1,18}")) {
            long value = Long.parseLong(node.textValue());
            if (value < min) {
                nodes.problem(path, "must be at least " + min + ", got " + value);
                return null;
            }
            return value;
        }
        return nodes.numbers().whole(node, path, min, Long.MAX_VALUE);
    }
}
