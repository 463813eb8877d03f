package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads the structure of the YAML tree (maps, lists, keys, text) and records a problem, with its
 * path, for anything of the wrong shape. Every getter returns null when the value is invalid (the
 * problem is recorded), so that parsing goes on and the user sees every problem at once; callers
 * build records only when their pass recorded no problem. Numbers and durations: {@link YamlNumbers}.
 */
final class YamlNodes {

    private final Problems problems;
    private final YamlNumbers numbers;

    YamlNodes(Problems problems) {
        this.problems = problems;
        this.numbers = new YamlNumbers(this);
    }

    YamlNumbers numbers() {
        return numbers;
    }

    Problems problems() {
        return problems;
    }

    void problem(YamlPath path, String message) {
        problems.add(path, message);
    }

    /** The value under {@code key}; null when the map is absent, the key is absent or its value is null (~). */
    static JsonNode optional(JsonNode map, String key) {
        JsonNode value = map == null ? null : map.get(key);
        return value == null || value.isNull() || value.isMissingNode() ? null : value;
    }

    /** The value under {@code key}, or null with a problem saying it is required and what it is. */
    JsonNode required(JsonNode map, YamlPath parent, String key, String whatItIs) {
        JsonNode value = optional(map, key);
        if (value == null && map != null) {
            problem(parent.key(key), "required but missing; " + whatItIs);
        }
        return value;
    }

    /** The node as a map, checking its keys; null (no problem) for an absent node. */
    ObjectNode map(JsonNode node, YamlPath path, Collection<String> knownKeys) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isObject()) {
            problem(path, "expected a map with keys " + KeySuggester.listOf(knownKeys) + ", got "
                    + NodeText.kind(node));
            return null;
        }
        ObjectNode map = (ObjectNode) node;
        checkKeys(map, path, knownKeys);
        return map;
    }

    /** Records "unknown key" with the closest known key for every key not in {@code knownKeys}. */
    void checkKeys(ObjectNode map, YamlPath path, Collection<String> knownKeys) {
        Iterator<String> names = map.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!knownKeys.contains(name)) {
                problem(path.key(name), KeySuggester.unknownKey(name, knownKeys));
            }
        }
    }

    /** The node as a list; null (no problem) for an absent node. */
    ArrayNode list(JsonNode node, YamlPath path, String example) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isArray()) {
            problem(path, "expected a list like " + example + ", got " + NodeText.kind(node));
            return null;
        }
        return (ArrayNode) node;
    }

    /** A scalar as text: strings, and numbers as written (group.instance.id: 7 means "7"). */
    String text(JsonNode node, YamlPath path, String what) {
        if (node.isTextual() || node.isNumber()) {
            return node.asText();
        }
        String hint = node.isBoolean() ? " (YAML reads yes/no/on/off/true/false as booleans; quote it)" : "";
        problem(path, "expected " + what + ", got " + NodeText.kind(node) + hint);
        return null;
    }

    String text(JsonNode map, YamlPath parent, String key, String fallback, String what) {
        JsonNode node = optional(map, key);
        return node == null ? fallback : text(node, parent.key(key), what);
    }

    /** A non-empty name (topic, pod, variant). */
    String name(JsonNode node, YamlPath path, String what) {
        String name = text(node, path, what);
        if (name != null && name.isBlank()) {
            problem(path, "expected " + what + ", got an empty text");
            return null;
        }
        return name;
    }

    /** A boolean; the text "true"/"false" is accepted too, as pasted from a .properties file. */
    Boolean bool(JsonNode map, YamlPath parent, String key, boolean fallback) {
        JsonNode node = optional(map, key);
        if (node == null) {
            return fallback;
        }
        if (node.isBoolean()) {
            return node.booleanValue();
        }
        if (node.isTextual() && (node.textValue().equals("true") || node.textValue().equals("false"))) {
            return Boolean.parseBoolean(node.textValue());
        }
        problem(parent.key(key), "expected true or false, got " + NodeText.kind(node));
        return null;
    }

    /**
     * One name or a list of distinct names ({@code topics: a} or {@code topics: [a, b]}); a text with
     * commas is split, as Kafka does for list configs. Null if invalid or empty.
     */
    List<String> names(JsonNode node, YamlPath path, String what) {
        List<String> names = new ArrayList<>();
        if (node.isTextual()) {
            for (String part : node.textValue().split(",", -1)) {
                names.add(part.trim());
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                names.add(name(node.get(i), path.index(i), what));
            }
        } else {
            names.add(name(node, path, what));
        }
        return checkNames(names, path, what);
    }

    private List<String> checkNames(List<String> names, YamlPath path, String what) {
        if (names.contains(null)) {
            return null;
        }
        if (names.isEmpty() || names.contains("")) {
            problem(path, "expected " + what + " or a non-empty list of them, got an empty one");
            return null;
        }
        Set<String> seen = new LinkedHashSet<>();
        for (String name : names) {
            if (!seen.add(name)) {
                problem(path, "'" + name + "' is listed twice");
                return null;
            }
        }
        return names;
    }

    /** True when none of the values is null, i.e. every one of them parsed. */
    static boolean allPresent(Object... values) {
        for (Object value : values) {
            if (value == null) {
                return false;
            }
        }
        return true;
    }
}
