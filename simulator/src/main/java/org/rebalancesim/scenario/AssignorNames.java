package org.rebalancesim.scenario;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads {@code partition.assignment.strategy}: Kafka's assignor names ({@code range}, ...) or their
 * class names, normalized to the short names, in the user's preference order. Any other class name
 * is a user's assignor and kept as written: whether it loads depends on the jars given to the CLI,
 * so the CLI checks that, not the loader.
 */
final class AssignorNames {

    static final String COOPERATIVE_STICKY = "cooperative-sticky";
    static final List<String> SHORT_NAMES = List.of("range", "roundrobin", "sticky", COOPERATIVE_STICKY);
    static final List<String> DEFAULT = List.of("range", COOPERATIVE_STICKY);
    private static final String KAFKA_PACKAGE = "org.apache.kafka.clients.consumer.";
    /** Dotted Java identifiers; '$' is an identifier character, so nested classes (Outer$Inner) match. */
    private static final Pattern CLASS_NAME = Pattern.compile(
            "\\p{javaJavaIdentifierStart}\\p{javaJavaIdentifierPart}*(\\.\\p{javaJavaIdentifierStart}\\p{javaJavaIdentifierPart}*)+");
    private static final Map<String, String> BY_CLASS_NAME = Map.of(
            "org.apache.kafka.clients.consumer.RangeAssignor", "range",
            "org.apache.kafka.clients.consumer.RoundRobinAssignor", "roundrobin",
            "org.apache.kafka.clients.consumer.StickyAssignor", "sticky",
            "org.apache.kafka.clients.consumer.CooperativeStickyAssignor", COOPERATIVE_STICKY);

    private AssignorNames() {
    }

    /** The short names, or null with problems recorded. */
    static List<String> normalize(List<String> written, YamlPath path, YamlNodes nodes) {
        List<String> normalized = new ArrayList<>();
        for (String name : written) {
            String shortName = shortName(name, path, nodes);
            if (shortName == null) {
                return null;
            }
            normalized.add(shortName);
        }
        Set<String> distinct = new LinkedHashSet<>(normalized);
        if (distinct.size() < normalized.size()) {
            nodes.problem(path, "the same assignor is listed twice in " + written);
            return null;
        }
        return normalized;
    }

    private static String shortName(String name, YamlPath path, YamlNodes nodes) {
        if (SHORT_NAMES.contains(name)) {
            return name;
        }
        if (BY_CLASS_NAME.containsKey(name)) {
            return BY_CLASS_NAME.get(name);
        }
        if (!name.contains(".")) {
            String hint = KeySuggester.closest(name, SHORT_NAMES).map(match -> "did you mean '" + match + "'?")
                    .orElse("known assignors: " + String.join(", ", SHORT_NAMES) + ", or the class name of your own "
                            + "(such as com.example.MyAssignor) with its jar given by --classpath");
            nodes.problem(path, "unknown assignor '" + name + "'; " + hint);
            return null;
        }
        if (!CLASS_NAME.matcher(name).matches()) {
            nodes.problem(path, "'" + name + "' is not a Java class name (such as com.example.MyAssignor)");
            return null;
        }
        // Kafka's package holds no other concrete assignor, so a name there is a typo, and it is
        // cheaper to say so now than to fail to load it later.
        if (name.startsWith(KAFKA_PACKAGE) && name.indexOf('.', KAFKA_PACKAGE.length()) < 0) {
            nodes.problem(path, "'" + name + "' is not one of Kafka's assignors; "
                    + KeySuggester.hint(name, BY_CLASS_NAME.keySet().stream().sorted().toList(), "Kafka's assignors"));
            return null;
        }
        // A user's assignor: the CLI loads it from --classpath before anything runs.
        return name;
    }
}
