package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * Writes a setting into a scenario tree so that its value wins everywhere: at its path in the base,
 * in every variant that writes that path itself (a variant's own value would otherwise win the
 * merge), and for a consumer config also in every pod's {@code consumers.overrides}, base and variants.
 */
final class SettingWriter {

    private SettingWriter() {
    }

    /** Changes {@code root} in place. */
    static void apply(ObjectNode root, Setting setting) {
        YamlPath path = setting.key().yamlPath();
        put(root, path.segments(), setting.value(), true);
        if (setting.key().isConsumerConfig()) {
            overrides(root, path.lastKey(), setting.value());
        }
        JsonNode variants = root.get("variants");
        if (variants instanceof ArrayNode list) {
            for (JsonNode variant : list) {
                if (variant instanceof ObjectNode override) {
                    put(override, path.segments(), setting.value(), false);
                    if (setting.key().isConsumerConfig()) {
                        overrides(override, path.lastKey(), setting.value());
                    }
                }
            }
        }
    }

    /** Whether {@code tree} (a variant's override) writes the key itself, at its path or in a pod's overrides. */
    static boolean writes(JsonNode tree, SettingKey key) {
        JsonNode node = tree;
        for (Object segment : key.yamlPath().segments()) {
            node = node == null ? null : segment instanceof Integer index ? node.get(index) : node.get((String) segment);
        }
        if (node != null && !node.isNull()) {
            return true;
        }
        JsonNode overrides = tree.path("consumers").path("overrides");
        if (!key.isConsumerConfig() || !overrides.isObject()) {
            return false;
        }
        for (JsonNode pod : (Iterable<JsonNode>) overrides::elements) {
            if (pod.has(key.yamlPath().lastKey())) {
                return true;
            }
        }
        return false;
    }

    /**
     * Sets the value at {@code segments}. With {@code create}, missing maps on the way are added (the
     * base must end up with the value). Without it, the value is set only where the tree already
     * writes that path, or inside a list the tree writes (a list replaces the base's whole, so the
     * base's value would not reach it).
     */
    private static void put(ObjectNode root, List<Object> segments, JsonNode value, boolean create) {
        JsonNode node = root;
        boolean insideOwnList = false;
        for (int i = 0; i < segments.size() - 1; i++) {
            Object segment = segments.get(i);
            JsonNode next = segment instanceof Integer index ? node.get(index) : node.get((String) segment);
            if (next == null || next.isNull()) {
                if (!(create || insideOwnList) || !(node instanceof ObjectNode map) || segment instanceof Integer
                        || segments.get(i + 1) instanceof Integer) {
                    return;
                }
                next = map.putObject((String) segment);
            }
            insideOwnList |= next.isArray();
            if (!next.isContainerNode()) {
                return;
            }
            node = next;
        }
        Object last = segments.get(segments.size() - 1);
        if (last instanceof Integer index && node instanceof ArrayNode list && index < list.size()) {
            list.set(index, value.deepCopy());
        } else if (last instanceof String key && node instanceof ObjectNode map
                && (create || insideOwnList || map.has(key))) {
            map.set(key, value.deepCopy());
        }
    }

    private static void overrides(ObjectNode tree, String key, JsonNode value) {
        JsonNode consumers = tree.get("consumers");
        JsonNode overrides = consumers == null ? null : consumers.get("overrides");
        if (overrides instanceof ObjectNode byPod) {
            byPod.elements().forEachRemaining(pod -> {
                if (pod instanceof ObjectNode config && config.has(key)) {
                    config.set(key, value.deepCopy());
                }
            });
        }
    }
}
