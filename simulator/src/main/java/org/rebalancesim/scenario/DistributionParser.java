package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * Reads a distribution of durations: {@code {constant: 5ms}}, {@code {exponential: {mean: 2ms}}},
 * {@code {lognormal: {median: 2ms, p99: 40ms}}}, {@code {uniform: {min: 1s, max: 3s}}},
 * {@code {pareto: {scale: 1ms, shape: 1.5}}}, or a bare duration meaning constant.
 */
final class DistributionParser {

    static final List<String> KINDS = List.of("constant", "exponential", "lognormal", "uniform", "pareto");
    static final String EXAMPLE = "a distribution like {constant: 5ms}, {exponential: {mean: 2ms}}, "
            + "{lognormal: {median: 2ms, p99: 40ms}}, {uniform: {min: 1s, max: 3s}}, "
            + "{pareto: {scale: 1ms, shape: 1.5}} or a bare duration";

    private final YamlNodes nodes;
    private final YamlNumbers numbers;

    DistributionParser(YamlNodes nodes) {
        this.nodes = nodes;
        this.numbers = nodes.numbers();
    }

    Distribution parse(JsonNode map, YamlPath parent, String key, Distribution fallback) {
        JsonNode node = YamlNodes.optional(map, key);
        return node == null ? fallback : parse(node, parent.key(key));
    }

    /** The distribution, or null if anything in it (an unknown key included) is invalid. */
    Distribution parse(JsonNode node, YamlPath path) {
        int problemsBefore = nodes.problems().count();
        Distribution distribution = read(node, path);
        return nodes.problems().count() == problemsBefore ? distribution : null;
    }

    private Distribution read(JsonNode node, YamlPath path) {
        if (node.isTextual() || node.isNumber()) {
            Double valueMs = numbers.fractionalMs(node, path, false);
            return valueMs == null ? null : new Distributions.Constant(valueMs);
        }
        if (!node.isObject() || node.size() != 1) {
            nodes.problem(path, "expected " + EXAMPLE + ", got " + NodeText.kind(node));
            return null;
        }
        String kind = node.fieldNames().next();
        JsonNode body = node.get(kind);
        YamlPath bodyPath = path.key(kind);
        return switch (kind) {
            case "constant" -> constant(body, bodyPath);
            case "exponential" -> exponential(body, bodyPath);
            case "lognormal" -> logNormal(body, bodyPath);
            case "uniform" -> uniform(body, bodyPath);
            case "pareto" -> pareto(body, bodyPath);
            default -> {
                nodes.problem(bodyPath, "unknown distribution '" + kind + "'; "
                        + KeySuggester.hint(kind, KINDS, "known distributions"));
                yield null;
            }
        };
    }

    private Distribution constant(JsonNode body, YamlPath path) {
        Double valueMs = numbers.fractionalMs(body, path, false);
        return valueMs == null ? null : new Distributions.Constant(valueMs);
    }

    private Distribution exponential(JsonNode body, YamlPath path) {
        ObjectNode map = parameters(body, path, List.of("mean"), "{exponential: {mean: 2ms}}");
        Double meanMs = positiveMs(map, path, "mean", "the mean, e.g. mean: 2ms");
        return meanMs == null ? null : new Distributions.Exponential(meanMs);
    }

    private Distribution logNormal(JsonNode body, YamlPath path) {
        ObjectNode map = parameters(body, path, List.of("median", "p99"), "{lognormal: {median: 2ms, p99: 40ms}}");
        Double medianMs = positiveMs(map, path, "median", "the median, e.g. median: 2ms");
        Double p99Ms = positiveMs(map, path, "p99", "the 99th percentile, e.g. p99: 40ms");
        if (!YamlNodes.allPresent(medianMs, p99Ms)) {
            return null;
        }
        if (p99Ms <= medianMs) {
            nodes.problem(path.key("p99"), "p99 (" + Distributions.ms(p99Ms) + ") must be greater than the median ("
                    + Distributions.ms(medianMs) + "): a lognormal's 99th percentile lies above its median");
            return null;
        }
        return new Distributions.LogNormal(medianMs, p99Ms);
    }

    private Distribution uniform(JsonNode body, YamlPath path) {
        ObjectNode map = parameters(body, path, List.of("min", "max"), "{uniform: {min: 1s, max: 3s}}");
        JsonNode minNode = nodes.required(map, path, "min", "the smallest value, e.g. min: 1s");
        JsonNode maxNode = nodes.required(map, path, "max", "the largest value, e.g. max: 3s");
        Double minMs = minNode == null ? null : numbers.fractionalMs(minNode, path.key("min"), false);
        Double maxMs = maxNode == null ? null : numbers.fractionalMs(maxNode, path.key("max"), false);
        if (!YamlNodes.allPresent(minMs, maxMs)) {
            return null;
        }
        if (minMs > maxMs) {
            nodes.problem(path.key("min"), "min (" + Distributions.ms(minMs) + ") must not be greater than max ("
                    + Distributions.ms(maxMs) + ")");
            return null;
        }
        return new Distributions.Uniform(minMs, maxMs);
    }

    private Distribution pareto(JsonNode body, YamlPath path) {
        ObjectNode map = parameters(body, path, List.of("scale", "shape"), "{pareto: {scale: 1ms, shape: 1.5}}");
        Double scaleMs = positiveMs(map, path, "scale", "the smallest value, e.g. scale: 1ms");
        JsonNode shapeNode = nodes.required(map, path, "shape",
                "the tail index, e.g. shape: 1.5 (smaller = heavier tail)");
        Double shape = shapeNode == null ? null : numbers.number(shapeNode, path.key("shape"), 0);
        return YamlNodes.allPresent(scaleMs, shape) ? new Distributions.Pareto(scaleMs, shape) : null;
    }

    private ObjectNode parameters(JsonNode body, YamlPath path, List<String> keys, String example) {
        if (body == null || !body.isObject()) {
            nodes.problem(path, "expected parameters like " + example + ", got " + NodeText.kind(body));
            return null;
        }
        return nodes.map(body, path, keys);
    }

    private Double positiveMs(ObjectNode map, YamlPath path, String key, String whatItIs) {
        JsonNode node = nodes.required(map, path, key, whatItIs);
        return node == null ? null : numbers.fractionalMs(node, path.key(key), true);
    }
}
