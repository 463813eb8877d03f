package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Supplier;
import org.rebalancesim.scenario.autoscaling.AutoscalerSpec;
import org.rebalancesim.scenario.autoscaling.HpaBehavior;
import org.rebalancesim.scenario.autoscaling.HpaMetricSpec;
import org.rebalancesim.scenario.autoscaling.HpaSpec;
import org.rebalancesim.scenario.autoscaling.KafkaTriggerSpec;
import org.rebalancesim.scenario.autoscaling.ScaledObjectSpec;

/**
 * Reads {@code consumers.autoscaler}: exactly one of {@code scaledObject} (a KEDA ScaledObject's spec) and
 * {@code horizontalPodAutoscaler} (an autoscaling/v2 HPA's spec), with the field names, defaults and refusals of
 * the real objects (docs/kubernetes.md §6). The spec records check what KEDA and the API server refuse; their
 * messages are reported at the object's path.
 */
final class AutoscalerParser {

    static final List<String> KEYS = List.of("scaledObject", "horizontalPodAutoscaler");
    static final List<String> SCALED_OBJECT_KEYS = List.of("pollingInterval", "initialCooldownPeriod",
            "cooldownPeriod", "idleReplicaCount", "minReplicaCount", "maxReplicaCount", "advanced", "triggers");
    static final List<String> ADVANCED_KEYS = List.of("horizontalPodAutoscalerConfig");
    static final List<String> HPA_CONFIG_KEYS = List.of("behavior");
    static final List<String> HPA_KEYS = List.of("minReplicas", "maxReplicas", "metrics", "behavior");
    private static final int MAX_SECONDS = (int) (Limits.MAX_DURATION_MS / 1000);

    private final YamlNodes nodes;

    AutoscalerParser(YamlNodes nodes) {
        this.nodes = nodes;
    }

    /** The autoscaler; empty without one, null (with the problems recorded) if invalid. */
    Optional<AutoscalerSpec> parse(ObjectNode consumers, YamlPath path, boolean hasWorkload) {
        JsonNode node = YamlNodes.optional(consumers, "autoscaler");
        if (node == null) {
            return Optional.empty();
        }
        ObjectNode autoscaler = nodes.map(node, path, KEYS);
        if (autoscaler == null) {
            return null;
        }
        boolean keda = YamlNodes.optional(autoscaler, "scaledObject") != null;
        if (keda == (YamlNodes.optional(autoscaler, "horizontalPodAutoscaler") != null)) {
            nodes.problem(path, "needs exactly one of scaledObject (KEDA, on the group's lag) or horizontalPodAutoscaler"
                    + " (on CPU)");
            return null;
        }
        if (!hasWorkload) {
            nodes.problem(path, "scales a Kubernetes workload, and the pods have none: add consumers.workload"
                    + " (kind: Deployment or StatefulSet)");
            return null;
        }
        AutoscalerSpec spec = keda ? scaledObject(autoscaler.get("scaledObject"), path.key("scaledObject"))
                : hpa(autoscaler.get("horizontalPodAutoscaler"), path.key("horizontalPodAutoscaler"));
        return spec == null ? null : Optional.of(spec);
    }

    private ScaledObjectSpec scaledObject(JsonNode node, YamlPath path) {
        ObjectNode object = nodes.map(node, path, SCALED_OBJECT_KEYS);
        if (object == null) {
            return null;
        }
        Integer polling = seconds(object, path, "pollingInterval", ScaledObjectSpec.DEFAULT_POLLING_INTERVAL_SECONDS, 1);
        Integer initialCooldown = seconds(object, path, "initialCooldownPeriod",
                ScaledObjectSpec.DEFAULT_INITIAL_COOLDOWN_PERIOD_SECONDS, 0);
        Integer cooldown = seconds(object, path, "cooldownPeriod", ScaledObjectSpec.DEFAULT_COOLDOWN_PERIOD_SECONDS, 0);
        Integer min = nodes.numbers().integer(object, path, "minReplicaCount", ScaledObjectSpec.DEFAULT_MIN_REPLICA_COUNT,
                0, Limits.MAX_CONSUMERS);
        Integer max = nodes.numbers().integer(object, path, "maxReplicaCount", ScaledObjectSpec.DEFAULT_MAX_REPLICA_COUNT,
                1, Limits.MAX_CONSUMERS);
        OptionalInt idle = idleReplicaCount(object, path);
        YamlPath behaviorPath = path.key("advanced").key("horizontalPodAutoscalerConfig").key("behavior");
        Optional<HpaBehavior> behavior = behavior(advancedBehavior(object, path.key("advanced")), behaviorPath);
        List<KafkaTriggerSpec> triggers = new TriggerParser(nodes).parse(YamlNodes.optional(object, "triggers"),
                path.key("triggers"));
        if (!YamlNodes.allPresent(polling, initialCooldown, cooldown, min, max, idle, behavior, triggers)) {
            return null;
        }
        return checked(path, () -> new ScaledObjectSpec(polling, initialCooldown, cooldown, idle, min, max, behavior,
                triggers));
    }

    private Integer seconds(ObjectNode object, YamlPath path, String key, int fallback, int min) {
        return nodes.numbers().integer(object, path, key, fallback, min, MAX_SECONDS);
    }

    /** idleReplicaCount; KEDA refuses it without a minReplicaCount written (CheckReplicaCountBoundsAreValid). */
    private OptionalInt idleReplicaCount(ObjectNode object, YamlPath path) {
        if (YamlNodes.optional(object, "idleReplicaCount") == null) {
            return OptionalInt.empty();
        }
        if (YamlNodes.optional(object, "minReplicaCount") == null) {
            nodes.problem(path.key("idleReplicaCount"), "needs a minReplicaCount above it, as KEDA requires; add"
                    + " minReplicaCount: 1");
            return null;
        }
        Integer idle = nodes.numbers().integer(object.get("idleReplicaCount"), path.key("idleReplicaCount"), 0,
                Limits.MAX_CONSUMERS);
        return idle == null ? null : OptionalInt.of(idle);
    }

    private JsonNode advancedBehavior(ObjectNode object, YamlPath path) {
        ObjectNode advanced = nodes.map(YamlNodes.optional(object, "advanced"), path, ADVANCED_KEYS);
        ObjectNode config = nodes.map(YamlNodes.optional(advanced, "horizontalPodAutoscalerConfig"),
                path.key("horizontalPodAutoscalerConfig"), HPA_CONFIG_KEYS);
        return YamlNodes.optional(config, "behavior");
    }

    /** The behavior as written, empty when left out: an HPA without one scales by the controller's older rules. */
    private Optional<HpaBehavior> behavior(JsonNode node, YamlPath path) {
        if (node == null) {
            return Optional.empty();
        }
        HpaBehavior behavior = new BehaviorParser(nodes).parse(node, path);
        return behavior == null ? null : Optional.of(behavior);
    }

    private HpaSpec hpa(JsonNode node, YamlPath path) {
        ObjectNode hpa = nodes.map(node, path, HPA_KEYS);
        if (hpa == null) {
            return null;
        }
        Integer min = nodes.numbers().integer(hpa, path, "minReplicas", HpaSpec.DEFAULT_MIN_REPLICAS, 1,
                Limits.MAX_CONSUMERS);
        JsonNode maxNode = nodes.required(hpa, path, "maxReplicas", "the most replicas, e.g. maxReplicas: 12");
        Integer max = maxNode == null ? null : nodes.numbers().integer(maxNode, path.key("maxReplicas"), 1,
                Limits.MAX_CONSUMERS);
        List<HpaMetricSpec> metrics = new CpuMetricParser(nodes).parse(YamlNodes.optional(hpa, "metrics"),
                path.key("metrics"));
        Optional<HpaBehavior> behavior = behavior(YamlNodes.optional(hpa, "behavior"), path.key("behavior"));
        if (!YamlNodes.allPresent(min, max, metrics, behavior)) {
            return null;
        }
        return checked(path, () -> new HpaSpec(min, max, metrics, behavior));
    }

    /** Builds a spec record, reporting what it refuses at {@code path}. */
    private <T> T checked(YamlPath path, Supplier<T> build) {
        try {
            return build.get();
        } catch (IllegalArgumentException refused) {
            nodes.problem(path, refused.getMessage());
            return null;
        }
    }
}
