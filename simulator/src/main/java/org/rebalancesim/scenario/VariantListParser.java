package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Reads {@code variants:}, each a name plus overrides of the base; without it, one variant "base". */
final class VariantListParser {

    static final String BASE = "base";
    private static final YamlPath PATH = YamlPath.ROOT.key("variants");

    /**
     * One variant as written.
     *
     * @param index    its position under variants:, -1 for the implicit base variant
     * @param override the keys it overrides (never its name)
     */
    record Definition(int index, String name, ObjectNode override) {

        /** How problems of this variant are prefixed, e.g. "variants[1](static)". */
        String label() {
            return "variants[" + index + "](" + name + ")";
        }
    }

    private final YamlNodes nodes;

    VariantListParser(YamlNodes nodes) {
        this.nodes = nodes;
    }

    /** The valid definitions; invalid ones are reported and left out. */
    List<Definition> parse(JsonNode root) {
        JsonNode node = YamlNodes.optional(root, "variants");
        Definition base = new Definition(-1, BASE, JsonNodeFactory.instance.objectNode());
        if (node == null) {
            return List.of(base);
        }
        ArrayNode list = nodes.list(node, PATH, "[{name: dynamic}, {name: static, consumers: {...}}]");
        if (list == null || list.isEmpty()) {
            if (list != null) {
                nodes.problem(PATH, "lists no variant; list at least one, or leave variants out for a single "
                        + "variant named base");
            }
            return List.of(base);
        }
        List<Definition> definitions = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < list.size(); i++) {
            Definition definition = definition(list.get(i), PATH.index(i), i, names);
            if (definition != null) {
                definitions.add(definition);
            }
        }
        return definitions;
    }

    private Definition definition(JsonNode node, YamlPath path, int index, Set<String> names) {
        if (!node.isObject()) {
            nodes.problem(path, "expected a variant like {name: static, consumers: {...}}, got " + NodeText.kind(node));
            return null;
        }
        ObjectNode override = ((ObjectNode) node).deepCopy();
        JsonNode nameNode = nodes.required(override, path, "name", "the variant's name, e.g. name: static");
        String name = nameNode == null ? null : nodes.name(nameNode, path.key("name"), "a variant name");
        if (name != null && !names.add(name)) {
            nodes.problem(path.key("name"), "variant '" + name + "' is defined twice; variant names must be unique");
            name = null;
        }
        override.remove("name");
        List<String> keys = new ArrayList<>(List.of("name"));
        keys.addAll(VariantParser.KEYS);
        for (String key : List.copyOf(iterable(override))) {
            if (ScenarioLoader.SCENARIO_KEYS.contains(key)) {
                nodes.problem(path.key(key), "'" + key + "' belongs to the whole scenario; a variant can only "
                        + "override " + String.join(", ", VariantParser.KEYS));
                override.remove(key);
            } else if (!VariantParser.KEYS.contains(key)) {
                nodes.problem(path.key(key), KeySuggester.unknownKey(key, keys));
                override.remove(key);
            }
        }
        return name == null ? null : new Definition(index, name, override);
    }

    private static List<String> iterable(ObjectNode map) {
        List<String> keys = new ArrayList<>();
        map.fieldNames().forEachRemaining(keys::add);
        return keys;
    }
}
