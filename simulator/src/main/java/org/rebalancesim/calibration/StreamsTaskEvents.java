package org.rebalancesim.calibration;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.streams.processor.TaskId;
import org.rebalancesim.scenario.TopologySpec;

/**
 * A Kafka Streams worker's task lifecycle as the application sees it. For the streams protocol (KIP-1071),
 * under which Kafka Streams 4.4.0 builds its main consumer itself (StreamThread#setupMainConsumer never asks
 * the KafkaClientSupplier for it) and keeps its StreamsRebalanceListener to itself
 * (docs/kafka-semantics.md §27): a task's processor is initialised when the task starts running
 * (StreamTask#initializeTopology, after its restoration) and closed when it stops running (suspended on
 * revocation, or closed), so these log the task's input partitions as {@code assigned} and {@code revoked},
 * the events the classic worker's observed consumer logs from the rebalance callbacks. Their generation is
 * filled in after the run from the member epochs the coordinator reported ({@link StreamsMemberEpochs}).
 * Called on the stream thread.
 */
final class StreamsTaskEvents {

    /** The event of a task's start on the classic protocol ({@link #starts}). */
    static final String TASK_RUNNING = "taskRunning";

    /** What a processor tells of its task. */
    interface Lifecycle {
        void running(TaskId task);

        void stopped(TaskId task);
    }

    private StreamsTaskEvents() {
    }

    /**
     * On the classic protocol, whose rebalance callbacks the observed consumer logs: each start as
     * {@code taskRunning} (the task in the partition field, "0_3"), which comes after the task's partitions'
     * {@code assigned} once the state updater has handed the task to the stream thread (TaskManager#checkStateUpdater).
     */
    static Lifecycle starts(WorkerEvents events) {
        return new Lifecycle() {
            @Override
            public void running(TaskId task) {
                events.task(TASK_RUNNING, task.toString(), -1, -1, -1);
            }

            @Override
            public void stopped(TaskId task) {
            }
        };
    }

    /** Logs the task's partitions: sub-topology {@code i}'s source topics, the task's partition of each. */
    static Lifecycle logging(WorkerEvents events, ProcessedRanges processed,
                             List<TopologySpec.Subtopology> subtopologies, Map<String, String> realTopics) {
        return new Lifecycle() {
            @Override
            public void running(TaskId task) {
                events.partitions("assigned", partitionsOf(task), events.generation());
            }

            @Override
            public void stopped(TaskId task) {
                // What the task processed before it stopped comes first: no record of it is processed after.
                processed.flush();
                events.partitions("revoked", partitionsOf(task), events.generation());
            }

            private List<TopicPartition> partitionsOf(TaskId task) {
                List<TopicPartition> partitions = new ArrayList<>();
                for (String topic : subtopologies.get(task.subtopology()).sourceTopics()) {
                    partitions.add(new TopicPartition(realTopics.getOrDefault(topic, topic), task.partition()));
                }
                return partitions;
            }
        };
    }
}
