package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Resolves a key typed on the command line to a place in a scenario file. A key is a consumer config
 * by its Kafka name ({@code session.timeout.ms}: under {@code consumers.config}), a Kafka Streams config
 * ({@code num.standby.replicas}: there too), a broker config
 * ({@code group.initial.rebalance.delay.ms}: under {@code cluster.config}), or a YAML path
 * ({@code consumers.count}, {@code topics[0].partitions}, {@code cluster.config.X}). Kafka names
 * contain dots, so a path is split where the file's own keys (or, in a config map, the Kafka names)
 * say, not at every dot.
 */
final class SettingKeys {

    private static final YamlPath CONSUMER_CONFIG = YamlPath.ROOT.key("consumers").key("config");
    private static final YamlPath BROKER_CONFIG = YamlPath.ROOT.key("cluster").key("config");
    private static final Pattern PART = Pattern.compile("([^\\[\\]]+)((?:\\[\\d{1,9}\\])*)");
    private static final Pattern INDEX = Pattern.compile("\\[(\\d+)\\]");
    private static final String WHAT_A_KEY_IS = "a key is a consumer config (session.timeout.ms, ...), a Kafka "
            + "Streams config (num.standby.replicas, ...), a broker config (group.initial.rebalance.delay.ms, ...) "
            + "or a YAML path (consumers.count, "
            + "topics[0].partitions, cluster.config.X, ...)";

    /** Why a key cannot be resolved; the message says what to type instead. */
    static final class UnknownKeyException extends Exception {
        private static final long serialVersionUID = 1L;

        UnknownKeyException(String message) {
            super(message);
        }
    }

    private SettingKeys() {
    }

    /** @param root the file's tree: its keys decide how a dotted path splits, its lists how far an index goes */
    static SettingKey resolve(String typed, JsonNode root) throws UnknownKeyException {
        String key = typed.strip();
        if (ConsumerConfigParser.KEYS.contains(key)) {
            return new SettingKey(typed, CONSUMER_CONFIG.key(key), true);
        }
        if (StreamsParser.CONFIG_KEYS.contains(key)) {
            // A Kafka Streams application's setting, one for every instance (Streams apps have no overrides).
            return new SettingKey(typed, CONSUMER_CONFIG.key(key), false);
        }
        if (ClusterParser.CONFIG_KEYS.contains(key)) {
            return new SettingKey(typed, BROKER_CONFIG.key(key), false);
        }
        List<Object> elements = elements(key);
        String first = (String) elements.get(0);
        if (ScenarioLoader.SCENARIO_KEYS.contains(first)) {
            throw new UnknownKeyException("'" + first + "' describes the whole scenario and cannot be set"
                    + (first.equals("seed") ? "; --seeds N runs seeds seed..seed+N-1" : "; " + WHAT_A_KEY_IS));
        }
        if (!VariantParser.KEYS.contains(first)) {
            throw new UnknownKeyException("unknown key '" + key + "'; " + suggestion(key) + WHAT_A_KEY_IS);
        }
        YamlPath path = walk(elements, root);
        boolean consumerConfig = path.segments().size() == 3 && path.segments().subList(0, 2)
                .equals(CONSUMER_CONFIG.segments());
        return new SettingKey(typed, path, consumerConfig);
    }

    private static String suggestion(String key) {
        List<String> known = new ArrayList<>(ConsumerConfigParser.KEYS);
        known.addAll(StreamsParser.CONFIG_KEYS);
        known.addAll(ClusterParser.CONFIG_KEYS);
        known.addAll(VariantParser.KEYS);
        Optional<String> closest = KeySuggester.closest(key, known);
        return closest.map(match -> "did you mean '" + match + "'? ").orElse("");
    }

    /** "topics[0].partitions" becomes "topics", 0, "partitions"; names are Strings, indexes Integers. */
    private static List<Object> elements(String key) throws UnknownKeyException {
        List<Object> elements = new ArrayList<>();
        for (String part : key.split("\\.", -1)) {
            Matcher matcher = PART.matcher(part);
            if (!matcher.matches()) {
                throw new UnknownKeyException("'" + key + "' is not a key or a YAML path; " + WHAT_A_KEY_IS);
            }
            elements.add(matcher.group(1));
            Matcher index = INDEX.matcher(matcher.group(2));
            while (index.find()) {
                elements.add(Integer.valueOf(index.group(1)));
            }
        }
        return elements;
    }

    private static YamlPath walk(List<Object> elements, JsonNode root) throws UnknownKeyException {
        YamlPath path = YamlPath.ROOT;
        JsonNode node = root;
        int i = 0;
        while (i < elements.size()) {
            if (elements.get(i) instanceof Integer index) {
                node = item(node, path, index);
                path = path.index(index);
                i++;
                continue;
            }
            List<String> known = knownKeys(path);
            int take = isConfigMap(path) && namesOnly(elements, i) ? elements.size() - i
                    : longestKeyInFile(node, elements, i);
            String key = join(elements, i, take);
            if (known != null && !known.contains(key) && (node == null || !node.has(key))) {
                throw new UnknownKeyException("unknown key '" + key + "'" + (path.equals(YamlPath.ROOT) ? "" : " in "
                        + path) + "; " + KeySuggester.hint(key, known, "known keys"));
            }
            path = path.key(key);
            node = node == null ? null : node.get(key);
            i += take;
        }
        return path;
    }

    private static JsonNode item(JsonNode node, YamlPath path, int index) throws UnknownKeyException {
        if (!(node instanceof ArrayNode list)) {
            throw new UnknownKeyException(path + " is not a list in the file, so [" + index + "] names nothing");
        }
        if (index >= list.size()) {
            throw new UnknownKeyException(path + " has " + list.size() + " entr" + (list.size() == 1 ? "y" : "ies")
                    + ", so [" + index + "] is out of range; the first is [0]");
        }
        return list.get(index);
    }

    /** The keys a map at {@code path} may have, where one list holds them all; null elsewhere. */
    private static List<String> knownKeys(YamlPath path) {
        List<Object> segments = path.segments();
        if (segments.isEmpty()) {
            return VariantParser.KEYS;
        }
        if (isConfigMap(path)) {
            return segments.get(0).equals("cluster") ? ClusterParser.CONFIG_KEYS : ConsumerConfigParser.KEYS;
        }
        if (segments.size() == 1) {
            return switch ((String) segments.get(0)) {
                case "consumers" -> ConsumersParser.KEYS;
                case "cluster" -> ClusterParser.KEYS;
                default -> null;
            };
        }
        boolean topic = segments.size() == 2 && segments.get(0).equals("topics") && segments.get(1) instanceof Integer;
        return topic ? TopicsParser.KEYS : null;
    }

    /** consumers.config, cluster.config and consumers.overrides.POD hold Kafka names, dots included. */
    private static boolean isConfigMap(YamlPath path) {
        List<Object> segments = path.segments();
        return path.equals(CONSUMER_CONFIG) || path.equals(BROKER_CONFIG)
                || segments.size() == 3 && segments.get(0).equals("consumers") && segments.get(1).equals("overrides")
                && segments.get(2) instanceof String;
    }

    private static boolean namesOnly(List<Object> elements, int from) {
        return elements.subList(from, elements.size()).stream().allMatch(String.class::isInstance);
    }

    /** How many dotted names from {@code from} make the longest key the map has; 1 if none does. */
    private static int longestKeyInFile(JsonNode node, List<Object> elements, int from) {
        if (node != null && node.isObject()) {
            for (int take = elements.size() - from; take > 1; take--) {
                if (namesOnly(elements.subList(0, from + take), from) && node.has(join(elements, from, take))) {
                    return take;
                }
            }
        }
        return 1;
    }

    private static String join(List<Object> elements, int from, int count) {
        StringBuilder key = new StringBuilder();
        for (int i = from; i < from + count; i++) {
            key.append(i == from ? "" : ".").append(elements.get(i));
        }
        return key.toString();
    }
}
