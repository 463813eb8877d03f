package org.rebalancesim.assignor;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.rebalancesim.partition.TaskId;
import org.rebalancesim.partition.TopicPartition;

/**
 * What one stream thread (one group member) tells the leader in its Streams subscription: Kafka's
 * SubscriptionInfo (version 7 and later) and the consumer's owned partitions.
 *
 * <p>SubscriptionInfo carries no separate lists of previous tasks: since version 7 it encodes only the
 * offset sums, and both Kafka's SubscriptionInfo#getActiveTasksFromTaskOffsetSumMap and ClientState read the
 * previous active tasks as those with {@link #LATEST_OFFSET} and the previous standbys as the rest. So
 * {@link #previousActive()} and {@link #previousStandby()} are derived here the same way rather than given,
 * and cannot disagree with the sums.
 *
 * @param consumer        the member id
 * @param processId       the Streams instance (KafkaStreams object, one per pod) the thread belongs to
 * @param taskOffsetSums  (sorted by task) what TaskManager#getTaskOffsetSums reports: for each task with local
 *                        state, the sum of its changelog offsets in the local checkpoint, or
 *                        {@link #LATEST_OFFSET} for a task the thread runs as a RUNNING active. A stateless task
 *                        never appears here.
 * @param ownedPartitions the partitions the consumer owns now (COOPERATIVE; empty under EAGER, which
 *                        revokes everything before joining)
 */
public record StreamsSubscription(String consumer, String processId, Map<TaskId, Long> taskOffsetSums,
                                  List<TopicPartition> ownedPartitions) {

    /** Kafka's Task.LATEST_OFFSET: the offset sum of a task running as active. */
    public static final long LATEST_OFFSET = -2L;

    public StreamsSubscription {
        if (consumer == null || consumer.isEmpty() || processId == null || processId.isEmpty()) {
            throw new IllegalArgumentException("a subscription needs a consumer and a process id");
        }
        taskOffsetSums = Collections.unmodifiableSortedMap(new TreeMap<>(taskOffsetSums));
        taskOffsetSums.forEach((task, sum) -> {
            if (sum < 0 && sum != LATEST_OFFSET) {
                throw new IllegalArgumentException(consumer + " reports offset sum " + sum + " for task " + task
                        + "; a sum is at least 0, or " + LATEST_OFFSET + " for a running active");
            }
        });
        ownedPartitions = List.copyOf(new TreeSet<>(ownedPartitions));
    }

    /** Tasks the thread ran as active (offset sum {@link #LATEST_OFFSET}). */
    public SortedSet<TaskId> previousActive() {
        return tasks(true);
    }

    /** Tasks with local state the thread did not run as active: standbys, restoring actives, leftover state. */
    public SortedSet<TaskId> previousStandby() {
        return tasks(false);
    }

    private SortedSet<TaskId> tasks(boolean active) {
        SortedSet<TaskId> tasks = new TreeSet<>();
        taskOffsetSums.forEach((task, sum) -> {
            if ((sum == LATEST_OFFSET) == active) {
                tasks.add(task);
            }
        });
        return Collections.unmodifiableSortedSet(tasks);
    }
}
