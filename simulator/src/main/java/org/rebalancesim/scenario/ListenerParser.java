package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * Reads {@code consumers.listener}: the durations of the application's rebalance callbacks, shared by every
 * pod, and {@code overrides} of pods whose callbacks differ ({@link PodOverrides}: merged over the shared ones key
 * by key; a callback set to {@code ~} takes no time on that pod).
 */
final class ListenerParser {

    static final List<String> CALLBACKS = List.of("onPartitionsRevoked", "onPartitionsAssigned", "onPartitionsLost");
    static final List<String> KEYS = List.of("onPartitionsRevoked", "onPartitionsAssigned", "onPartitionsLost",
            PodOverrides.KEY);

    private final YamlNodes nodes;

    ListenerParser(YamlNodes nodes) {
        this.nodes = nodes;
    }

    /** The listener section at {@code path}, {@link ListenerSpec#NONE} without one, or null if it is invalid. */
    PerPod<ListenerSpec.Callbacks> parse(JsonNode node, YamlPath path, boolean streams) {
        if (node == null || node.isNull()) {
            return ListenerSpec.NONE;
        }
        if (streams) {
            nodes.problem(path, "is read only for plain consumers (app: consumer): a Kafka Streams instance's "
                    + "rebalance listener is its own (its tasks' restoration models what it does); remove listener");
            return null;
        }
        ObjectNode listener = nodes.map(node, path, KEYS);
        return listener == null ? null
                : new PodOverrides(nodes).parse(listener, path, CALLBACKS, "{onPartitionsAssigned: 20s}", this::callbacks);
    }

    private ListenerSpec.Callbacks callbacks(ObjectNode map, YamlPath path) {
        ListenerSpec.Callbacks base = ListenerSpec.NONE.shared();
        DistributionParser distributions = new DistributionParser(nodes);
        Distribution revoked = distributions.parse(map, path, "onPartitionsRevoked", base.onPartitionsRevoked());
        Distribution assigned = distributions.parse(map, path, "onPartitionsAssigned", base.onPartitionsAssigned());
        Distribution lost = distributions.parse(map, path, "onPartitionsLost", base.onPartitionsLost());
        return YamlNodes.allPresent(revoked, assigned, lost) ? new ListenerSpec.Callbacks(revoked, assigned, lost) : null;
    }
}
