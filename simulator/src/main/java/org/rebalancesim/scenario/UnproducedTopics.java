package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * A topic without {@code rate:} is valid (nothing is produced to it: a group that only rebalances), but it is
 * rarely what was meant, since its partitions then have no records, no lag and no duplicates to measure: said as a
 * warning, never a refusal.
 */
final class UnproducedTopics {

    private UnproducedTopics() {
    }

    static List<Problem> warnings(String file, JsonNode variant) {
        List<Problem> warnings = new ArrayList<>();
        JsonNode topics = YamlNodes.optional(variant, "topics");
        if (topics == null || !topics.isArray()) {
            return warnings;
        }
        for (int i = 0; i < topics.size(); i++) {
            JsonNode topic = topics.get(i);
            if (topic.isObject() && YamlNodes.optional(topic, "rate") == null) {
                String name = topic.path("name").asText("");
                warnings.add(new Problem(file, YamlPath.ROOT.key("topics").index(i).toString(), "no rate: nothing is "
                        + "produced to " + (name.isEmpty() ? "this topic" : name) + ", so its partitions have no "
                        + "records, lag or duplicates to measure; add rate: (50/s, or a schedule) if records were meant"));
            }
        }
        return warnings;
    }
}
