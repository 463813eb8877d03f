package org.rebalancesim.assignor;

import java.util.Set;
import org.apache.kafka.streams.processor.TaskId;
import org.apache.kafka.streams.processor.assignment.TaskTopicPartition;
import org.apache.kafka.streams.processor.internals.assignment.DefaultTaskInfo;

/**
 * Kafka's DefaultTaskInfo, equal and hashed by its task id. DefaultTaskInfo keeps Object's identity hash, and
 * StickyTaskAssignor#assignStandby collects the stateful TaskInfos into a HashSet and places standbys in that set's
 * iteration order, which in Kafka changes from run to run. Hashing by task id makes it the order of the task ids'
 * hashes: one of the orders Kafka can take, the same on every JVM (design habit 5; docs/kafka-semantics.md §26).
 */
final class StreamsTaskInfo extends DefaultTaskInfo {

    StreamsTaskInfo(TaskId id, boolean stateful, Set<String> stores, Set<TaskTopicPartition> partitions) {
        super(id, stateful, stores, partitions);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof StreamsTaskInfo info && info.id().equals(id());
    }

    @Override
    public int hashCode() {
        return id().hashCode();
    }
}
