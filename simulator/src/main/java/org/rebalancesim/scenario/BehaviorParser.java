package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.rebalancesim.scenario.autoscaling.HpaBehavior;
import org.rebalancesim.scenario.autoscaling.HpaScalingPolicy;
import org.rebalancesim.scenario.autoscaling.HpaScalingRules;
import org.rebalancesim.scenario.autoscaling.PolicyType;
import org.rebalancesim.scenario.autoscaling.SelectPolicy;

/**
 * Reads an HPA's {@code behavior} (autoscaling/v2 HorizontalPodAutoscalerBehavior) as written: what it leaves out
 * stays unset, and the run fills it with the API server's defaults (the records say which). The API's limits
 * (stabilizationWindowSeconds 0 to 3600, periodSeconds 1 to 1800, a policy's value above 0) are refused here.
 */
final class BehaviorParser {

    static final List<String> KEYS = List.of("scaleUp", "scaleDown");
    static final List<String> RULES_KEYS = List.of("stabilizationWindowSeconds", "selectPolicy", "policies",
            "tolerance");
    static final List<String> POLICY_KEYS = List.of("type", "value", "periodSeconds");

    private final YamlNodes nodes;

    BehaviorParser(YamlNodes nodes) {
        this.nodes = nodes;
    }

    /** The behavior; null if invalid. */
    HpaBehavior parse(JsonNode node, YamlPath path) {
        ObjectNode behavior = nodes.map(node, path, KEYS);
        if (behavior == null) {
            return null;
        }
        HpaScalingRules up = rules(YamlNodes.optional(behavior, "scaleUp"), path.key("scaleUp"));
        HpaScalingRules down = rules(YamlNodes.optional(behavior, "scaleDown"), path.key("scaleDown"));
        return up == null || down == null ? null : new HpaBehavior(up, down);
    }

    private HpaScalingRules rules(JsonNode node, YamlPath path) {
        if (node == null) {
            return HpaScalingRules.unset();
        }
        ObjectNode rules = nodes.map(node, path, RULES_KEYS);
        if (rules == null) {
            return null;
        }
        OptionalInt window = OptionalInt.empty();
        if (YamlNodes.optional(rules, "stabilizationWindowSeconds") != null) {
            Integer seconds = nodes.numbers().integer(rules.get("stabilizationWindowSeconds"),
                    path.key("stabilizationWindowSeconds"), 0, HpaScalingRules.MAX_STABILIZATION_WINDOW_SECONDS);
            window = seconds == null ? null : OptionalInt.of(seconds);
        }
        Optional<SelectPolicy> select = selectPolicy(rules, path);
        List<HpaScalingPolicy> policies = policies(YamlNodes.optional(rules, "policies"), path.key("policies"));
        OptionalDouble tolerance = OptionalDouble.empty();
        if (YamlNodes.optional(rules, "tolerance") != null) {
            Double value = nodes.numbers().number(rules.get("tolerance"), path.key("tolerance"), -Double.MAX_VALUE);
            if (value != null && value < 0) {
                nodes.problem(path.key("tolerance"), "must not be negative, got " + value);
                value = null;
            }
            tolerance = value == null ? null : OptionalDouble.of(value);
        }
        return YamlNodes.allPresent(window, select, policies, tolerance)
                ? new HpaScalingRules(window, select, policies, tolerance) : null;
    }

    private Optional<SelectPolicy> selectPolicy(ObjectNode rules, YamlPath path) {
        if (YamlNodes.optional(rules, "selectPolicy") == null) {
            return Optional.empty();
        }
        String text = nodes.text(rules.get("selectPolicy"), path.key("selectPolicy"), "Max, Min or Disabled");
        try {
            return text == null ? null : Optional.of(SelectPolicy.fromYaml(text));
        } catch (IllegalArgumentException refused) {
            nodes.problem(path.key("selectPolicy"), "expected Max, Min or Disabled, spelled as in a manifest, got '"
                    + text + "'");
            return null;
        }
    }

    private List<HpaScalingPolicy> policies(JsonNode node, YamlPath path) {
        if (node == null) {
            return List.of();
        }
        ArrayNode list = nodes.list(node, path, "[{type: Pods, value: 4, periodSeconds: 15}]");
        if (list == null) {
            return null;
        }
        if (list.isEmpty()) {
            nodes.problem(path, "must list at least one policy, as Kubernetes validates; leave policies out for the"
                    + " default ones");
            return null;
        }
        List<HpaScalingPolicy> policies = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            policies.add(policy(list.get(i), path.index(i)));
        }
        return policies.contains(null) ? null : policies;
    }

    private HpaScalingPolicy policy(JsonNode node, YamlPath path) {
        ObjectNode policy = nodes.map(node, path, POLICY_KEYS);
        if (policy == null) {
            return null;
        }
        JsonNode typeNode = nodes.required(policy, path, "type", "Pods or Percent");
        String text = typeNode == null ? null : nodes.text(typeNode, path.key("type"), "Pods or Percent");
        PolicyType type = null;
        if (text != null) {
            try {
                type = PolicyType.fromYaml(text);
            } catch (IllegalArgumentException refused) {
                nodes.problem(path.key("type"), "expected Pods or Percent, spelled as in a manifest, got '" + text + "'");
            }
        }
        JsonNode valueNode = nodes.required(policy, path, "value", "how many pods, or percent of the replicas");
        Integer value = valueNode == null ? null : nodes.numbers().integer(valueNode, path.key("value"), 1,
                Integer.MAX_VALUE);
        JsonNode periodNode = nodes.required(policy, path, "periodSeconds", "the window the value holds for");
        Integer period = periodNode == null ? null : nodes.numbers().integer(periodNode, path.key("periodSeconds"), 1,
                HpaScalingPolicy.MAX_PERIOD_SECONDS);
        return YamlNodes.allPresent(type, value, period) ? new HpaScalingPolicy(type, value, period) : null;
    }
}
