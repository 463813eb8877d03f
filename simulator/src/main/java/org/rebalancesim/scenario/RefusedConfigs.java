package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Consumer configs the Kafka client refuses under a group.protocol (docs/kafka-semantics.md §24):
 * Kafka 4.4.0's {@code ConsumerConfig.postProcessParsedConfig} throws a ConfigException ("X cannot be
 * set when group.protocol=CONSUMER") for each one given a non-blank value. The simulator runs without
 * them; {@link #check} decides whether a variant that has one gets an error or a warning.
 *
 * <p>An error where the variant writes the config itself (or the file has no variants): that variant
 * asks for a consumer no real Kafka client starts. A warning where the variant inherits it from the
 * file's shared part (a shared {@code session.timeout.ms} for the classic variants of a file that
 * compares protocols): the variant runs without it, as its real consumers would be configured, so one
 * file can still compare the protocols.
 */
public final class RefusedConfigs {

    /** One refused config: its name, the protocol that refuses it, and what is in force instead. */
    record Refused(String key, GroupProtocolName protocol, String instead) {
    }

    private static final List<Refused> ALL = List.of(
            new Refused("partition.assignment.strategy", GroupProtocolName.CONSUMER,
                    "the broker assigns (group.remote.assignor, else the first of group.consumer.assignors)"),
            new Refused("heartbeat.interval.ms", GroupProtocolName.CONSUMER,
                    "the broker's group.consumer.heartbeat.interval.ms is in force"),
            new Refused("session.timeout.ms", GroupProtocolName.CONSUMER,
                    "the broker's group.consumer.session.timeout.ms is in force"),
            new Refused("group.remote.assignor", GroupProtocolName.CLASSIC,
                    "the leader assigns with partition.assignment.strategy"));

    private static final YamlPath CONSUMERS = YamlPath.ROOT.key("consumers");

    private RefusedConfigs() {
    }

    /** Whether Kafka's client refuses {@code key} under {@code protocol}. */
    public static boolean refuses(GroupProtocolName protocol, String key) {
        return ALL.stream().anyMatch(refused -> refused.protocol == protocol && refused.key.equals(key));
    }

    /** How the report shows such a config: "not applicable (Kafka refuses it under group.protocol consumer)". */
    public static String notApplicable(GroupProtocolName protocol) {
        return "not applicable (Kafka refuses it under group.protocol " + protocol.kafkaName() + ")";
    }

    /**
     * Records an error in {@code problems}, or returns a warning, for each refused config of the merged
     * variant tree (in {@code consumers.config}, then each pod of {@code consumers.overrides}).
     *
     * @param definition the variant as written
     * @param explicit   false for the file's only variant (no {@code variants:}), whose configs are all its own
     */
    static List<Problem> check(String file, ObjectNode merged, VariantListParser.Definition definition,
                               boolean explicit, Problems problems) {
        GroupProtocolName protocol = protocolOf(merged);
        List<Problem> warnings = new ArrayList<>();
        if (protocol == null) {
            return warnings; // an invalid group.protocol is the parser's problem
        }
        JsonNode consumers = YamlNodes.optional(merged, "consumers");
        for (Map.Entry<YamlPath, JsonNode> block : blocks(consumers).entrySet()) {
            for (Refused refused : ALL) {
                JsonNode value = YamlNodes.optional(block.getValue(), refused.key);
                if (refused.protocol != protocol || value == null || value.isTextual() && value.asText().isBlank()) {
                    continue;
                }
                YamlPath path = block.getKey().key(refused.key);
                boolean ownedByVariant = !explicit || VariantMerger.writtenBy(definition.override(), path);
                String kafka = "Kafka's consumer refuses " + refused.key + " under group.protocol "
                        + protocol.kafkaName() + " (ConfigException: " + refused.key + " cannot be set when "
                        + "group.protocol=" + protocol.kafkaName().toUpperCase(Locale.ROOT) + ")";
                if (ownedByVariant) {
                    problems.add(path, kafka + "; " + refused.instead + ": remove it, or move it to a config "
                            + "only the " + other(protocol) + " variants use");
                } else {
                    warnings.add(new Problem(file, path.toString(), "variant " + definition.name()
                            + " inherits it; " + kafka + "; this run ignores it: " + refused.instead));
                }
            }
        }
        return warnings;
    }

    private static String other(GroupProtocolName protocol) {
        return protocol == GroupProtocolName.CONSUMER ? "classic" : "consumer";
    }

    private static GroupProtocolName protocolOf(ObjectNode merged) {
        JsonNode node = YamlNodes.optional(YamlNodes.optional(YamlNodes.optional(merged, "consumers"), "config"),
                "group.protocol");
        if (node == null) {
            return GroupProtocolName.CLASSIC;
        }
        return node.isTextual() ? GroupProtocolName.named(node.asText()).orElse(null) : null;
    }

    /** consumers.config, then consumers.overrides.&lt;pod&gt; in file order. */
    private static Map<YamlPath, JsonNode> blocks(JsonNode consumers) {
        Map<YamlPath, JsonNode> blocks = new LinkedHashMap<>();
        JsonNode config = YamlNodes.optional(consumers, "config");
        if (config != null && config.isObject()) {
            blocks.put(CONSUMERS.key("config"), config);
        }
        JsonNode overrides = YamlNodes.optional(consumers, "overrides");
        if (overrides != null && overrides.isObject()) {
            overrides.properties().forEach(pod -> {
                if (pod.getValue().isObject()) {
                    blocks.put(CONSUMERS.key("overrides").key(pod.getKey()), pod.getValue());
                }
            });
        }
        return blocks;
    }
}
