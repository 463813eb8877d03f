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
    /** The keys of a callback's time that grows with its partitions. */
    static final List<String> TIME_KEYS = List.of("base", "perPartition");

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
        ListenerSpec.CallbackTime revoked = time(map, path, "onPartitionsRevoked");
        ListenerSpec.CallbackTime assigned = time(map, path, "onPartitionsAssigned");
        ListenerSpec.CallbackTime lost = time(map, path, "onPartitionsLost");
        return YamlNodes.allPresent(revoked, assigned, lost) ? new ListenerSpec.Callbacks(revoked, assigned, lost) : null;
    }

    /**
     * One callback's time: a distribution, or {@code {base: <distribution>, perPartition: <distribution>}} for a
     * time that grows with the partitions the call is given (either key may be left out: no time). Null after a
     * problem.
     */
    private ListenerSpec.CallbackTime time(ObjectNode map, YamlPath path, String callback) {
        ListenerSpec.CallbackTime none = ListenerSpec.CallbackTime.NONE;
        DistributionParser distributions = new DistributionParser(nodes);
        JsonNode node = YamlNodes.optional(map, callback);
        if (node == null || !node.isObject() || !(node.has("base") || node.has("perPartition"))) {
            Distribution base = distributions.parse(map, path, callback, none.base());
            return base == null ? null : ListenerSpec.CallbackTime.of(base);
        }
        YamlPath timePath = path.key(callback);
        ObjectNode time = nodes.map(node, timePath, TIME_KEYS);
        if (time == null) {
            return null;
        }
        Distribution base = distributions.parse(time, timePath, "base", none.base());
        Distribution perPartition = distributions.parse(time, timePath, "perPartition", none.perPartition());
        return YamlNodes.allPresent(base, perPartition) ? new ListenerSpec.CallbackTime(base, perPartition) : null;
    }
}
