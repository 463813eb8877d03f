package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.rebalancesim.scenario.autoscaling.KafkaTriggerSpec;
import org.rebalancesim.scenario.autoscaling.OffsetResetPolicy;

/**
 * A ScaledObject's {@code triggers}: each of type kafka, with KEDA's kafka scaler's metadata (strings in a real
 * ScaledObject, {@code lagThreshold: '50'}; plain values are accepted too) and the trigger's own
 * {@code useCachedMetrics}. Connection settings (bootstrapServers, sasl, tls) mean nothing here and are refused as
 * unknown keys; {@code consumerGroup} is accepted and read as the scenario's own group.
 */
final class TriggerParser {

    static final List<String> TRIGGER_KEYS = List.of("type", "useCachedMetrics", "metadata");
    private static final String EXAMPLE = "[{type: kafka, metadata: {topic: orders, lagThreshold: '50'}}]";

    private final YamlNodes nodes;
    private final MetadataValues metadata;

    TriggerParser(YamlNodes nodes) {
        this.nodes = nodes;
        this.metadata = new MetadataValues(nodes);
    }

    /** The triggers, at least one; null if invalid. */
    List<KafkaTriggerSpec> parse(JsonNode node, YamlPath path) {
        if (node == null) {
            nodes.problem(path, "required but missing; at least one kafka trigger, e.g. " + EXAMPLE);
            return null;
        }
        ArrayNode list = nodes.list(node, path, EXAMPLE);
        if (list == null) {
            return null;
        }
        if (list.isEmpty()) {
            nodes.problem(path, "must hold at least one trigger, as KEDA requires, e.g. " + EXAMPLE);
            return null;
        }
        List<KafkaTriggerSpec> triggers = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            triggers.add(trigger(list.get(i), path.index(i)));
        }
        return triggers.contains(null) ? null : triggers;
    }

    private KafkaTriggerSpec trigger(JsonNode node, YamlPath path) {
        ObjectNode trigger = nodes.map(node, path, TRIGGER_KEYS);
        if (trigger == null) {
            return null;
        }
        JsonNode typeNode = nodes.required(trigger, path, "type", "kafka");
        String type = typeNode == null ? null : nodes.text(typeNode, path.key("type"), "kafka");
        if (type != null && !type.equals("kafka")) {
            nodes.problem(path.key("type"), "expected kafka (KEDA's Kafka scaler, the one the model reads), got '"
                    + type + "'");
            return null;
        }
        Boolean cached = nodes.bool(trigger, path, "useCachedMetrics", false);
        YamlPath metadataPath = path.key("metadata");
        ObjectNode values = nodes.map(YamlNodes.optional(trigger, "metadata"), metadataPath, KafkaTriggerSpec.METADATA_KEYS);
        if (type == null || cached == null || (YamlNodes.optional(trigger, "metadata") != null && values == null)) {
            return null;
        }
        return kafka(values, metadataPath, cached);
    }

    private KafkaTriggerSpec kafka(ObjectNode values, YamlPath path, boolean cached) {
        String topic = nodes.text(values, path, "topic", "", "a topic name");
        List<Integer> partitions = partitionLimitation(YamlNodes.optional(values, "partitionLimitation"),
                path.key("partitionLimitation"));
        Long lag = metadata.whole(values, path, "lagThreshold", KafkaTriggerSpec.DEFAULT_LAG_THRESHOLD, 1);
        Long activation = metadata.whole(values, path, "activationLagThreshold",
                KafkaTriggerSpec.DEFAULT_ACTIVATION_LAG_THRESHOLD, 0);
        OffsetResetPolicy reset = resetPolicy(values, path);
        Boolean idle = nodes.bool(values, path, "allowIdleConsumers", false);
        Boolean persistent = nodes.bool(values, path, "excludePersistentLag", false);
        Boolean withLag = nodes.bool(values, path, "limitToPartitionsWithLag", false);
        Boolean even = nodes.bool(values, path, "ensureEvenDistributionOfPartitions", false);
        Boolean invalidOffset = nodes.bool(values, path, "scaleToZeroOnInvalidOffset", false);
        nodes.text(values, path, "consumerGroup", "", "the consumer group");
        if (!YamlNodes.allPresent(topic, partitions, lag, activation, reset, idle, persistent, withLag, even,
                invalidOffset)) {
            return null;
        }
        try {
            return new KafkaTriggerSpec(topic, partitions, lag, activation, reset, idle, persistent, withLag, even,
                    invalidOffset, cached);
        } catch (IllegalArgumentException refused) {
            nodes.problem(path, refused.getMessage() + ", as KEDA refuses");
            return null;
        }
    }

    private OffsetResetPolicy resetPolicy(ObjectNode values, YamlPath path) {
        String text = nodes.text(values, path, "offsetResetPolicy", KafkaTriggerSpec.DEFAULT_OFFSET_RESET_POLICY.yamlName(),
                "latest or earliest");
        try {
            return text == null ? null : OffsetResetPolicy.fromYaml(text);
        } catch (IllegalArgumentException refused) {
            nodes.problem(path.key("offsetResetPolicy"), "expected latest or earliest, got '" + text + "'");
            return null;
        }
    }

    /** KEDA's parsePartitionLimitation: a comma list of partitions and inclusive ranges, "0-3,7". */
    private List<Integer> partitionLimitation(JsonNode node, YamlPath path) {
        if (node == null) {
            return List.of();
        }
        String text = node.isIntegralNumber() ? node.asText() : nodes.text(node, path, "partitions like '0-3,7'");
        if (text == null) {
            return null;
        }
        TreeSet<Integer> partitions = new TreeSet<>();
        for (String part : text.split(",")) {
            String[] bounds = part.trim().split("-", -1);
            if (bounds.length > 2 || !bounds[0].matches("[0-9]{1,9}")
                    || bounds.length == 2 && !bounds[1].matches("[0-9]{1,9}")) {
                nodes.problem(path, "expected partitions and ranges like '0-3,7', got '" + text + "'");
                return null;
            }
            int from = Integer.parseInt(bounds[0]);
            int to = bounds.length == 2 ? Integer.parseInt(bounds[1]) : from;
            if (to < from || to - from > Limits.MAX_PARTITIONS_PER_TOPIC) {
                nodes.problem(path, "range " + part.trim() + " must go from a lower to a higher partition");
                return null;
            }
            for (int p = from; p <= to; p++) {
                partitions.add(p);
            }
        }
        return List.copyOf(partitions);
    }
}
