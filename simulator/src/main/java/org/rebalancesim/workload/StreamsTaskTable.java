package org.rebalancesim.workload;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.rebalancesim.partition.TaskId;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.scenario.TopicSpec;
import org.rebalancesim.scenario.TopologySpec;

/**
 * The tasks of a Streams topology over the scenario's topics: sub-topology s makes one task per partition
 * number of its largest source topic, and task s_p reads partition p of each source topic that has one
 * (DefaultPartitionGrouper; docs/kafka-semantics.md §19).
 */
public final class StreamsTaskTable {

    private final Map<TaskId, List<TopicPartition>> sources = new TreeMap<>();
    /** A lookup table, read per processed batch and never iterated: hashed. */
    private final Map<TopicPartition, List<TaskId>> tasksOfPartition = new HashMap<>();
    private final SortedSet<TaskId> stateful = new TreeSet<>();
    private final List<TopologySpec.Subtopology> subtopologies;

    public StreamsTaskTable(TopologySpec topology, Map<String, Integer> partitionsPerTopic) {
        this.subtopologies = topology.subtopologies();
        for (int s = 0; s < subtopologies.size(); s++) {
            TopologySpec.Subtopology subtopology = subtopologies.get(s);
            int tasks = subtopology.sourceTopics().stream().mapToInt(t -> partitionsPerTopic.getOrDefault(t, 0))
                    .max().orElse(0);
            for (int p = 0; p < tasks; p++) {
                TaskId task = new TaskId(s, p);
                List<TopicPartition> read = new ArrayList<>();
                for (String topic : subtopology.sourceTopics()) {
                    if (p < partitionsPerTopic.getOrDefault(topic, 0)) {
                        TopicPartition tp = new TopicPartition(topic, p);
                        read.add(tp);
                        tasksOfPartition.computeIfAbsent(tp, any -> new ArrayList<>()).add(task);
                    }
                }
                sources.put(task, List.copyOf(read));
                if (subtopology.stateful()) {
                    stateful.add(task);
                }
            }
        }
    }

    /** The tasks over the topics as the scenario declares them (before any partitions are added). */
    public static StreamsTaskTable of(TopologySpec topology, List<TopicSpec> topics) {
        Map<String, Integer> partitionsPerTopic = new HashMap<>();
        topics.forEach(topic -> partitionsPerTopic.put(topic.name(), topic.partitions()));
        return new StreamsTaskTable(topology, partitionsPerTopic);
    }

    /** Every task with the partitions it reads, in task order. */
    public Map<TaskId, List<TopicPartition>> sourcePartitions() {
        return Collections.unmodifiableMap(sources);
    }

    public SortedSet<TaskId> statefulTasks() {
        return Collections.unmodifiableSortedSet(stateful);
    }

    public boolean isStateful(TaskId task) {
        return stateful.contains(task);
    }

    /** The tasks that read a partition (one per sub-topology that reads its topic). */
    public List<TaskId> tasksOf(TopicPartition tp) {
        return tasksOfPartition.getOrDefault(tp, List.of());
    }

    /** How many tasks sub-topology {@code subtopology} has: the partitions of its changelog too. */
    public int taskCount(int subtopology) {
        return (int) sources.keySet().stream().filter(task -> task.subtopology() == subtopology).count();
    }

    public TopologySpec.Subtopology subtopologyOf(TaskId task) {
        return subtopologies.get(task.subtopology());
    }
}
