package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Reads {@code broker:}: {@code coordinator} (the default; -1) or a broker id below the broker count. */
final class BrokerChoice {

    static final int COORDINATOR = -1;

    private final YamlNodes nodes;
    private final ClusterSpec cluster;

    /** @param cluster null if invalid; ids are then only checked for being non-negative */
    BrokerChoice(YamlNodes nodes, ClusterSpec cluster) {
        this.nodes = nodes;
        this.cluster = cluster;
    }

    Integer parse(ObjectNode map, YamlPath parent) {
        JsonNode node = YamlNodes.optional(map, "broker");
        if (node == null || (node.isTextual() && node.textValue().equals("coordinator"))) {
            return COORDINATOR;
        }
        YamlPath path = parent.key("broker");
        if (!node.isIntegralNumber()) {
            nodes.problem(path, "expected coordinator or a broker id (0, 1, ...), got " + NodeText.kind(node));
            return null;
        }
        int brokers = cluster == null ? Limits.MAX_BROKERS : cluster.brokers();
        if (!node.canConvertToInt() || node.intValue() < 0 || node.intValue() >= brokers) {
            nodes.problem(path, "broker " + NodeText.describe(node) + " does not exist: the cluster has " + brokers
                    + " brokers (ids 0 to " + (brokers - 1) + "); use one of them or coordinator");
            return null;
        }
        return node.intValue();
    }
}
