package org.rebalancesim.importer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.rebalancesim.scenario.ConsumerConfig;
import org.rebalancesim.scenario.KeySuggester;
import org.rebalancesim.scenario.ModelledConfigs;

/**
 * A consumer.properties or Kafka Streams properties file → {@code consumers.config}, the group id and whether
 * the pods run Kafka Streams. Every key the model reads is kept, under its Kafka name; the others are left out
 * and listed, in one warning for Kafka's own configs the model does not read and one for keys that are no Kafka
 * config (often a typo, so the closest real name is suggested).
 */
final class PropertiesImport {

    private static final String GROUP_ID = "group.id";
    private static final String APPLICATION_ID = "application.id";
    /** A Streams key that is also a consumer config and means the Streams setting (classic or streams). */
    private static final String GROUP_PROTOCOL = "group.protocol";
    private static final String GROUP_INSTANCE_ID = "group.instance.id";
    /** ${HOSTNAME}, ${POD_NAME}, ${env:HOSTNAME} (Kafka's EnvVarConfigProvider style) and $(POD_NAME). */
    private static final Pattern POD_PLACEHOLDERS = Pattern.compile(
            "\\$\\{(env:)?(HOSTNAME|POD_NAME)}|\\$\\((HOSTNAME|POD_NAME)\\)");
    /** Written as Java writes it (no leading zero, no plus), so the number reads back as the same text. */
    private static final Pattern WHOLE = Pattern.compile("-?(0|[1-9][0-9]{0,17})");

    /**
     * What the file says.
     *
     * @param file    the file as the command line named it
     * @param streams whether it configures a Kafka Streams application
     * @param groupId the group id (group.id, or a Streams application.id), or null when it sets none
     * @param groupIdKey the key the group id came from
     * @param config  consumers.config, in the file's order
     * @param keys    for each key of config, the key of the file it came from (a Streams prefix may differ)
     */
    record Imported(String file, boolean streams, String groupId, String groupIdKey, ObjectNode config,
                    Map<String, String> keys) {
    }

    private final String file;
    private final ImportLog log;
    private final boolean streams;
    private final ObjectNode config = JsonNodeFactory.instance.objectNode();
    private final Map<String, String> keys = new LinkedHashMap<>();
    /** For Streams: how specific the prefix of each kept consumer key was (main.consumer. > consumer. > none). */
    private final Map<String, Integer> rank = new LinkedHashMap<>();
    private final List<String> notModelled = new ArrayList<>();
    private final List<String> unknown = new ArrayList<>();
    private final List<String> streamsSets = new ArrayList<>();
    private String groupId;
    private String groupIdKey;

    private PropertiesImport(String file, Map<String, String> entries, ImportLog log) {
        this.file = file;
        this.log = log;
        this.streams = entries.keySet().stream().anyMatch(KafkaConfigNames.STREAMS_ONLY::contains);
    }

    static Imported read(String file, Map<String, String> entries, ImportLog log) {
        PropertiesImport reader = new PropertiesImport(file, entries, log);
        entries.forEach(reader::entry);
        reader.warnLeftOut();
        return new Imported(file, reader.streams, reader.groupId, reader.groupIdKey, reader.config, reader.keys);
    }

    private void entry(String key, String value) {
        if (key.isEmpty()) {
            return;
        }
        if (key.equals(streams ? APPLICATION_ID : GROUP_ID)) {
            groupId = value;
            groupIdKey = key;
            return;
        }
        if (streams) {
            streamsEntry(key, value);
        } else if (ModelledConfigs.consumerKeys().contains(key)) {
            keep(key, key, value, 0);
        } else if (KafkaConfigNames.CONSUMER.contains(key)) {
            notModelled.add(key);
        } else {
            unknown.add(key + KeySuggester.closest(key, KafkaConfigNames.CONSUMER).map(s -> " (did you mean " + s + "?)")
                    .orElse(""));
        }
    }

    /**
     * Streams reads its own keys and passes the consumer's on to its consumers, a {@code main.consumer.} key
     * winning over a {@code consumer.} one, which wins over the bare key (StreamsConfig#getMainConsumerConfigs).
     */
    private void streamsEntry(String key, String value) {
        if (ModelledConfigs.streamsKeys().contains(key)) {
            keep(key, key, value, 0);
            return;
        }
        String bare = key;
        int specificity = 0;
        for (int i = 0; i < 2; i++) {
            String prefix = KafkaConfigNames.STREAMS_CONSUMER_PREFIXES.get(i);
            if (key.startsWith(prefix)) {
                bare = key.substring(prefix.length());
                specificity = 2 - i;
            }
        }
        boolean modelled = ModelledConfigs.consumerKeys().contains(bare) && !(specificity > 0 && bare.equals(GROUP_PROTOCOL));
        if (bare.equals(GROUP_ID) || modelled && ModelledConfigs.consumerKeysStreamsSets().contains(bare)) {
            streamsSets.add(key);
        } else if (modelled) {
            keep(bare, key, value, specificity);
        } else if (KafkaConfigNames.isStreamsConfig(key)) {
            notModelled.add(key);
        } else {
            unknown.add(key + KeySuggester.closest(key, KafkaConfigNames.streamsNames())
                    .map(s -> " (did you mean " + s + "?)").orElse(""));
        }
    }

    private void keep(String configKey, String fileKey, String value, int specificity) {
        if (rank.containsKey(configKey) && rank.get(configKey) > specificity) {
            return;
        }
        rank.put(configKey, specificity);
        config.set(configKey, typed(configKey.equals(GROUP_INSTANCE_ID) ? podNamed(value) : value));
        keys.put(configKey, fileKey);
    }

    /**
     * A group.instance.id is usually made per pod when the file is rendered, from the pod's hostname (its name, on
     * Kubernetes) or an env var the pod spec fills from metadata.name: those placeholders become the scenario's
     * {@code $(POD_NAME)}; a literal stays as it is (the loader refuses it for more than one pod, as Kafka fences).
     */
    static String podNamed(String value) {
        return POD_PLACEHOLDERS.matcher(value).replaceAll(Matcher.quoteReplacement(ConsumerConfig.POD_NAME));
    }

    /**
     * A properties value is text; the scenario wants YAML's types where Kafka's config has them ("Whole numbers
     * must be YAML integers"), so whole numbers and booleans are written as such and the rest as text.
     */
    static JsonNode typed(String value) {
        if (WHOLE.matcher(value).matches()) {
            long number = Long.parseLong(value);
            return number == (int) number ? IntNode.valueOf((int) number) : LongNode.valueOf(number);
        }
        String lower = value.toLowerCase(Locale.ROOT);
        if (lower.equals("true") || lower.equals("false")) {
            return BooleanNode.valueOf(lower.equals("true"));
        }
        return TextNode.valueOf(value);
    }

    private void warnLeftOut() {
        if (!streamsSets.isEmpty()) {
            log.warning(file, "", "Kafka Streams sets these itself and ignores the application's value (its own "
                    + "assignor, commits every commit.interval.ms, application.id as the group id), left out: "
                    + String.join(", ", streamsSets));
        }
        if (!notModelled.isEmpty()) {
            log.warning(file, "", "not modelled, left out: " + String.join(", ", notModelled));
        }
        if (!unknown.isEmpty()) {
            log.warning(file, "", "not Kafka " + (streams ? "Streams or client" : "consumer") + " configs, left out: "
                    + String.join(", ", unknown));
        }
    }
}
