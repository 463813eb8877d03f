package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Parses the optional {@code tolerance:} block: {@code default:} and metric names of docs/metrics.md, each
 * with a percentage, an amount in the metric's unit, or (time metrics) a duration.
 */
final class ToleranceParser {

    static final String DEFAULT_KEY = "default";
    private static final YamlPath PATH = YamlPath.ROOT.key("tolerance");

    private final YamlNodes nodes;

    ToleranceParser(YamlNodes nodes) {
        this.nodes = nodes;
    }

    Tolerances parse(JsonNode root) {
        JsonNode block = YamlNodes.optional(root, "tolerance");
        if (block == null) {
            return Tolerances.NONE;
        }
        if (!block.isObject()) {
            nodes.problem(PATH, "expected a map of metric to tolerance, like {default: 5%, stopTheWorldMs: 2s}, got "
                    + NodeText.kind(block));
            return Tolerances.NONE;
        }
        Tolerance fallback = null;
        Map<String, Tolerance> byMetric = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> entry : block.properties()) {
            String key = entry.getKey();
            boolean isDefault = key.equals(DEFAULT_KEY);
            if (!isDefault && !ExpectationParser.KNOWN_METRICS.contains(key)) {
                nodes.problem(PATH.key(key), "unknown metric '" + key + "'; " + KeySuggester.hint(key,
                        keys(), "known metrics and default"));
                continue;
            }
            Tolerance tolerance = tolerance(entry.getValue(), PATH.key(key), isDefault || ExpectationParser.isTimeMetric(key));
            if (tolerance != null && isDefault && !tolerance.percent()) {
                // One amount cannot suit metrics in ms, records and counts alike.
                nodes.problem(PATH.key(key), "the default must be a percentage of the baseline, like 5%, got '"
                        + tolerance.text() + "'; give amounts per metric instead");
                continue;
            }
            if (tolerance != null && isDefault) {
                fallback = tolerance;
            } else if (tolerance != null) {
                byMetric.put(key, tolerance);
            }
        }
        return new Tolerances(fallback, byMetric);
    }

    private Tolerance tolerance(JsonNode node, YamlPath path, boolean durationAllowed) {
        Optional<Tolerance> parsed = node.isValueNode() && !node.isBoolean()
                ? Tolerance.parse(node.asText(), durationAllowed) : Optional.empty();
        if (parsed.isEmpty()) {
            nodes.problem(path, "expected " + Tolerance.EXAMPLE + ", got " + NodeText.kind(node));
            return null;
        }
        return parsed.get();
    }

    private static List<String> keys() {
        List<String> keys = new java.util.ArrayList<>(ExpectationParser.KNOWN_METRICS);
        keys.add(DEFAULT_KEY);
        return keys;
    }
}
