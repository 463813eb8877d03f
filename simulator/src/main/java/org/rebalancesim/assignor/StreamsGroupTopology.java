package org.rebalancesim.assignor;

import java.util.List;
import java.util.Locale;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.kafka.coordinator.group.api.streams.assignor.TopologyDescriber;

/**
 * A streams group's topology as Kafka 4.4.0's TopologyMetadata describes it to the task assignor: the subtopology
 * ids in the order of the coordinator's SortedMap of them (String order, so "10" comes before "2"), each with its
 * number of tasks, stateful when it has changelog topics; an unknown id is a NoSuchElementException, as in Kafka
 * (docs/kafka-semantics.md §19). Our subtopologies are numbers; Kafka's ids are their decimal strings, as a
 * Streams client sends them.
 */
final class StreamsGroupTopology implements TopologyDescriber {

    private final SortedMap<String, Integer> taskCounts = new TreeMap<>();
    private final Set<String> stateful = new TreeSet<>();

    /**
     * @param taskCounts per subtopology number, its number of tasks
     * @param stateful   the subtopology numbers with state
     */
    StreamsGroupTopology(SortedMap<Integer, Integer> taskCounts, Set<Integer> stateful) {
        taskCounts.forEach((subtopology, count) -> {
            if (subtopology < 0 || count < 0) {
                throw new IllegalArgumentException(String.format(Locale.ROOT,
                        "subtopology %d with %d tasks: neither may be negative", subtopology, count));
            }
            this.taskCounts.put(subtopologyId(subtopology), count);
        });
        for (int subtopology : stateful) {
            if (!taskCounts.containsKey(subtopology)) {
                throw new IllegalArgumentException("stateful subtopology " + subtopology + " is not in the topology "
                        + taskCounts.keySet());
            }
            this.stateful.add(subtopologyId(subtopology));
        }
    }

    /** Kafka's id of subtopology {@code subtopology}. */
    static String subtopologyId(int subtopology) {
        return String.valueOf(subtopology);
    }

    /** The subtopology number of Kafka's id {@code subtopologyId}, which must be one of this topology's. */
    int subtopology(String subtopologyId) {
        require(subtopologyId);
        return Integer.parseInt(subtopologyId);
    }

    @Override
    public List<String> subtopologies() {
        return List.copyOf(taskCounts.keySet());
    }

    @Override
    public int maxNumInputPartitions(String subtopologyId) {
        require(subtopologyId);
        return taskCounts.get(subtopologyId);
    }

    @Override
    public boolean isStateful(String subtopologyId) {
        require(subtopologyId);
        return stateful.contains(subtopologyId);
    }

    private void require(String subtopologyId) {
        if (!taskCounts.containsKey(subtopologyId)) {
            throw new NoSuchElementException("Topology does not contain subtopology " + subtopologyId);
        }
    }
}
