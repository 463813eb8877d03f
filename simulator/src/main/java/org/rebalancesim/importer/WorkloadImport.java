package org.rebalancesim.importer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.List;

/**
 * A Deployment or StatefulSet manifest → the pod count and {@code consumers.workload}: its kind and name, the
 * rollout settings of its kind (a Deployment's {@code strategy}, a StatefulSet's {@code updateStrategy}),
 * {@code minReadySeconds}, and what its pod template says about starting and stopping a pod
 * ({@link PodTemplateImport}). Only what the manifest sets is written; Kubernetes' defaults stay implicit.
 */
final class WorkloadImport {

    static final String DEPLOYMENT = "Deployment";
    static final String STATEFUL_SET = "StatefulSet";
    static final List<String> KINDS = List.of(DEPLOYMENT, STATEFUL_SET);
    /** Kubernetes' default spec.replicas. */
    static final int DEFAULT_REPLICAS = 1;

    /**
     * The workload read.
     *
     * @param manifest    where it came from
     * @param replicas    spec.replicas, or null when unset (Kubernetes then runs 1, or what an autoscaler says)
     * @param workload    consumers.workload
     */
    record Workload(Manifest manifest, Integer replicas, ObjectNode workload) {

        String name() {
            return manifest.name();
        }

        String kind() {
            return manifest.kind();
        }
    }

    private WorkloadImport() {
    }

    static Workload read(ManifestFields fields) {
        Manifest manifest = fields.manifest();
        Field spec = manifest.field("spec");
        ObjectNode workload = JsonNodeFactory.instance.objectNode();
        workload.put("kind", manifest.kind());
        if (manifest.name().isEmpty()) {
            fields.problem(manifest.field("metadata").get("name"), "a " + manifest.kind() + " needs a name (the "
                    + "autoscaler's scaleTargetRef names it)");
        }
        workload.put("name", manifest.name());
        Integer replicas = fields.whole(spec.get("replicas"), 0);
        PodTemplateImport.read(spec.get("template").get("spec"), fields, workload);
        putWhole(workload, "minReadySeconds", fields.whole(spec.get("minReadySeconds"), 0));
        PodTemplateImport.readinessProbe(spec.get("template").get("spec"), fields, workload);
        if (manifest.kind().equals(DEPLOYMENT)) {
            putMap(workload, "strategy", deploymentStrategy(spec.get("strategy"), fields));
        } else {
            putMap(workload, "updateStrategy", statefulSetStrategy(spec.get("updateStrategy"), fields));
            if (spec.get("podManagementPolicy").present()) {
                fields.warning(spec.get("podManagementPolicy"), "not modelled, left out");
            }
        }
        return new Workload(manifest, replicas, workload);
    }

    /** spec.strategy: type RollingUpdate or Recreate, and rollingUpdate's maxSurge and maxUnavailable. */
    private static ObjectNode deploymentStrategy(Field strategy, ManifestFields fields) {
        if (fields.map(strategy) == null) {
            return null;
        }
        ObjectNode read = JsonNodeFactory.instance.objectNode();
        putText(read, "type", fields.choice(strategy.get("type"), List.of("RollingUpdate", "Recreate")));
        Field rolling = strategy.get("rollingUpdate");
        if (fields.map(rolling) != null) {
            ObjectNode rollingUpdate = read.putObject("rollingUpdate");
            putNode(rollingUpdate, "maxSurge", fields.wholeOrPercent(rolling.get("maxSurge")));
            putNode(rollingUpdate, "maxUnavailable", fields.wholeOrPercent(rolling.get("maxUnavailable")));
            dropIfEmpty(read, "rollingUpdate");
        }
        return read;
    }

    /** spec.updateStrategy: type RollingUpdate or OnDelete, and rollingUpdate.partition. */
    private static ObjectNode statefulSetStrategy(Field strategy, ManifestFields fields) {
        if (fields.map(strategy) == null) {
            return null;
        }
        ObjectNode read = JsonNodeFactory.instance.objectNode();
        putText(read, "type", fields.choice(strategy.get("type"), List.of("RollingUpdate", "OnDelete")));
        Field rolling = strategy.get("rollingUpdate");
        if (fields.map(rolling) != null) {
            ObjectNode rollingUpdate = read.putObject("rollingUpdate");
            putWhole(rollingUpdate, "partition", fields.whole(rolling.get("partition"), 0));
            fields.warnLeftOut(rolling, List.of("partition"), "not modelled");
            dropIfEmpty(read, "rollingUpdate");
        }
        return read;
    }

    private static void dropIfEmpty(ObjectNode map, String key) {
        if (map.path(key).isEmpty()) {
            map.remove(key);
        }
    }

    static void putWhole(ObjectNode map, String key, Integer value) {
        putNode(map, key, value == null ? null : IntNode.valueOf(value));
    }

    private static void putText(ObjectNode map, String key, String value) {
        putNode(map, key, value == null ? null : TextNode.valueOf(value));
    }

    private static void putMap(ObjectNode map, String key, ObjectNode value) {
        putNode(map, key, value == null || value.isEmpty() ? null : value);
    }

    static void putNode(ObjectNode map, String key, JsonNode value) {
        if (value != null) {
            map.set(key, value);
        }
    }
}
