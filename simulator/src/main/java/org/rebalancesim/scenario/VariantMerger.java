package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/**
 * Deep-merges a variant over the base: maps merge key by key, recursively; anything else (scalars,
 * lists, null) replaces the base value. A list replaces rather than appends because list items
 * (timeline entries, topics) have no identity to merge on, and a replaced list is easy to reason about.
 */
final class VariantMerger {

    private VariantMerger() {
    }

    /** A new tree; neither input is modified. */
    static ObjectNode merge(ObjectNode base, ObjectNode override) {
        ObjectNode merged = base.deepCopy();
        for (Map.Entry<String, JsonNode> field : override.properties()) {
            JsonNode baseValue = merged.get(field.getKey());
            JsonNode value = field.getValue();
            if (baseValue instanceof ObjectNode baseMap && value instanceof ObjectNode overrideMap) {
                merged.set(field.getKey(), merge(baseMap, overrideMap));
            } else {
                merged.set(field.getKey(), value.deepCopy());
            }
        }
        return merged;
    }

    /**
     * True if the variant itself wrote the value at {@code path} (or a list or scalar containing
     * it), so a problem there is the variant's; false if the value comes from the base.
     */
    static boolean writtenBy(ObjectNode override, YamlPath path) {
        if (path.segments().isEmpty()) {
            return false;
        }
        JsonNode node = override;
        for (Object segment : path.segments()) {
            if (!node.isObject()) {
                return true;
            }
            if (!(segment instanceof String key) || !node.has(key)) {
                return false;
            }
            node = node.get(key);
        }
        return true;
    }
}
