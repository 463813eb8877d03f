package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * Reads a timeline entry's {@code at:}: a time from the start of the run ({@code at: 2m}), or an anchor
 * ({@code at: {after: stable, plus: 10s}}, docs/scenario-format.md "Timeline anchors").
 */
final class TimelineAtParser {

    static final String EXAMPLE = "at: 2m, or at: {after: stable, plus: 10s}";
    private static final List<String> KEYS = List.of("after", "plus");

    /**
     * A parsed {@code at:}.
     *
     * @param fixedMs the time from the start, or -1 when anchored
     * @param after   the anchor, or null for a fixed time
     * @param plusMs  the delay after the anchor (0 for a fixed time)
     */
    record At(long fixedMs, TimelineAnchor after, long plusMs) {

        /**
         * The earliest time it can happen: a settled group and a previous entry can happen at 0 at the
         * earliest, so an anchor adds its delay to 0 or to the previous entry's earliest time.
         */
        long earliestMs(long previousEarliestMs) {
            if (after == null) {
                return fixedMs;
            }
            return (after.needsPrevious() ? Math.max(0, previousEarliestMs) : 0) + plusMs;
        }
    }

    private final YamlNodes nodes;

    TimelineAtParser(YamlNodes nodes) {
        this.nodes = nodes;
    }

    /**
     * @param first whether this is the first entry in the file (it has no previous entry)
     * @return the {@code at:}, or null if it is missing or invalid (the problem is recorded)
     */
    At parse(ObjectNode entry, YamlPath path, boolean first) {
        JsonNode node = nodes.required(entry, path, "at", "when the operation happens, e.g. " + EXAMPLE);
        if (node == null) {
            return null;
        }
        YamlPath atPath = path.key("at");
        if (!node.isObject()) {
            Long atMs = nodes.numbers().durationMs(node, atPath, 0);
            return atMs == null ? null : new At(atMs, null, 0);
        }
        ObjectNode map = nodes.map(node, atPath, KEYS);
        JsonNode afterNode = nodes.required(map, atPath, "after", "the event to wait for: "
                + String.join(", ", TimelineAnchor.names()));
        String name = afterNode == null ? null : nodes.name(afterNode, atPath.key("after"), "an anchor name");
        Long plusMs = nodes.numbers().durationMs(map, atPath, "plus", 0, 0);
        if (name == null || plusMs == null) {
            return null;
        }
        TimelineAnchor after = TimelineAnchor.named(name).orElse(null);
        if (after == null) {
            nodes.problem(atPath.key("after"), "unknown anchor '" + name + "'; the accepted anchors are "
                    + String.join(", ", TimelineAnchor.names()) + " (or write a time from the start: at: 2m)");
            return null;
        }
        if (first && after.needsPrevious()) {
            nodes.problem(atPath.key("after"), "'" + name + "' refers to the entry written before this one, and "
                    + "this is the first entry of timeline:; anchor it to stable, or give a time: at: 2m");
            return null;
        }
        return new At(-1, after, plusMs);
    }
}
