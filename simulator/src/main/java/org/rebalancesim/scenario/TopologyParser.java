package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads consumers.topology, a Kafka Streams application's sub-topologies and where their state lives, with
 * the rules Kafka's topology builder applies (docs/kafka-semantics.md §19).
 */
final class TopologyParser {

    static final List<String> TOPOLOGY_KEYS = List.of("subtopologies", "restoreRate", "stateDirectory",
            "assignWork", "restoreStartWork", "pollLateness");
    static final List<String> SUBTOPOLOGY_KEYS = List.of("source", "stateful", "changelog");
    static final List<String> CHANGELOG_KEYS = List.of("records", "perRecord", "recordBytes");
    private static final List<String> STATE_DIRECTORIES = List.of("persistent", "ephemeral");
    private static final YamlPath PATH = YamlPath.ROOT.key("consumers");

    private final YamlNodes nodes;
    private final YamlNumbers numbers;

    TopologyParser(YamlNodes nodes) {
        this.nodes = nodes;
        this.numbers = nodes.numbers();
    }

    /** The topology, or null (with problems recorded) if it is missing or invalid. */
    TopologySpec parse(JsonNode node, TopicsParser.Catalog catalog) {
        YamlPath path = PATH.key("topology");
        if (node == null) {
            nodes.problem(path, "a Streams application needs its topology, e.g. topology: {subtopologies: "
                    + "[{source: [orders], stateful: true, changelog: {records: 100000}}], restoreRate: 20000/s}");
            return null;
        }
        ObjectNode topology = nodes.map(node, path, TOPOLOGY_KEYS);
        if (topology == null) {
            return null;
        }
        List<TopologySpec.Subtopology> subtopologies = subtopologies(topology, path.key("subtopologies"), catalog);
        JsonNode rateNode = YamlNodes.optional(topology, "restoreRate");
        Double restoreRate = rateNode == null ? Double.valueOf(DEFAULT_RESTORE_RATE)
                : numbers.ratePerSecond(rateNode, path.key("restoreRate"));
        if (restoreRate != null && restoreRate <= 0) {
            nodes.problem(path.key("restoreRate"), "must be above 0/s: a pod that restores nothing never runs "
                    + "its stateful tasks");
            restoreRate = null;
        }
        String directory = nodes.text(topology, path, "stateDirectory", "persistent",
                String.join(" or ", STATE_DIRECTORIES));
        if (directory != null && !STATE_DIRECTORIES.contains(directory)) {
            nodes.problem(path.key("stateDirectory"), "expected persistent (a volume that survives the pod, as a "
                    + "StatefulSet's) or ephemeral (an emptyDir, as a Deployment's), got '" + directory + "'");
            directory = null;
        }
        DistributionParser durations = new DistributionParser(nodes);
        Distribution assignWork = durations.parse(topology, path, "assignWork", Distributions.NO_TIME);
        Distribution restoreStartWork = durations.parse(topology, path, "restoreStartWork", Distributions.NO_TIME);
        Distribution pollLateness = durations.parse(topology, path, "pollLateness", Distributions.NO_TIME);
        return YamlNodes.allPresent(subtopologies, restoreRate, directory, assignWork, restoreStartWork, pollLateness)
                ? new TopologySpec(subtopologies, restoreRate, directory.equals("persistent"), assignWork,
                        restoreStartWork, pollLateness)
                : null;
    }

    /** Records per second one instance restores when the file does not say (a conservative RocksDB figure). */
    static final double DEFAULT_RESTORE_RATE = 10_000;

    private List<TopologySpec.Subtopology> subtopologies(ObjectNode topology, YamlPath path,
                                                            TopicsParser.Catalog catalog) {
        ArrayNode list = nodes.list(YamlNodes.optional(topology, "subtopologies"), path,
                "[{source: [orders], stateful: true}]");
        if (list == null) {
            if (YamlNodes.optional(topology, "subtopologies") == null) {
                nodes.problem(path, "needs at least one sub-topology, e.g. [{source: [orders], stateful: true}]");
            }
            return null;
        }
        if (list.isEmpty()) {
            nodes.problem(path, "needs at least one sub-topology, e.g. [{source: [orders], stateful: true}]");
            return null;
        }
        List<TopologySpec.Subtopology> parsed = new ArrayList<>();
        Map<String, Integer> readBy = new HashMap<>();
        boolean ok = true;
        for (int i = 0; i < list.size(); i++) {
            TopologySpec.Subtopology one = subtopology(list.get(i), path.index(i), catalog);
            ok &= one != null;
            parsed.add(one);
            for (String topic : one == null ? List.<String>of() : one.sourceTopics()) {
                Integer other = readBy.putIfAbsent(topic, i);
                if (other != null) {
                    nodes.problem(path.index(i).key("source"), "topic '" + topic + "' is already the source of "
                            + "sub-topology " + other + ": Kafka Streams refuses a topic registered by two sources "
                            + "(TopologyException); read it in one sub-topology");
                    ok = false;
                }
            }
        }
        return ok ? parsed : null;
    }

    private TopologySpec.Subtopology subtopology(JsonNode node, YamlPath path, TopicsParser.Catalog catalog) {
        ObjectNode map = nodes.map(node, path, SUBTOPOLOGY_KEYS);
        if (map == null) {
            if (node == null || node.isNull()) {
                nodes.problem(path, "expected a sub-topology like {source: [orders], stateful: true}");
            }
            return null;
        }
        JsonNode sourceNode = YamlNodes.optional(map, "source");
        List<String> sources = null;
        if (sourceNode == null) {
            nodes.problem(path.key("source"), "a sub-topology reads at least one topic, e.g. source: [orders]");
        } else {
            sources = new References(nodes, Set.of(), catalog.partitionsByName()).topics(sourceNode,
                    path.key("source"));
        }
        Boolean stateful = nodes.bool(map, path, "stateful", false);
        ObjectNode changelog = nodes.map(YamlNodes.optional(map, "changelog"), path.key("changelog"), CHANGELOG_KEYS);
        if (changelog != null && Boolean.FALSE.equals(stateful)) {
            nodes.problem(path.key("changelog"), "only a stateful sub-topology has a changelog: add stateful: true "
                    + "or remove changelog");
            return null;
        }
        Long records = StreamsParser.wholeAtLeastZero(nodes, changelog, path.key("changelog"), "records", 0);
        JsonNode perRecordNode = YamlNodes.optional(changelog, "perRecord");
        Double perRecord = perRecordNode == null ? Double.valueOf(1)
                : numbers.number(perRecordNode, path.key("changelog").key("perRecord"), Double.NEGATIVE_INFINITY);
        if (perRecord != null && perRecord < 0) {
            nodes.problem(path.key("changelog").key("perRecord"), "must be at least 0 (changelog records written "
                    + "per input record), got " + perRecord);
            perRecord = null;
        }
        Long recordBytes = StreamsParser.whole(nodes, changelog, path.key("changelog"), "recordBytes",
                TopologySpec.DEFAULT_CHANGELOG_RECORD_BYTES, 1, Integer.MAX_VALUE);
        return YamlNodes.allPresent(sources, stateful, records, perRecord, recordBytes)
                ? new TopologySpec.Subtopology(sources, stateful, records, perRecord, recordBytes) : null;
    }
}
