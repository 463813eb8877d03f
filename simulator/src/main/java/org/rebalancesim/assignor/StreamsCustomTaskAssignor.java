package org.rebalancesim.assignor;

import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.kafka.streams.processor.assignment.ApplicationState;
import org.apache.kafka.streams.processor.assignment.AssignmentConfigs;
import org.apache.kafka.streams.processor.assignment.KafkaStreamsAssignment;
import org.apache.kafka.streams.processor.assignment.ProcessId;
import org.apache.kafka.streams.processor.assignment.TaskAssignmentUtils;
import org.apache.kafka.streams.processor.assignment.TaskAssignor;
import org.apache.kafka.streams.processor.assignment.TaskAssignor.AssignmentError;
import org.apache.kafka.streams.processor.assignment.TaskAssignor.TaskAssignment;
import org.apache.kafka.streams.processor.assignment.TaskInfo;
import org.apache.kafka.streams.processor.assignment.TaskTopicPartition;
import org.apache.kafka.streams.processor.internals.assignment.DefaultApplicationState;
import org.apache.kafka.streams.processor.internals.assignment.DefaultTaskTopicPartition;
import org.rebalancesim.assignor.StreamsTaskAssignor.KafkaTopology;

/**
 * The KIP-924 branch of StreamsPartitionAssignor#assignTasksToClients (kafka-streams 4.4.0), taken when
 * task.assignor.class names a {@link TaskAssignor} (docs/kafka-semantics.md §26):
 * <ol>
 *   <li>buildApplicationState: Kafka's DefaultApplicationState over the AssignmentConfigs, one DefaultTaskInfo
 *       ({@link StreamsTaskInfo}) per task (stateful when it has stores, its source and changelog partitions as
 *       DefaultTaskTopicPartition) and the processes' ClientMetadata, already fed and with their lags computed
 *       (populateClientStatesMap runs before the branch);</li>
 *   <li>TaskAssignor#assign, then TaskAssignmentUtils#validateTaskAssignment;</li>
 *   <li>processStreamsPartitionAssignment: each KafkaStreamsAssignment replaces its process's assigned tasks
 *       (ClientState#setAssignedTasks), and a followupRebalanceDeadline becomes that process's follow-up
 *       (ClientState#setFollowupRebalanceDeadline), which the thread assembly then encodes for its first
 *       thread as it does HighAvailabilityTaskAssignor's probing deadline.</li>
 * </ol>
 * Any AssignmentError but NONE makes Kafka's leader throw a StreamsException out of assign(): UNKNOWN_PROCESS_ID
 * and UNKNOWN_TASK_ID before the assignment is used, the others from the UserTaskAssignmentListener after it is
 * computed. assign() catches only TaskAssignmentException and MissingSourceTopicException, so the leader's stream
 * thread dies; the model stops the run there with an {@link AssignorException} naming the error. Rack awareness is
 * not modelled: a partition's rack ids are empty and the clients have no rack.
 */
public final class StreamsCustomTaskAssignor {

    private final TaskAssignor assignor;
    private final boolean usersClass;

    /**
     * @param assignor   a fresh instance, configured, as AssignorConfiguration#customTaskAssignor makes one for each
     *                   assign()
     * @param usersClass whether it is a user's class rather than one Kafka Streams ships: its failures are then bad
     *                   input, not a model bug
     */
    public StreamsCustomTaskAssignor(TaskAssignor assignor, boolean usersClass) {
        this.assignor = assignor;
        this.usersClass = usersClass;
    }

    /** Assigns the processes' tasks; true when some process got a follow-up rebalance deadline. */
    boolean assign(SortedMap<String, StreamsClient> clients, KafkaTopology topology, AssignmentConfigs configs,
                   long nowMs) {
        ApplicationState state = new DefaultApplicationState(configs, tasks(topology),
                StreamsClient.metadataByProcess(clients));
        TaskAssignment assignment;
        try {
            assignment = assignor.assign(state);
        } catch (RuntimeException | LinkageError e) {
            throw failure("threw " + e + " in assign(ApplicationState); Kafka Streams' leader throws it out of "
                    + "StreamsPartitionAssignor#assign and its stream thread dies", e);
        }
        if (assignment == null || assignment.assignment() == null) {
            throw failure("returned no TaskAssignment (null) from assign(ApplicationState)", null);
        }
        AssignmentError error = TaskAssignmentUtils.validateTaskAssignment(state, assignment);
        if (error != AssignmentError.NONE) {
            throw failure("returned an invalid task assignment: " + error + " (TaskAssignmentUtils#"
                    + "validateTaskAssignment). Kafka Streams' leader throws a StreamsException out of "
                    + "StreamsPartitionAssignor#assign and its stream thread dies; the run stops here", null);
        }
        Map<ProcessId, StreamsClient> byProcess = new HashMap<>();
        clients.values().forEach(client -> byProcess.put(client.processId, client));
        boolean followup = false;
        for (KafkaStreamsAssignment process : assignment.assignment()) {
            StreamsClient client = byProcess.get(process.processId());
            client.state.setAssignedTasks(process);
            if (process.followupRebalanceDeadline().isPresent()) {
                client.state.setFollowupRebalanceDeadline(sinceNow(process.followupRebalanceDeadline().get(), nowMs));
                followup = true;
            }
        }
        return followup;
    }

    /**
     * Kafka encodes the deadline's epoch milliseconds as the thread's nextRebalanceMs, and the thread compares it
     * with its own clock; the model's clock is milliseconds from the scenario's start, and the thread assembly
     * speaks in delays from the assignment. So a deadline at or before now is the immediate follow-up (0).
     */
    private Instant sinceNow(Instant deadline, long nowMs) {
        long atMs;
        try {
            atMs = deadline.toEpochMilli();
        } catch (ArithmeticException e) {
            throw failure("gave the follow-up deadline " + deadline + ", beyond what AssignmentInfo's nextRebalanceMs "
                    + "(a long of epoch milliseconds) holds: Instant#toEpochMilli throws", e);
        }
        return Instant.ofEpochMilli(Math.max(0L, atMs - nowMs));
    }

    /**
     * buildApplicationState's tasks. Kafka collects them with Collectors#toMap, a HashMap grown by its puts; so is
     * this one, put in task order, so that it iterates as Kafka's does (a presized copy would not).
     */
    private static Map<org.apache.kafka.streams.processor.TaskId, TaskInfo> tasks(KafkaTopology topology) {
        Map<org.apache.kafka.streams.processor.TaskId, TaskInfo> tasks = new HashMap<>();
        // Only a partition's rack ids would be fetched; racks are not modelled, so there is nothing to fetch.
        Runnable noRackInformation = () -> { };
        new TreeMap<>(topology.partitionsForTask).forEach((task, sources) -> {
            boolean stateful = topology.statefulTasks.contains(task);
            Set<String> stores = stateful ? Set.of(storeName(task)) : Set.of();
            Set<TaskTopicPartition> partitions = new HashSet<>();
            for (org.apache.kafka.common.TopicPartition tp : sources) {
                partitions.add(new DefaultTaskTopicPartition(tp, true, false, noRackInformation));
            }
            if (stateful) {
                partitions.add(new DefaultTaskTopicPartition(new org.apache.kafka.common.TopicPartition(
                        storeName(task) + "-changelog", task.partition()), false, true, noRackInformation));
            }
            tasks.put(task, new StreamsTaskInfo(task, stateful, stores, partitions));
        });
        return tasks;
    }

    /**
     * The model's one store per stateful sub-topology. Kafka names a changelog application.id-store-changelog; the
     * leader's view here has no application.id, so the changelog is store-changelog.
     */
    private static String storeName(org.apache.kafka.streams.processor.TaskId task) {
        return "store-" + task.subtopology();
    }

    private AssignorException failure(String what, Throwable cause) {
        return new AssignorException("task.assignor.class " + assignor.getClass().getName() + " " + what, usersClass,
                cause);
    }
}
