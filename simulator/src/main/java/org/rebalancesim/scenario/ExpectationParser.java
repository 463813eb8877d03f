package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rebalancesim.metrics.registry.Metric;
import org.rebalancesim.metrics.registry.Unit;

/**
 * Reads {@code expect:}: for each variant, metric rules such as {@code rebalances: ">= 1"} or
 * {@code maxStopTheWorldMs: ">= 10m"} (time metrics accept a duration on the right side).
 */
public final class ExpectationParser {

    /** Every metric an expectation may name: the registry's names, in the order messages list them. */
    public static final List<String> KNOWN_METRICS = Metric.allNames();
    public static final List<String> COMPARATORS = List.of("==", "!=", "<", "<=", ">", ">=");

    private static final Pattern RULE = Pattern.compile("\\s*(==|!=|<=|>=|<|>|=)\\s*(\\S+)\\s*");
    private static final Pattern NUMBER = Pattern.compile("-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?");
    private static final YamlPath PATH = YamlPath.ROOT.key("expect");

    private final YamlNodes nodes;

    ExpectationParser(YamlNodes nodes) {
        this.nodes = nodes;
    }

    /** True for metrics in milliseconds, whose rules may be written with a duration such as 10m. */
    public static boolean isTimeMetric(String metric) {
        return Metric.find(metric).map(known -> known.unit() == Unit.MS).orElse(false);
    }

    /** The rules by variant name, in file order; variants without rules are absent. Null if invalid. */
    Map<String, List<Expectation>> parse(JsonNode root, List<String> variantNames) {
        int problemsBefore = nodes.problems().count();
        Map<String, List<Expectation>> byVariant = new LinkedHashMap<>();
        JsonNode node = YamlNodes.optional(root, "expect");
        if (node != null && !node.isObject()) {
            nodes.problem(PATH, "expected a map of variant name to rules, like {" + variantNames.get(0)
                    + ": {rebalances: \">= 1\"}}, got " + NodeText.kind(node));
        }
        Iterable<Map.Entry<String, JsonNode>> variants = node == null ? List.of() : node.properties();
        for (Map.Entry<String, JsonNode> variant : variants) {
            YamlPath path = PATH.key(variant.getKey());
            if (!variantNames.contains(variant.getKey())) {
                nodes.problem(path, "unknown variant '" + variant.getKey() + "'; "
                        + KeySuggester.hint(variant.getKey(), variantNames, "variants of this file"));
            }
            byVariant.put(variant.getKey(), rules(variant.getValue(), path));
        }
        return nodes.problems().count() == problemsBefore ? byVariant : null;
    }

    private List<Expectation> rules(JsonNode node, YamlPath path) {
        List<Expectation> rules = new ArrayList<>();
        if (!node.isObject()) {
            nodes.problem(path, "expected a map of metric to rule, like {rebalances: \">= 1\"}, got "
                    + NodeText.kind(node));
            return rules;
        }
        for (Map.Entry<String, JsonNode> entry : node.properties()) {
            String metric = entry.getKey();
            if (!KNOWN_METRICS.contains(metric)) {
                nodes.problem(path.key(metric), "unknown metric '" + metric + "'; "
                        + KeySuggester.hint(metric, KNOWN_METRICS, "known metrics"));
                continue;
            }
            Expectation rule = rule(metric, entry.getValue(), path.key(metric));
            if (rule != null) {
                rules.add(rule);
            }
        }
        return rules;
    }

    /** {@code ">= 1"}; a bare number means {@code ==}. */
    Expectation rule(String metric, JsonNode node, YamlPath path) {
        String written = node.isNumber() ? "== " + node.asText() : node.isTextual() ? node.textValue() : null;
        Matcher matcher = written == null ? null : RULE.matcher(written);
        if (matcher == null || !matcher.matches()) {
            nodes.problem(path, "expected a rule like \">= 1\" or \"< 10m\" (comparators "
                    + String.join(", ", COMPARATORS) + "), got " + NodeText.kind(node));
            return null;
        }
        String comparator = matcher.group(1);
        if (comparator.equals("=")) {
            nodes.problem(path, "'=' is not a comparator; write == for equality, got '" + written + "'");
            return null;
        }
        Optional<Double> value = value(metric, matcher.group(2), path);
        return value.map(v -> new Expectation(metric, comparator, v, written.trim())).orElse(null);
    }

    private Optional<Double> value(String metric, String text, YamlPath path) {
        if (NUMBER.matcher(text).matches()) {
            return Optional.of(Double.parseDouble(text));
        }
        Optional<BigDecimal> ms = Durations.parseMs(text);
        if (ms.isPresent() && isTimeMetric(metric)) {
            return Optional.of(ms.get().doubleValue());
        }
        nodes.problem(path, isTimeMetric(metric) || ms.isEmpty()
                ? "expected a number" + (isTimeMetric(metric) ? " or " + Durations.EXAMPLE : "")
                        + " after the comparator, got '" + text + "'"
                : metric + " is a count, not a time; compare it with a plain number, got '" + text + "'");
        return Optional.empty();
    }
}
