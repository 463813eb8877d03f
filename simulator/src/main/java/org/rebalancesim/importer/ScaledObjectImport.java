package org.rebalancesim.importer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.rebalancesim.scenario.autoscaling.KafkaTriggerSpec;

/**
 * A KEDA ScaledObject (keda.sh/v1alpha1) → {@code consumers.autoscaler.scaledObject}: its polling interval,
 * cooldown, replica bounds, the behavior it gives the HPA it creates, and its kafka triggers with the metadata
 * the kafka scaler's arithmetic reads. Connection and authentication settings (bootstrapServers, sasl, tls, ...)
 * mean nothing in a simulation and are left out with a warning, as is every other trigger type.
 */
final class ScaledObjectImport {

    static final String API_VERSION = "keda.sh/v1alpha1";
    private static final List<String> SPEC_KEYS = List.of("pollingInterval", "initialCooldownPeriod", "cooldownPeriod",
            "idleReplicaCount", "minReplicaCount", "maxReplicaCount");

    private ScaledObjectImport() {
    }

    static Autoscaler read(ManifestFields fields) {
        Field spec = fields.manifest().field("spec");
        ObjectNode read = JsonNodeFactory.instance.objectNode();
        for (String key : SPEC_KEYS) {
            WorkloadImport.putWhole(read, key, fields.whole(spec.get(key), 0));
        }
        JsonNode behavior = behavior(spec.get("advanced"), fields);
        if (behavior != null) {
            read.putObject("advanced").putObject("horizontalPodAutoscalerConfig").set("behavior", behavior);
        }
        List<Autoscaler.KafkaTrigger> kafkaTriggers = new ArrayList<>();
        ArrayNode triggers = triggers(spec.get("triggers"), fields, kafkaTriggers);
        if (!triggers.isEmpty()) {
            read.set("triggers", triggers);
        }
        List<String> readKeys = new ArrayList<>(SPEC_KEYS);
        readKeys.addAll(List.of("advanced", "triggers", "scaleTargetRef"));
        fields.warnLeftOut(spec, readKeys, "not modelled");
        return new Autoscaler(fields.manifest(), "scaledObject", read, spec.get("scaleTargetRef"), kafkaTriggers);
    }

    /** advanced.horizontalPodAutoscalerConfig.behavior, as written: KEDA hands it to the HPA it creates. */
    private static JsonNode behavior(Field advanced, ManifestFields fields) {
        if (fields.map(advanced) == null) {
            return null;
        }
        fields.warnLeftOut(advanced, List.of("horizontalPodAutoscalerConfig"), "not modelled");
        Field config = advanced.get("horizontalPodAutoscalerConfig");
        if (fields.map(config) == null) {
            return null;
        }
        fields.warnLeftOut(config, List.of("behavior"), "not modelled");
        Field behavior = config.get("behavior");
        return fields.map(behavior) == null ? null : ManifestFields.copy(behavior.node());
    }

    private static ArrayNode triggers(Field triggers, ManifestFields fields, List<Autoscaler.KafkaTrigger> kafka) {
        ArrayNode read = JsonNodeFactory.instance.arrayNode();
        if (fields.list(triggers) == null) {
            return read;
        }
        for (int i = 0; i < triggers.size(); i++) {
            Field trigger = triggers.item(i);
            String type = fields.map(trigger) == null ? null : fields.text(trigger.get("type"));
            if (type == null) {
                continue;
            }
            if (!type.equals("kafka")) {
                fields.warning(trigger, "trigger type " + type + " is not modelled (only kafka), left out");
                continue;
            }
            fields.warnLeftOut(trigger, List.of("type", "useCachedMetrics", "metadata"), "not modelled");
            ObjectNode metadata = kafkaMetadata(trigger.get("metadata"), fields);
            ObjectNode kept = read.addObject().put("type", type);
            if (trigger.get("useCachedMetrics").present()) {
                kept.set("useCachedMetrics", ManifestFields.copy(trigger.get("useCachedMetrics").node()));
            }
            if (!metadata.isEmpty()) {
                kept.set("metadata", metadata);
            }
            kafka.add(new Autoscaler.KafkaTrigger(trigger.get("metadata").path(), metadata.path("topic").textValue(),
                    metadata.path("consumerGroup").textValue()));
        }
        return read;
    }

    /** The scaler's own settings, as texts (KEDA's metadata is a map of strings); the rest left out. */
    private static ObjectNode kafkaMetadata(Field metadata, ManifestFields fields) {
        ObjectNode read = JsonNodeFactory.instance.objectNode();
        if (fields.map(metadata) == null) {
            return read;
        }
        for (String key : KafkaTriggerSpec.METADATA_KEYS) {
            String value = fields.text(metadata.get(key));
            if (value != null) {
                read.put(key, value);
            }
        }
        fields.warnLeftOut(metadata, KafkaTriggerSpec.METADATA_KEYS, "not modelled (connection and authentication included)");
        return read;
    }
}
