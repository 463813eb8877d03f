package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads {@code consumers.listener}: the durations of the application's rebalance callbacks, shared by every
 * pod, and {@code overrides} of pods whose callbacks differ, each merged over the shared ones key by key
 * (as {@code consumers.overrides} merges consumer configs).
 */
final class ListenerParser {

    static final List<String> CALLBACKS = List.of("onPartitionsRevoked", "onPartitionsAssigned", "onPartitionsLost");
    static final List<String> KEYS = List.of("onPartitionsRevoked", "onPartitionsAssigned", "onPartitionsLost",
            "overrides");
    private static final Distribution NO_TIME = new Distributions.Constant(0);

    private final YamlNodes nodes;

    ListenerParser(YamlNodes nodes) {
        this.nodes = nodes;
    }

    /** The listener section at {@code path}, {@link ListenerSpec#NONE} without one, or null if it is invalid. */
    ListenerSpec parse(JsonNode node, YamlPath path, boolean streams) {
        if (node == null || node.isNull()) {
            return ListenerSpec.NONE;
        }
        if (streams) {
            nodes.problem(path, "is read only for plain consumers (app: consumer): a Kafka Streams instance's "
                    + "rebalance listener is its own (its tasks' restoration models what it does); remove listener");
            return null;
        }
        ObjectNode listener = nodes.map(node, path, KEYS);
        if (listener == null) {
            return null;
        }
        ListenerSpec.Callbacks shared = callbacks(listener, path, ListenerSpec.NONE.shared());
        Map<String, ListenerSpec.Callbacks> overrides = overrides(listener, path.key("overrides"), shared);
        return shared == null || overrides == null ? null : new ListenerSpec(shared, overrides);
    }

    private ListenerSpec.Callbacks callbacks(ObjectNode map, YamlPath path, ListenerSpec.Callbacks base) {
        DistributionParser distributions = new DistributionParser(nodes);
        Distribution revoked = distributions.parse(map, path, "onPartitionsRevoked", base.onPartitionsRevoked());
        Distribution assigned = distributions.parse(map, path, "onPartitionsAssigned", base.onPartitionsAssigned());
        Distribution lost = distributions.parse(map, path, "onPartitionsLost", base.onPartitionsLost());
        return YamlNodes.allPresent(revoked, assigned, lost) ? new ListenerSpec.Callbacks(revoked, assigned, lost) : null;
    }

    /**
     * {@code overrides: {c3: {onPartitionsAssigned: 20s}}}: a pod's callbacks, merged over the shared ones; a
     * callback set to {@code ~} takes no time on that pod. Pod names are checked once the timeline is read.
     */
    private Map<String, ListenerSpec.Callbacks> overrides(ObjectNode listener, YamlPath path,
                                                          ListenerSpec.Callbacks shared) {
        JsonNode node = YamlNodes.optional(listener, "overrides");
        Map<String, ListenerSpec.Callbacks> overrides = new TreeMap<>();
        if (node == null) {
            return overrides;
        }
        if (!(node instanceof ObjectNode byPod)) {
            nodes.problem(path, "expected a map of pod name to callback durations, e.g. {c3: {onPartitionsAssigned: 20s}}");
            return null;
        }
        boolean ok = true;
        for (var entry : byPod.properties()) {
            YamlPath podPath = path.key(entry.getKey());
            ObjectNode override = nodes.map(entry.getValue(), podPath, CALLBACKS);
            if (override == null) {
                if (entry.getValue() == null || entry.getValue().isNull()) {
                    nodes.problem(podPath, "expected callback durations for this pod, e.g. {onPartitionsAssigned: 20s}");
                }
                ok = false;
                continue;
            }
            ListenerSpec.Callbacks merged = callbacks(override, podPath, baseOf(override,
                    shared == null ? ListenerSpec.NONE.shared() : shared));
            if (merged == null) {
                ok = false;
            } else {
                overrides.put(entry.getKey(), merged);
            }
        }
        return ok ? overrides : null;
    }

    /**
     * What a pod's override is merged over: the shared callbacks, but no time for a callback the override sets to
     * {@code ~} (a {@code ~} value is read as absent, so the base's value is the one that counts).
     */
    private static ListenerSpec.Callbacks baseOf(ObjectNode override, ListenerSpec.Callbacks shared) {
        return new ListenerSpec.Callbacks(unlessCleared(override, "onPartitionsRevoked", shared.onPartitionsRevoked()),
                unlessCleared(override, "onPartitionsAssigned", shared.onPartitionsAssigned()),
                unlessCleared(override, "onPartitionsLost", shared.onPartitionsLost()));
    }

    private static Distribution unlessCleared(ObjectNode override, String callback, Distribution shared) {
        return override.has(callback) && override.get(callback).isNull() ? NO_TIME : shared;
    }

    /** Problems for override names that are not pods of the scenario. */
    void checkOverrideNames(ListenerSpec spec, YamlPath path, List<String> allPods) {
        for (String pod : spec.overrides().keySet()) {
            if (!allPods.contains(pod)) {
                nodes.problem(path.key("overrides").key(pod), "unknown consumer '" + pod + "'; known: "
                        + String.join(", ", allPods));
            }
        }
    }
}
