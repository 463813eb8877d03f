package org.rebalancesim.importer;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * A HorizontalPodAutoscaler (autoscaling/v2) → {@code consumers.autoscaler.horizontalPodAutoscaler}: its replica
 * bounds, its CPU utilization metrics and its behavior, as written. Other metrics (memory, Pods, Object,
 * External) are left out with a warning: the model has a CPU load for its pods and nothing else.
 */
final class HorizontalPodAutoscalerImport {

    /** autoscaling/v2beta2 has the same fields; v1 and v2beta1 do not, and kubectl prints v2 for every HPA. */
    static final List<String> API_VERSIONS = List.of("autoscaling/v2", "autoscaling/v2beta2");

    private HorizontalPodAutoscalerImport() {
    }

    static Autoscaler read(ManifestFields fields) {
        Field spec = fields.manifest().field("spec");
        ObjectNode read = JsonNodeFactory.instance.objectNode();
        WorkloadImport.putWhole(read, "minReplicas", fields.whole(spec.get("minReplicas"), 0));
        WorkloadImport.putWhole(read, "maxReplicas", fields.whole(spec.get("maxReplicas"), 1));
        ArrayNode metrics = cpuUtilization(spec.get("metrics"), fields);
        if (!metrics.isEmpty()) {
            read.set("metrics", metrics);
        }
        if (fields.map(spec.get("behavior")) != null) {
            read.set("behavior", ManifestFields.copy(spec.get("behavior").node()));
        }
        fields.warnLeftOut(spec, List.of("minReplicas", "maxReplicas", "metrics", "behavior", "scaleTargetRef"),
                "not modelled");
        return new Autoscaler(fields.manifest(), "horizontalPodAutoscaler", read, spec.get("scaleTargetRef"), List.of());
    }

    /** The metrics of type Resource on cpu with a Utilization target, as written; a warning for each other. */
    private static ArrayNode cpuUtilization(Field metrics, ManifestFields fields) {
        ArrayNode read = JsonNodeFactory.instance.arrayNode();
        if (fields.list(metrics) == null) {
            return read;
        }
        for (int i = 0; i < metrics.size(); i++) {
            Field metric = metrics.item(i);
            if (fields.map(metric) == null) {
                continue;
            }
            String type = metric.get("type").present() ? metric.get("type").node().asText() : "";
            Field resource = metric.get("resource");
            String name = resource.get("name").present() ? resource.get("name").node().asText() : "";
            String target = resource.get("target").get("type").present()
                    ? resource.get("target").get("type").node().asText() : "";
            if (type.equals("Resource") && name.equals("cpu") && target.equals("Utilization")) {
                read.add(ManifestFields.copy(metric.node()));
            } else {
                String what = type.equals("Resource") ? "the Resource metric " + name + " " + target : "the " + type + " metric";
                fields.warning(metric, what + " is not modelled (only Resource cpu Utilization), left out");
            }
        }
        return read;
    }
}
