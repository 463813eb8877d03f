package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a workload's rollout strategy, a Deployment's {@code strategy} or a StatefulSet's {@code updateStrategy}, and
 * the PodDisruptionBudget over its pods, with
 * Kubernetes' defaults and the checks of its API validation (ValidateDeploymentStrategy,
 * ValidateStatefulSetUpdateStrategy; docs/kubernetes.md §3, §4). Each returns empty for the other kind, and null
 * (with the problems recorded) when invalid.
 */
final class RolloutStrategyParser {

    static final List<String> STRATEGY_KEYS = List.of("type", "rollingUpdate");
    static final List<String> DEPLOYMENT_ROLLING_KEYS = List.of("maxSurge", "maxUnavailable");
    static final List<String> STATEFUL_SET_ROLLING_KEYS = List.of("partition");
    static final List<String> BUDGET_KEYS = List.of("minAvailable", "maxUnavailable");
    private static final Pattern PERCENT = Pattern.compile("([0-9]{1,9})%");

    private final YamlNodes nodes;

    RolloutStrategyParser(YamlNodes nodes) {
        this.nodes = nodes;
    }

    Optional<WorkloadSpec.DeploymentStrategy> deployment(ObjectNode workload, YamlPath parent,
                                                         WorkloadSpec.Kind kind) {
        YamlPath path = parent.key("strategy");
        JsonNode node = YamlNodes.optional(workload, "strategy");
        if (kind != WorkloadSpec.Kind.DEPLOYMENT) {
            return wrongKind(node, path, kind, "updateStrategy");
        }
        if (node == null) {
            return Optional.of(WorkloadSpec.DeploymentStrategy.DEFAULT);
        }
        ObjectNode strategy = nodes.map(node, path, STRATEGY_KEYS);
        String type = strategy == null ? null : type(strategy, path, "RollingUpdate", "Recreate");
        if (type == null) {
            return null;
        }
        JsonNode rollingNode = YamlNodes.optional(strategy, "rollingUpdate");
        if (type.equals("Recreate")) {
            if (rollingNode != null) {
                nodes.problem(path.key("rollingUpdate"), "may not be given with type: Recreate (Kubernetes refuses "
                        + "it); remove it or use type: RollingUpdate");
                return null;
            }
            return Optional.of(new WorkloadSpec.DeploymentStrategy(true, null, null));
        }
        YamlPath rollingPath = path.key("rollingUpdate");
        ObjectNode rolling = nodes.map(rollingNode, rollingPath, DEPLOYMENT_ROLLING_KEYS);
        WorkloadSpec.DeploymentStrategy defaults = WorkloadSpec.DeploymentStrategy.DEFAULT;
        IntOrPercent surge = intOrPercent(rolling, rollingPath, "maxSurge", defaults.maxSurge(), false);
        IntOrPercent unavailable = intOrPercent(rolling, rollingPath, "maxUnavailable", defaults.maxUnavailable(),
                true);
        if (surge == null || unavailable == null) {
            return null;
        }
        if (surge.value() == 0 && unavailable.value() == 0) {
            nodes.problem(rollingPath.key("maxUnavailable"), "may not be 0 when maxSurge is 0, as Kubernetes "
                    + "validates: the rollout could never replace a pod; allow one of them, e.g. maxSurge: 1");
            return null;
        }
        return Optional.of(new WorkloadSpec.DeploymentStrategy(false, surge, unavailable));
    }

    Optional<WorkloadSpec.StatefulSetUpdate> statefulSet(ObjectNode workload, YamlPath parent,
                                                         WorkloadSpec.Kind kind) {
        YamlPath path = parent.key("updateStrategy");
        JsonNode node = YamlNodes.optional(workload, "updateStrategy");
        if (kind != WorkloadSpec.Kind.STATEFUL_SET) {
            return wrongKind(node, path, kind, "strategy");
        }
        if (node == null) {
            return Optional.of(WorkloadSpec.StatefulSetUpdate.DEFAULT);
        }
        ObjectNode strategy = nodes.map(node, path, STRATEGY_KEYS);
        String type = strategy == null ? null : type(strategy, path, "RollingUpdate", "OnDelete");
        if (type == null) {
            return null;
        }
        JsonNode rollingNode = YamlNodes.optional(strategy, "rollingUpdate");
        if (type.equals("OnDelete")) {
            if (rollingNode != null) {
                nodes.problem(path.key("rollingUpdate"), "may only be given with type: RollingUpdate (Kubernetes "
                        + "refuses it with OnDelete)");
                return null;
            }
            return Optional.of(new WorkloadSpec.StatefulSetUpdate(true, 0));
        }
        YamlPath rollingPath = path.key("rollingUpdate");
        ObjectNode rolling = nodes.map(rollingNode, rollingPath, STATEFUL_SET_ROLLING_KEYS);
        Integer partition = nodes.numbers().integer(rolling, rollingPath, "partition", 0, 0, Limits.MAX_CONSUMERS);
        return partition == null ? null : Optional.of(new WorkloadSpec.StatefulSetUpdate(false, partition));
    }

    /**
     * {@code podDisruptionBudget: {minAvailable: 2}} or {@code {maxUnavailable: 25%}}: exactly one, as the
     * PodDisruptionBudget's API validation requires; empty without one.
     */
    Optional<WorkloadSpec.DisruptionBudget> disruptionBudget(ObjectNode workload, YamlPath path) {
        JsonNode node = YamlNodes.optional(workload, "podDisruptionBudget");
        if (node == null) {
            return Optional.empty();
        }
        ObjectNode budget = nodes.map(node, path, BUDGET_KEYS);
        if (budget == null) {
            return null;
        }
        boolean min = YamlNodes.optional(budget, "minAvailable") != null;
        if (min == (YamlNodes.optional(budget, "maxUnavailable") != null)) {
            // Kubernetes refuses both; a budget with neither allows no eviction at all, which no drain survives.
            nodes.problem(path, "needs exactly one of minAvailable or maxUnavailable (a number of pods or a percentage"
                    + " such as 50%): Kubernetes refuses both, and with neither it allows no eviction at all");
            return null;
        }
        String key = min ? "minAvailable" : "maxUnavailable";
        IntOrPercent value = intOrPercent(budget, path, key, null, true);
        return value == null ? null : Optional.of(min ? new WorkloadSpec.DisruptionBudget(value, null)
                : new WorkloadSpec.DisruptionBudget(null, value));
    }

    /** The other kind's key given: a problem naming the right one; empty when absent. */
    private <T> Optional<T> wrongKind(JsonNode node, YamlPath path, WorkloadSpec.Kind kind, String rightKey) {
        if (node != null && kind != null) {
            nodes.problem(path, "is not a field of a " + kind.manifestName() + "; its rollout strategy is "
                    + rightKey + ":");
            return null;
        }
        return Optional.empty();
    }

    private String type(ObjectNode strategy, YamlPath path, String rolling, String other) {
        String type = nodes.text(strategy, path, "type", rolling, rolling + " or " + other);
        if (type != null && !type.equals(rolling) && !type.equals(other)) {
            nodes.problem(path.key("type"), "expected " + rolling + " or " + other + ", spelled as in a manifest, got '"
                    + type + "'");
            return null;
        }
        return type;
    }

    /** A whole number of pods ≥ 0 or a percentage such as "25%"; an unavailability at most 100%. */
    private IntOrPercent intOrPercent(ObjectNode map, YamlPath parent, String key, IntOrPercent fallback,
                                      boolean atMostAll) {
        JsonNode node = YamlNodes.optional(map, key);
        if (node == null) {
            return fallback;
        }
        YamlPath path = parent.key(key);
        if (node.isIntegralNumber()) {
            Integer pods = nodes.numbers().integer(node, path, 0, Limits.MAX_CONSUMERS);
            return pods == null ? null : IntOrPercent.pods(pods);
        }
        Matcher percent = node.isTextual() ? PERCENT.matcher(node.textValue()) : null;
        if (percent == null || !percent.matches()) {
            nodes.problem(path, "expected a whole number of pods or a percentage of the replicas such as 25%, got "
                    + NodeText.kind(node));
            return null;
        }
        int value = Integer.parseInt(percent.group(1));
        if (atMostAll && value > 100) {
            nodes.problem(path, "must be at most 100%, as Kubernetes validates, got " + node.textValue());
            return null;
        }
        return IntOrPercent.percentOf(value);
    }
}
