package org.rebalancesim.importer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Typed reads of one manifest's fields. A value of the wrong type is a problem naming the manifest and the
 * path (Kubernetes' API server would refuse it too), and the read gives null; an absent field gives null with
 * no problem, since only what the manifest sets is imported.
 */
final class ManifestFields {

    /** Kubernetes' IntOrString percentages, as in maxSurge: "25%". */
    private static final Pattern PERCENT = Pattern.compile("[0-9]{1,9}%");

    private final Manifest manifest;
    private final ImportLog log;

    ManifestFields(Manifest manifest, ImportLog log) {
        this.manifest = manifest;
        this.log = log;
    }

    Manifest manifest() {
        return manifest;
    }

    /** A whole number (Kubernetes' int32 fields) of at least {@code min}. */
    Integer whole(Field field, int min) {
        if (!field.present()) {
            return null;
        }
        JsonNode node = field.node();
        if (!node.isIntegralNumber() || !node.canConvertToInt()) {
            problem(field, "expected a whole number, got " + shown(node));
            return null;
        }
        if (node.intValue() < min) {
            problem(field, "must be at least " + min + ", got " + node.intValue());
            return null;
        }
        return node.intValue();
    }

    /** A whole number ≥ 0 or a percentage text ("25%"), as Kubernetes' IntOrString fields take them. */
    JsonNode wholeOrPercent(Field field) {
        if (!field.present()) {
            return null;
        }
        if (field.node().isTextual()) {
            if (PERCENT.matcher(field.node().textValue()).matches()) {
                return TextNode.valueOf(field.node().textValue());
            }
            problem(field, "expected a whole number or a percentage such as 25%, got " + shown(field.node()));
            return null;
        }
        Integer whole = whole(field, 0);
        return whole == null ? null : IntNode.valueOf(whole);
    }

    /** A text; null (with a problem) if the field is a map or a list. */
    String text(Field field) {
        if (!field.present()) {
            return null;
        }
        if (!field.node().isValueNode()) {
            problem(field, "expected a text, got " + shown(field.node()));
            return null;
        }
        return field.node().asText();
    }

    /** One of {@code choices}, as Kubernetes spells them. */
    String choice(Field field, List<String> choices) {
        String value = text(field);
        if (value != null && !choices.contains(value)) {
            problem(field, "expected " + String.join(" or ", choices) + ", got '" + value + "'");
            return null;
        }
        return value;
    }

    ObjectNode map(Field field) {
        if (field.present() && !field.node().isObject()) {
            problem(field, "expected a map, got " + shown(field.node()));
            return null;
        }
        return field.present() ? (ObjectNode) field.node() : null;
    }

    ArrayNode list(Field field) {
        if (field.present() && !field.node().isArray()) {
            problem(field, "expected a list, got " + shown(field.node()));
            return null;
        }
        return field.present() ? (ArrayNode) field.node() : null;
    }

    /** The keys of the map at {@code field} that are not in {@code read}, in the manifest's order. */
    static List<String> others(Field field, Collection<String> read) {
        List<String> others = new ArrayList<>();
        if (field.present() && field.node().isObject()) {
            field.node().fieldNames().forEachRemaining(key -> {
                if (!read.contains(key) && !field.node().get(key).isNull()) {
                    others.add(key);
                }
            });
        }
        return others;
    }

    /** One warning listing what the map at {@code field} sets beyond {@code read}, if it sets anything more. */
    void warnLeftOut(Field field, Collection<String> read, String why) {
        List<String> others = others(field, read);
        if (!others.isEmpty()) {
            warning(field, why + ", left out: " + String.join(", ", others));
        }
    }

    void warning(Field field, String message) {
        log.warning(manifest.label(), field.path(), message);
    }

    void problem(Field field, String message) {
        log.problem(manifest.label(), field.path(), message);
    }

    /** A copy of a subtree as the manifest writes it, without its nulls (Kubernetes reads a null as absent). */
    static JsonNode copy(JsonNode node) {
        if (node.isObject()) {
            ObjectNode copy = JsonNodeFactory.instance.objectNode();
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                if (!field.getValue().isNull()) {
                    copy.set(field.getKey(), copy(field.getValue()));
                }
            }
            return copy;
        }
        if (node.isArray()) {
            ArrayNode copy = JsonNodeFactory.instance.arrayNode();
            node.forEach(item -> {
                if (!item.isNull()) {
                    copy.add(copy(item));
                }
            });
            return copy;
        }
        return node.deepCopy();
    }

    private static String shown(JsonNode node) {
        if (node.isObject()) {
            return "a map";
        }
        if (node.isArray()) {
            return "a list";
        }
        return node.isTextual() ? "'" + node.textValue() + "'" : node.asText();
    }
}
