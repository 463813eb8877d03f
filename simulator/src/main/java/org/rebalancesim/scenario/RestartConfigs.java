package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Resolves the {@code config:} of {@code restart}, {@code rollingRestart} and {@code rollout} once the pods are known:
 * each selected pod's new configuration is the change written over its own ({@code consumers.config}, then its
 * {@code consumers.overrides} entry), checked as the pod's configuration is. A rollout selects every pod, and also
 * reaches the pods its Deployment creates later, which have no overrides entry: the change over
 * {@code consumers.config}.
 */
final class RestartConfigs {

    private final YamlNodes nodes;
    private final ConsumersParser consumersParser;

    RestartConfigs(YamlNodes nodes, ConsumersParser consumersParser) {
        this.nodes = nodes;
        this.consumersParser = consumersParser;
    }

    /** The timeline with every config change resolved, or null with the problems recorded. */
    List<TimelineEvent> resolve(JsonNode root, List<TimelineEvent> events, ConsumersSpec consumers, List<String> allPods,
                                ClusterSpec cluster) {
        List<TimelineEvent> resolved = new ArrayList<>(events.size());
        boolean ok = true;
        for (TimelineEvent event : events) {
            Operation operation = event.operation();
            Operation withConfig = operation;
            if (operation instanceof Operation.Restart restart && !restart.config().isNone()) {
                PodConfigChange change = resolve(root, restart.config(), restart.consumers(), consumers, allPods, cluster, false);
                withConfig = change == null ? null : restart.withConfig(change);
            } else if (operation instanceof Operation.RollingRestart rolling && !rolling.config().isNone()) {
                PodConfigChange change = resolve(root, rolling.config(), rolling.consumers(), consumers, allPods, cluster, false);
                withConfig = change == null ? null : rolling.withConfig(change);
            } else if (operation instanceof Operation.Rollout rollout && !rollout.config().isNone()) {
                PodConfigChange change = resolve(root, rollout.config(), ConsumerSelector.allPods(), consumers, allPods,
                        cluster, true);
                withConfig = change == null ? null : rollout.withConfig(change);
            }
            ok &= withConfig != null;
            resolved.add(withConfig == operation ? event : new TimelineEvent(event.atMs(), withConfig, event.anchor()));
        }
        return ok ? resolved : null;
    }

    private PodConfigChange resolve(JsonNode root, PodConfigChange change, ConsumerSelector selector,
                                    ConsumersSpec consumers, List<String> allPods, ClusterSpec cluster,
                                    boolean newPodsToo) {
        if (consumers.isStreams()) {
            nodes.problem(change.path(), "a Kafka Streams application's instances keep consumers.config across "
                    + "restarts in the model; remove config: here");
            return null;
        }
        JsonNode consumersNode = YamlNodes.optional(root, "consumers");
        JsonNode base = YamlNodes.optional(consumersNode, "config");
        JsonNode overrides = YamlNodes.optional(consumersNode, "overrides");
        Map<String, ConsumerConfig> byPod = new TreeMap<>();
        for (String pod : selector.among(allPods)) {
            ConsumerConfig config = podConfig(change, YamlNodes.optional(overrides, pod), base, consumers, cluster);
            if (config == null) {
                return null;
            }
            byPod.put(pod, config);
        }
        if (!newPodsToo) {
            return change.resolved(byPod, null);
        }
        ConsumerConfig others = podConfig(change, null, base, consumers, cluster);
        return others == null ? null : change.resolved(byPod, others);
    }

    /** The change written over a pod's {@code override} (null: none) and {@code consumers.config}; null if invalid. */
    private ConsumerConfig podConfig(PodConfigChange change, JsonNode override, JsonNode base, ConsumersSpec consumers,
                                     ClusterSpec cluster) {
        ObjectNode combined = override instanceof ObjectNode written ? written.deepCopy()
                : change.written().objectNode();
        change.written().properties().forEach(field -> combined.set(field.getKey(), field.getValue()));
        return consumersParser.podConfig(base, combined, change.path(), consumers.config(), cluster);
    }
}
