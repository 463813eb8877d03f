package org.rebalancesim.assignor;

import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.apache.kafka.common.Cluster;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.streams.processor.assignment.AssignmentConfigs;
import org.apache.kafka.streams.processor.assignment.ProcessId;
import org.apache.kafka.streams.processor.internals.assignment.ClientState;
import org.apache.kafka.streams.processor.internals.assignment.HighAvailabilityTaskAssignor;
import org.apache.kafka.streams.processor.internals.assignment.RackAwareTaskAssignor;
import org.rebalancesim.assignor.Assignor.RebalanceProtocol;
import org.rebalancesim.partition.TaskId;
import org.rebalancesim.partition.TopicPartition;

/**
 * The task assignment of a Kafka Streams group on the classic protocol, as the leader's StreamsPartitionAssignor
 * (kafka-streams 4.4.0) computes it in assign(): Kafka's own HighAvailabilityTaskAssignor decides which process
 * gets which active, standby and warm-up tasks, and Kafka's own StreamsPartitionAssignor#assignTasksToThreads
 * spreads each process's tasks over its threads. Around those two calls this class does what assign() does,
 * step by step after its 4.4.0 code (docs/kafka-semantics.md §26):
 * <ol>
 *   <li>one ClientState per process, fed as ClientMetadata feeds it: a consumer per thread (capacity), the owned
 *       partitions and the offset sums of each subscription; then ClientState#initializePrevTasks and
 *       ClientState#computeTaskLags with the changelog end offset sums (populateClientStatesMap);</li>
 *   <li>HighAvailabilityTaskAssignor#assign, with a RackAwareTaskAssignor whose strategy is "none", which never
 *       enables itself (canEnableRackAwareAssignor returns false before it reads anything); when it reports that
 *       a probing rebalance is needed, the leader's process gets the follow-up deadline
 *       now + probing.rebalance.interval.ms (assignTasksToClients); or, with task.assignor.class set, that
 *       KIP-924 assignor over Kafka's DefaultApplicationState instead ({@link StreamsCustomTaskAssignor});</li>
 *   <li>per process, the threads' tasks and the withholding of COOPERATIVE (computeNewAssignment, in
 *       {@link StreamsThreadAssembly}).</li>
 * </ol>
 * Kafka's FallbackPriorTaskAssignor (used when the ListOffsets call fails) is not modelled: the end offset sums
 * are always known. Every decision iterates in a fixed order, so the same input gives the same answer.
 */
public final class StreamsTaskAssignor {

    private StreamsTaskAssignor() {
    }

    /**
     * The leader's assignment for the group.
     *
     * @param topology       the tasks, their source partitions, which are stateful and their changelog end offsets
     * @param subscriptions  one per group member (stream thread), in any order
     * @param config         the Streams configs of the assignor
     * @param protocol       COOPERATIVE, Streams' protocol (4.4.0 supports only it); EAGER for an application of an
     *                       older Streams on upgrade.from 2.3 or earlier: its members own nothing when they join, so
     *                       their owned partitions must be empty and nothing is withheld
     * @param leaderConsumer the member that computes the assignment; its process schedules the probing rebalance
     * @return every member's assignment
     */
    public static StreamsGroupAssignment assign(StreamsTopology topology, List<StreamsSubscription> subscriptions,
                                                StreamsAssignmentConfig config, RebalanceProtocol protocol,
                                                String leaderConsumer) {
        return assign(topology, subscriptions, config, protocol, leaderConsumer, Optional.empty(), 0L);
    }

    /**
     * The leader's assignment for the group with task.assignor.class set (KIP-924) or not (empty: Kafka's
     * HighAvailabilityTaskAssignor), as assignTasksToClients branches on it.
     *
     * @param custom the task assignor task.assignor.class names, made fresh for this assignment as Kafka makes it
     *               (AssignorConfiguration#customTaskAssignor), or empty for the default
     * @param nowMs  the leader's clock now, which a KIP-924 assignor's follow-up deadline is measured against
     */
    public static StreamsGroupAssignment assign(StreamsTopology topology, List<StreamsSubscription> subscriptions,
                                                StreamsAssignmentConfig config, RebalanceProtocol protocol,
                                                String leaderConsumer, Optional<StreamsCustomTaskAssignor> custom,
                                                long nowMs) {
        SortedMap<String, StreamsSubscription> byConsumer = byConsumer(subscriptions, protocol);
        StreamsSubscription leader = byConsumer.get(leaderConsumer);
        if (leader == null) {
            throw new IllegalArgumentException("the leader " + leaderConsumer + " is not a member: "
                    + byConsumer.keySet());
        }
        KafkaTopology kafkaTopology = new KafkaTopology(topology);
        SortedMap<String, StreamsClient> clients = new TreeMap<>();
        Set<org.apache.kafka.common.TopicPartition> allOwnedPartitions = new HashSet<>();
        for (StreamsSubscription subscription : byConsumer.values()) {
            StreamsClient client = clients.computeIfAbsent(subscription.processId(), StreamsClient::new);
            client.addConsumer(subscription);
            subscription.ownedPartitions().forEach(tp -> allOwnedPartitions.add(StreamsKafkaTypes.kafka(tp)));
        }
        Map<ProcessId, ClientState> clientStates = new HashMap<>();
        for (StreamsClient client : clients.values()) {
            client.populate(kafkaTopology);
            clientStates.put(client.processId, client.state);
        }
        AssignmentConfigs configs = config.kafka();
        boolean followupNeeded;
        if (custom.isPresent()) {
            followupNeeded = custom.get().assign(clients, kafkaTopology, configs, nowMs);
        } else {
            followupNeeded = kafka("HighAvailabilityTaskAssignor#assign",
                () -> new HighAvailabilityTaskAssignor().assign(clientStates, kafkaTopology.allTasks,
                        kafkaTopology.statefulTasks, withoutRackAwareness(configs), configs));
            if (followupNeeded) {
                // The assignment is time zero: the deadline Kafka computes as time.milliseconds() + interval.
                clients.get(leader.processId()).state.setFollowupRebalanceDeadline(
                        Instant.ofEpochMilli(config.probingRebalanceIntervalMs()));
            }
        }
        Map<String, StreamsThreadAssignment> threads = new TreeMap<>();
        for (StreamsClient client : clients.values()) {
            threads.putAll(kafka("StreamsPartitionAssignor#computeNewAssignment", () -> new StreamsThreadAssembly(
                    client.state, client.consumers, kafkaTopology, allOwnedPartitions).assign()));
        }
        return new StreamsGroupAssignment(threads, followupNeeded);
    }

    private static SortedMap<String, StreamsSubscription> byConsumer(List<StreamsSubscription> subscriptions,
                                                                   RebalanceProtocol protocol) {
        SortedMap<String, StreamsSubscription> byConsumer = new TreeMap<>();
        for (StreamsSubscription subscription : subscriptions) {
            if (byConsumer.put(subscription.consumer(), subscription) != null) {
                throw new IllegalArgumentException("two subscriptions of consumer " + subscription.consumer());
            }
            if (protocol == RebalanceProtocol.EAGER && !subscription.ownedPartitions().isEmpty()) {
                throw new IllegalArgumentException("under EAGER a member owns nothing when it joins, but "
                        + subscription.consumer() + " owns " + subscription.ownedPartitions());
            }
        }
        if (byConsumer.isEmpty()) {
            throw new IllegalArgumentException("a group to assign has at least one member");
        }
        return byConsumer;
    }

    /**
     * The RackAwareTaskAssignor StreamsPartitionAssignor builds, with no metadata and no racks: with strategy
     * "none" it never enables itself, so HighAvailabilityTaskAssignor takes its rack-unaware path.
     */
    private static RackAwareTaskAssignor withoutRackAwareness(AssignmentConfigs configs) {
        return new RackAwareTaskAssignor(Cluster.empty(), Map.of(), Map.of(), Map.of(), Map.of(), null, configs,
                FrozenTime.INSTANCE);
    }

    /** Runs Kafka's code, naming it when it fails: a failure there is a bug of the model's input. */
    private static <T> T kafka(String method, Supplier<T> call) {
        try {
            return call.get();
        } catch (RuntimeException e) {
            throw new IllegalStateException("Kafka Streams' " + method + " failed: " + e, e);
        }
    }

    /** The topology in Kafka's types, as assign() holds it. */
    static final class KafkaTopology {
        final Map<org.apache.kafka.streams.processor.TaskId, Set<org.apache.kafka.common.TopicPartition>>
                partitionsForTask = new HashMap<>();
        final Map<org.apache.kafka.common.TopicPartition, org.apache.kafka.streams.processor.TaskId> taskForPartition =
                new HashMap<>();
        final Set<org.apache.kafka.streams.processor.TaskId> allTasks;
        final Set<org.apache.kafka.streams.processor.TaskId> statefulTasks;
        final Map<org.apache.kafka.streams.processor.TaskId, Long> endOffsetSums = new HashMap<>();

        KafkaTopology(StreamsTopology topology) {
            topology.sourcePartitions().forEach((task, partitions) -> {
                org.apache.kafka.streams.processor.TaskId kafkaTask = StreamsKafkaTypes.kafka(task);
                Set<org.apache.kafka.common.TopicPartition> kafkaPartitions = new HashSet<>();
                for (TopicPartition tp : partitions) {
                    kafkaPartitions.add(StreamsKafkaTypes.kafka(tp));
                    taskForPartition.put(StreamsKafkaTypes.kafka(tp), kafkaTask);
                }
                partitionsForTask.put(kafkaTask, kafkaPartitions);
            });
            allTasks = StreamsKafkaTypes.kafkaTasks(topology.sourcePartitions().keySet());
            statefulTasks = StreamsKafkaTypes.kafkaTasks(topology.statefulTasks());
            topology.changelogEndOffsetSums()
                    .forEach((task, sum) -> endOffsetSums.put(StreamsKafkaTypes.kafka(task), sum));
        }

        List<TopicPartition> ours(TaskId task) {
            return partitionsForTask.get(StreamsKafkaTypes.kafka(task)).stream().map(StreamsKafkaTypes::ours).toList();
        }
    }

    /** A clock stopped at zero for the RackAwareTaskAssignor, which reads it only when rack awareness is on. */
    private static final class FrozenTime implements Time {
        static final FrozenTime INSTANCE = new FrozenTime();

        @Override
        public long milliseconds() {
            return 0L;
        }

        @Override
        public long nanoseconds() {
            return 0L;
        }

        @Override
        public void sleep(long ms) {
            throw new UnsupportedOperationException("the model has no sleep (design habit 1)");
        }
    }
}
