package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads {@code faults:}, recurring random faults: a list of single-key maps such as
 * {@code {gcPause: {consumer: all, every: {exponential: {mean: 10m}}, duration: 2s}}}.
 */
final class FaultParser {

    static final List<String> KINDS = FaultKind.yamlNames();
    private static final YamlPath PATH = YamlPath.ROOT.key("faults");
    private static final String EXAMPLE =
            "[{gcPause: {consumer: all, every: {exponential: {mean: 10m}}, duration: 2s}}]";

    private final YamlNodes nodes;
    private final References references;
    private final ClusterSpec cluster;
    private final DistributionParser distributions;

    FaultParser(YamlNodes nodes, References references, ClusterSpec cluster) {
        this.nodes = nodes;
        this.references = references;
        this.cluster = cluster;
        this.distributions = new DistributionParser(nodes);
    }

    /** The faults in file order, or null if any is invalid. */
    List<FaultSpec> parse(JsonNode root) {
        ArrayNode list = nodes.list(YamlNodes.optional(root, "faults"), PATH, EXAMPLE);
        if (list == null) {
            return YamlNodes.optional(root, "faults") == null ? List.of() : null;
        }
        if (list.size() > Limits.MAX_EVENTS) {
            nodes.problem(PATH, "has " + list.size() + " entries; the simulator accepts at most " + Limits.MAX_EVENTS);
            return null;
        }
        List<FaultSpec> faults = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            faults.add(fault(list.get(i), PATH.index(i)));
        }
        return faults.contains(null) ? null : faults;
    }

    private FaultSpec fault(JsonNode node, YamlPath path) {
        if (!node.isObject() || node.size() != 1) {
            nodes.problem(path, "expected one fault like {gcPause: {consumer: all, every: ..., duration: ...}} "
                    + "(one of " + String.join(", ", KINDS) + "), got " + NodeText.kind(node));
            return null;
        }
        String name = node.fieldNames().next();
        YamlPath bodyPath = path.key(name);
        FaultKind kind = FaultKind.named(name);
        if (kind == null) {
            nodes.problem(bodyPath, "unknown fault '" + name + "'; " + KeySuggester.hint(name, KINDS, "known faults"));
            return null;
        }
        return kind.read(this, node.get(name), bodyPath);
    }

    /** A fault of the pods that lasts {@code duration}: a pause, a slow record, a network partition. */
    FaultSpec podFault(FaultKind kind, JsonNode body, YamlPath path) {
        ObjectNode map = nodes.map(body, path, List.of("consumer", "every", "duration"));
        ConsumerSelector pods = consumers(map, path);
        Distribution every = every(map, path);
        Distribution duration = positive(map, path, "duration", "how long each fault lasts, e.g. duration: 2s");
        return YamlNodes.allPresent(map, pods, every, duration) ? new FaultSpec(kind, pods, -1, every, duration) : null;
    }

    /** restartAfter is optional: without it a crashed pod stays down. */
    FaultSpec crash(FaultKind kind, JsonNode body, YamlPath path) {
        ObjectNode map = nodes.map(body, path, List.of("consumer", "every", "restartAfter"));
        ConsumerSelector pods = consumers(map, path);
        Distribution every = every(map, path);
        JsonNode restartNode = YamlNodes.optional(map, "restartAfter");
        Distribution restartAfter = restartNode == null ? null
                : distributions.parse(restartNode, path.key("restartAfter"));
        boolean restartValid = restartNode == null || restartAfter != null;
        return YamlNodes.allPresent(map, pods, every) && restartValid
                ? new FaultSpec(kind, pods, -1, every, restartAfter) : null;
    }

    /** The outage length is {@code duration:}, or {@code downtime:} as in the timeline operation. */
    FaultSpec brokerFailure(FaultKind kind, JsonNode body, YamlPath path) {
        ObjectNode map = nodes.map(body, path, List.of("broker", "every", "duration", "downtime"));
        Integer broker = new BrokerChoice(nodes, cluster).parse(map, path);
        Distribution every = every(map, path);
        if (map == null) {
            return null;
        }
        String lengthKey = map.has("downtime") ? "downtime" : "duration";
        if (map.has("downtime") && map.has("duration")) {
            nodes.problem(path, "has both duration and downtime; they mean the same here, keep one");
            return null;
        }
        Distribution downtime = positive(map, path, lengthKey, "how long the broker is down, e.g. duration: 30s");
        return YamlNodes.allPresent(broker, every, downtime)
                ? new FaultSpec(kind, ConsumerSelector.of(List.of()), broker, every, downtime) : null;
    }

    private ConsumerSelector consumers(ObjectNode map, YamlPath path) {
        JsonNode node = YamlNodes.optional(map, "consumer");
        return node == null ? ConsumerSelector.allPods() : references.consumers(node, path.key("consumer"));
    }

    private Distribution every(ObjectNode map, YamlPath path) {
        return positive(map, path, "every", "the time between two faults of one target, e.g. "
                + "every: {exponential: {mean: 10m}}");
    }

    /** A required distribution with a positive mean: a zero gap would fire the fault forever at one instant. */
    private Distribution positive(ObjectNode map, YamlPath path, String key, String whatItIs) {
        JsonNode node = nodes.required(map, path, key, whatItIs);
        Distribution distribution = node == null ? null : distributions.parse(node, path.key(key));
        if (distribution != null && !(distribution.mean() > 0)) {
            nodes.problem(path.key(key), "must be positive on average, got " + distribution.describe());
            return null;
        }
        return distribution;
    }
}
