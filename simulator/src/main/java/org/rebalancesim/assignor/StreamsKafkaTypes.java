package org.rebalancesim.assignor;

import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.HashSet;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.UUID;
import org.apache.kafka.streams.processor.assignment.ProcessId;
import org.rebalancesim.partition.TaskId;
import org.rebalancesim.partition.TopicPartition;

/** Our Streams types to Kafka's and back. */
public final class StreamsKafkaTypes {

    private StreamsKafkaTypes() {
    }

    /**
     * The Streams process id of the process called {@code name}: a name-based (MD5, RFC 4122 version 3) UUID,
     * so a process keeps its id from one rebalance to the next, as Kafka's persisted process id does. Kafka's
     * ids are random, and HighAvailabilityTaskAssignor breaks ties between clients by id; here that order is
     * the hash order of the names, fixed and machine-independent (docs/kafka-semantics.md §26).
     */
    public static ProcessId processId(String name) {
        return new ProcessId(UUID.nameUUIDFromBytes(("streams-process:" + name).getBytes(StandardCharsets.UTF_8)));
    }

    static org.apache.kafka.streams.processor.TaskId kafka(TaskId task) {
        return new org.apache.kafka.streams.processor.TaskId(task.subtopology(), task.partition());
    }

    static TaskId ours(org.apache.kafka.streams.processor.TaskId task) {
        if (task.topologyName() != null) {
            throw new IllegalStateException("named topologies are not modelled: " + task);
        }
        return new TaskId(task.subtopology(), task.partition());
    }

    static Set<org.apache.kafka.streams.processor.TaskId> kafkaTasks(Collection<TaskId> tasks) {
        Set<org.apache.kafka.streams.processor.TaskId> kafka = new HashSet<>();
        tasks.forEach(task -> kafka.add(kafka(task)));
        return kafka;
    }

    static SortedSet<TaskId> ourTasks(Collection<org.apache.kafka.streams.processor.TaskId> tasks) {
        SortedSet<TaskId> ours = new TreeSet<>();
        tasks.forEach(task -> ours.add(ours(task)));
        return ours;
    }

    static org.apache.kafka.common.TopicPartition kafka(TopicPartition tp) {
        return new org.apache.kafka.common.TopicPartition(tp.topic(), tp.partition());
    }

    static TopicPartition ours(org.apache.kafka.common.TopicPartition tp) {
        return new TopicPartition(tp.topic(), tp.partition());
    }
}
