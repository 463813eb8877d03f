package org.rebalancesim.scenario;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads {@code partition.assignment.strategy}: Kafka's assignor names ({@code range}, ...) or their
 * class names, normalized to the short names, in the user's preference order.
 */
final class AssignorNames {

    static final String COOPERATIVE_STICKY = "cooperative-sticky";
    static final List<String> SHORT_NAMES = List.of("range", "roundrobin", "sticky", COOPERATIVE_STICKY);
    static final List<String> DEFAULT = List.of("range", COOPERATIVE_STICKY);
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
        if (name.contains(".")) {
            nodes.problem(path, "custom assignors are not supported yet: '" + name + "'; use range, roundrobin, "
                    + "sticky or cooperative-sticky (or Kafka's class names for them)");
        } else {
            nodes.problem(path, "unknown assignor '" + name + "'; "
                    + KeySuggester.hint(name, SHORT_NAMES, "known assignors"));
        }
        return null;
    }
}
