package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads {@code timeline:}, entries of {@code at:} plus exactly one operation. Entries are put in time
 * order first (stable: file order for equal times), because pods started by {@code start} are
 * numbered in that order and every later reference is checked against them. An anchored entry
 * ({@code at: {after: stable, plus: 10s}}) is put at the earliest time it can happen.
 */
final class TimelineParser {

    static final List<String> OPERATIONS = Operations.names();
    private static final List<String> ENTRY_KEYS = keys();
    private static final YamlPath PATH = YamlPath.ROOT.key("timeline");
    private static final String EXAMPLE = "[{at: 2m, crash: {consumer: c2}}]";

    /**
     * @param events  in time order, or null if any entry is invalid
     * @param allPods the initial pods, then those started by the timeline; null if unknown
     */
    record Result(List<TimelineEvent> events, List<String> allPods) {
    }

    /** An entry whose time and operation type are known but whose operation is not read yet. */
    private record Entry(YamlPath path, int fileIndex, long sortMs, TimelineAtParser.At at, OperationType<?> type,
                         JsonNode body) {
        YamlPath bodyPath() {
            return path.key(type.name());
        }
    }

    private final YamlNodes nodes;

    TimelineParser(YamlNodes nodes) {
        this.nodes = nodes;
    }

    private static List<String> keys() {
        List<String> keys = new ArrayList<>(List.of("at"));
        keys.addAll(OPERATIONS);
        return List.copyOf(keys);
    }

    /**
     * @param initialPods the pods of {@code consumers:}, null if invalid
     * @param durationMs  the run's length, null if invalid
     */
    Result parse(JsonNode root, List<String> initialPods, Long durationMs, ClusterSpec cluster,
                 TopicsParser.Catalog catalog) {
        int problemsBefore = nodes.problems().count();
        ArrayNode list = nodes.list(YamlNodes.optional(root, "timeline"), PATH, EXAMPLE);
        List<Entry> entries = list == null ? List.of() : entries(list, durationMs);
        Set<String> pods = initialPods == null ? null : new LinkedHashSet<>(initialPods);
        List<Operation.Start> starts = startPods(entries, pods);
        References references = new References(nodes, pods, catalog.partitionsByName());
        OperationParser operations = new OperationParser(nodes, references, cluster, starts, catalog.createdLater());
        Map<Integer, Integer> positionOfFileIndex = new HashMap<>();
        for (int i = 0; i < entries.size(); i++) {
            positionOfFileIndex.put(entries.get(i).fileIndex, i);
        }
        List<TimelineEvent> events = new ArrayList<>();
        for (Entry entry : entries) {
            Operation operation = operations.parse(entry.type, entry.body, entry.bodyPath());
            events.add(new TimelineEvent(entry.sortMs, operation, anchor(entry, positionOfFileIndex)));
        }
        boolean valid = nodes.problems().count() == problemsBefore
                && events.stream().allMatch(event -> event.operation() != null);
        return new Result(valid ? events : null, pods == null ? null : List.copyOf(pods));
    }

    private static TimelineEvent.Anchor anchor(Entry entry, Map<Integer, Integer> positionOfFileIndex) {
        TimelineAtParser.At at = entry.at;
        if (at == null || at.after() == null) {
            return null;
        }
        int previous = at.after().needsPrevious() ? positionOfFileIndex.getOrDefault(entry.fileIndex - 1, -1) : -1;
        return new TimelineEvent.Anchor(at.after(), at.plusMs(), previous);
    }

    /** The entries in time order; those with an invalid time sort last (they are only checked). */
    private List<Entry> entries(ArrayNode list, Long durationMs) {
        if (list.size() > Limits.MAX_EVENTS) {
            nodes.problem(PATH, "has " + list.size() + " entries; the simulator accepts at most " + Limits.MAX_EVENTS);
            return List.of();
        }
        List<Entry> entries = new ArrayList<>();
        long previousEarliestMs = -1;
        for (int i = 0; i < list.size(); i++) {
            Entry entry = entry(list.get(i), PATH.index(i), i, previousEarliestMs, durationMs);
            if (entry != null) {
                entries.add(entry);
            }
            previousEarliestMs = entry == null || entry.sortMs == Long.MAX_VALUE ? -1 : entry.sortMs;
        }
        entries.sort(Comparator.comparingLong(Entry::sortMs));
        return entries;
    }

    private Entry entry(JsonNode node, YamlPath path, int fileIndex, long previousEarliestMs, Long durationMs) {
        if (!node.isObject()) {
            nodes.problem(path, "expected an entry like {at: 2m, crash: {consumer: c2}}, got " + NodeText.kind(node));
            return null;
        }
        ObjectNode map = nodes.map(node, path, ENTRY_KEYS);
        TimelineAtParser.At at = new TimelineAtParser(nodes).parse(map, path, fileIndex == 0);
        Long atMs = at == null ? null : at.earliestMs(previousEarliestMs);
        if (atMs != null && durationMs != null && atMs >= durationMs) {
            String when = at.after() == null ? "at " + Durations.format(atMs)
                    : "at {after: " + at.after().yamlName() + ", plus: " + Durations.format(at.plusMs())
                    + "} can happen at " + Durations.format(atMs) + " at the earliest, which";
            nodes.problem(path.key("at"), when + " is at or after the end of the run "
                    + "(duration: " + Durations.format(durationMs) + "), so the operation would never run; "
                    + "move it earlier or lengthen duration");
        }
        List<String> kinds = OPERATIONS.stream().filter(map::has).toList();
        boolean misspelled = map.size() > kinds.size() + (map.has("at") ? 1 : 0);
        if (kinds.isEmpty() && misspelled) {
            return null; // the unknown key is already reported with the closest operation name
        }
        if (kinds.size() != 1) {
            nodes.problem(path, kinds.isEmpty()
                    ? "needs one operation: " + String.join(", ", OPERATIONS)
                    : "has several operations (" + String.join(", ", kinds) + "); each entry holds exactly one, "
                    + "so write one entry per operation (they may share the same at:)");
            return null;
        }
        String kind = kinds.get(0);
        JsonNode body = map.get(kind).isNull() ? JsonNodeFactory.instance.objectNode() : map.get(kind);
        return new Entry(path, fileIndex, atMs == null ? Long.MAX_VALUE : atMs, at, Operations.named(kind), body);
    }

    /**
     * Reads every {@code start}, in time order, adding its pods to {@code pods}: counted pods continue
     * the cN numbering after the highest cK so far. Null entries for invalid starts.
     */
    private List<Operation.Start> startPods(List<Entry> entries, Set<String> pods) {
        List<Operation.Start> starts = new ArrayList<>();
        // Kept up to date rather than recomputed, so 100,000 one-pod starts stay linear.
        int highestNumber = pods == null ? 0 : PodNames.highestNumber(pods);
        for (Entry entry : entries) {
            if (entry.type == Operations.START) {
                List<String> started = startedPods(entry.body, entry.bodyPath(), pods, highestNumber);
                if (started != null) {
                    highestNumber = Math.max(highestNumber, PodNames.highestNumber(started));
                }
                starts.add(started == null ? null : new Operation.Start(started));
            }
        }
        return starts;
    }

    /**
     * The pods a start adds: {@code count: N}, or {@code consumer:} a new pod's name or a list of them, the key
     * every other operation names its pods with ({@code consumers:} is the older spelling, still read).
     */
    private List<String> startedPods(JsonNode body, YamlPath path, Set<String> pods, int highestNumber) {
        List<String> keys = List.of("count", "consumer", "consumers");
        ObjectNode map = nodes.map(body, path, keys);
        if (map == null) {
            return null;
        }
        JsonNode count = YamlNodes.optional(map, "count");
        String namesKey = YamlNodes.optional(map, "consumers") != null ? "consumers" : "consumer";
        JsonNode names = YamlNodes.optional(map, namesKey);
        if (keys.stream().filter(key -> YamlNodes.optional(map, key) != null).count() != 1) {
            nodes.problem(path, "needs exactly one of count: N (new pods named after the highest cK so far) "
                    + "or consumer: a new pod's name or a list of them ([c7, c8])");
            return null;
        }
        Set<String> existing = pods == null ? Set.of() : pods;
        JsonNode list = names != null && names.isTextual() ? JsonNodeFactory.instance.arrayNode().add(names) : names;
        List<String> started = count != null ? startedByCount(count, path.key("count"), highestNumber)
                : new ConsumersParser(nodes).newPodNames(list, path.key(namesKey), existing);
        if (started != null && pods != null) {
            if (pods.size() + started.size() > Limits.MAX_CONSUMERS) {
                nodes.problem(path, "would make " + (pods.size() + started.size()) + " pods; the simulator accepts "
                        + "at most " + Limits.MAX_CONSUMERS);
                return null;
            }
            pods.addAll(started);
        }
        return started;
    }

    private List<String> startedByCount(JsonNode count, YamlPath path, int highestNumber) {
        Integer pods = nodes.numbers().integer(count, path, 1, Limits.MAX_CONSUMERS);
        return pods == null ? null : PodNames.numbered(highestNumber, pods);
    }
}
