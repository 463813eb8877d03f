package org.rebalancesim.scenario;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads {@code partition.assignment.strategy}: Kafka's assignor names ({@code range}, ...) or their
 * class names, normalized to the short names, in the user's preference order. Any other class name
 * is a user's assignor and kept as written: whether it loads depends on the jars given to the CLI,
 * so the CLI checks that, not the loader.
 */
final class AssignorNames {

    private static final List<String> SHORT_NAMES = KafkaAssignor.shortNames();
    /** Kafka's default partition.assignment.strategy. */
    static final List<String> DEFAULT = List.of(KafkaAssignor.RANGE.shortName(),
            KafkaAssignor.COOPERATIVE_STICKY.shortName());
    /** Dotted Java identifiers; '$' is an identifier character, so nested classes (Outer$Inner) match. */
    private static final Pattern CLASS_NAME = Pattern.compile(
            "\\p{javaJavaIdentifierStart}\\p{javaJavaIdentifierPart}*(\\.\\p{javaJavaIdentifierStart}\\p{javaJavaIdentifierPart}*)+");
    private static final List<String> CLASS_NAMES = Arrays.stream(KafkaAssignor.values())
            .map(KafkaAssignor::className).sorted().toList();

    private AssignorNames() {
    }

    /** Whether {@code name} is a dotted Java class name (com.example.MyAssignor, Outer$Inner). */
    static boolean isClassName(String name) {
        return CLASS_NAME.matcher(name).matches();
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
        Optional<KafkaAssignor> kafkas = KafkaAssignor.named(name);
        if (kafkas.isPresent()) {
            return kafkas.get().shortName();
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
        if (name.startsWith(KafkaAssignor.PACKAGE) && name.indexOf('.', KafkaAssignor.PACKAGE.length()) < 0) {
            nodes.problem(path, "'" + name + "' is not one of Kafka's assignors; "
                    + KeySuggester.hint(name, CLASS_NAMES, "Kafka's assignors"));
            return null;
        }
        // A user's assignor: the CLI loads it from --classpath before anything runs.
        return name;
    }
}
