package org.rebalancesim.scenario;

import java.util.List;

/**
 * A Kafka Streams application's topology as the model needs it (consumers.topology): its sub-topologies
 * and where their state lives. Kafka numbers the sub-topologies 0, 1, ... in the order they are listed,
 * and makes one task per partition of a sub-topology's source topics: task {@code s_p} reads partition p
 * of each of them (DefaultPartitionGrouper; docs/kafka-semantics.md §19).
 *
 * @param subtopologies        in Kafka's numbering order
 * @param restoreRecordsPerSec how fast one instance replays changelog records into its stores, shared by
 *                             the tasks it restores at once (one restore consumer per instance)
 * @param persistentState      whether the state directory survives a restart of the pod (a StatefulSet's
 *                             persistent volume) or starts empty (a Deployment's emptyDir)
 */
public record TopologySpec(List<Subtopology> subtopologies, double restoreRecordsPerSec, boolean persistentState) {

    /**
     * @param sourceTopics       the topics it reads
     * @param stateful           whether its tasks have a state store (with a changelog)
     * @param changelogRecords   records in each task's changelog when the scenario starts
     * @param changelogPerRecord changelog records written per input record processed (1 for an aggregation
     *                           that writes every update; less with record caches or compaction)
     */
    public record Subtopology(List<String> sourceTopics, boolean stateful, long changelogRecords,
                              double changelogPerRecord) {
        public Subtopology {
            sourceTopics = List.copyOf(sourceTopics);
        }
    }

    public TopologySpec {
        subtopologies = List.copyOf(subtopologies);
    }

    /** Every topic some sub-topology reads, in order of first mention: the instances' subscription. */
    public List<String> sourceTopics() {
        return subtopologies.stream().flatMap(s -> s.sourceTopics().stream()).distinct().toList();
    }
}
