package org.rebalancesim.importer;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * A Kafka Streams scenario needs {@code consumers.topology}, which no properties file or manifest holds: the
 * import writes the smallest valid one, a single stateless sub-topology reading every topic, marked TODO, so the
 * file loads and the user sees where their sub-topologies and state go.
 */
final class StreamsTopologyPlaceholder {

    private static final TreePath TOPOLOGY = TreePath.of("consumers", "topology");

    private StreamsTopologyPlaceholder() {
    }

    static void add(ObjectNode consumers, List<String> topics, WorkloadImport.Workload workload, YamlComments comments,
                    ImportLog log, String propertiesFile) {
        ObjectNode topology = consumers.putObject("topology");
        ObjectNode subtopology = topology.putArray("subtopologies").addObject();
        if (topics.size() == 1) {
            subtopology.put("source", topics.get(0));
        } else {
            topics.forEach(subtopology.putArray("source")::add);
        }
        comments.above(TOPOLOGY, "TODO: a placeholder, one stateless sub-topology reading every topic. Write yours:");
        comments.above(TOPOLOGY, "its sub-topologies in order, each with its source topics, whether it is stateful and");
        comments.above(TOPOLOGY, "its changelog (docs/scenario-format.md, \"consumers.topology\").");
        comments.trailing(TOPOLOGY.key("subtopologies").index(0).key("source"), "TODO");
        if (workload != null && workload.kind().equals(WorkloadImport.DEPLOYMENT)) {
            topology.put("stateDirectory", "ephemeral");
            comments.trailing(TOPOLOGY.key("stateDirectory"), "a Deployment's pods keep state.dir on an emptyDir; "
                    + "persistent if it is on a volume that outlives the pod");
        }
        log.warning(propertiesFile, "", "a Kafka Streams application needs its topology, which no input holds: "
                + "consumers.topology is a placeholder (one stateless sub-topology); fill it in");
    }
}
