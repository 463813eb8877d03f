package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.rebalancesim.scenario.autoscaling.CpuUtilizationMetric;
import org.rebalancesim.scenario.autoscaling.HpaMetricSpec;

/**
 * An HPA's {@code metrics}: the one the model reads, {@code {type: Resource, resource: {name: cpu, target: {type:
 * Utilization, averageUtilization: 70}}}}; without metrics, the API server's default of 80% (the record's).
 */
final class CpuMetricParser {

    private static final String EXAMPLE = "[{type: Resource, resource: {name: cpu, target: {type: Utilization,"
            + " averageUtilization: 70}}}]";

    private final YamlNodes nodes;

    CpuMetricParser(YamlNodes nodes) {
        this.nodes = nodes;
    }

    /** The metrics, empty for the default; null if invalid. */
    List<HpaMetricSpec> parse(JsonNode node, YamlPath path) {
        if (node == null) {
            return List.of();
        }
        ArrayNode list = nodes.list(node, path, EXAMPLE);
        if (list == null) {
            return null;
        }
        if (list.size() != 1) {
            nodes.problem(path, "must hold exactly one metric, the pods' CPU utilization, as " + EXAMPLE);
            return null;
        }
        YamlPath metricPath = path.index(0);
        ObjectNode metric = nodes.map(list.get(0), metricPath, List.of("type", "resource"));
        ObjectNode resource = metric == null ? null : nodes.map(YamlNodes.optional(metric, "resource"),
                metricPath.key("resource"), List.of("name", "target"));
        ObjectNode target = resource == null ? null : nodes.map(YamlNodes.optional(resource, "target"),
                metricPath.key("resource").key("target"), List.of("type", "averageUtilization"));
        boolean cpu = metric != null && "Resource".equals(metric.path("type").asText())
                && resource != null && "cpu".equals(resource.path("name").asText())
                && target != null && "Utilization".equals(target.path("type").asText());
        if (!cpu) {
            nodes.problem(metricPath, "the model reads one metric, the pods' CPU utilization, as " + EXAMPLE
                    + " (a consumer's CPU is its processing)");
            return null;
        }
        YamlPath utilizationPath = metricPath.key("resource").key("target");
        JsonNode value = nodes.required(target, utilizationPath, "averageUtilization", "a percentage, e.g. 70");
        Integer utilization = value == null ? null : nodes.numbers().integer(value,
                utilizationPath.key("averageUtilization"), 1, Integer.MAX_VALUE);
        return utilization == null ? null : List.of(new CpuUtilizationMetric(utilization));
    }
}
