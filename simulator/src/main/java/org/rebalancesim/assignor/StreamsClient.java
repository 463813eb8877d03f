package org.rebalancesim.assignor;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import org.apache.kafka.streams.processor.assignment.ProcessId;
import org.apache.kafka.streams.processor.internals.StreamsPartitionAssignor;
import org.apache.kafka.streams.processor.internals.assignment.ClientState;

/**
 * One Streams process as the leader's StreamsPartitionAssignor holds it: Kafka's own
 * StreamsPartitionAssignor.ClientMetadata (its ClientState and its threads), fed as assign() feeds it. Both task
 * assignment paths read it: HighAvailabilityTaskAssignor through {@link #state()}, a KIP-924 task assignor
 * through Kafka's DefaultApplicationState, which is built over the ClientMetadata themselves
 * (docs/kafka-semantics.md §26). ClientMetadata's constructor and feeders are package-private, so they are
 * called through method handles.
 */
final class StreamsClient {

    private static final Class<StreamsPartitionAssignor.ClientMetadata> CLIENT_METADATA =
            StreamsPartitionAssignor.ClientMetadata.class;
    private static final MethodHandle NEW = handle("<init>", MethodType.methodType(void.class, ProcessId.class,
            String.class, Map.class, Optional.class));
    private static final MethodHandle ADD_CONSUMER = handle("addConsumer", MethodType.methodType(void.class,
            String.class, List.class));
    private static final MethodHandle ADD_PREVIOUS = handle("addPreviousTasksAndOffsetSums",
            MethodType.methodType(void.class, String.class, Map.class));

    final ProcessId processId;
    /** Kafka's ClientMetadata: no application.server (endpoint null), no client tags, no rack. */
    final StreamsPartitionAssignor.ClientMetadata metadata;
    final ClientState state;
    final SortedSet<String> consumers = new TreeSet<>();

    StreamsClient(String name) {
        this.processId = StreamsKafkaTypes.processId(name);
        this.metadata = (StreamsPartitionAssignor.ClientMetadata) call(() -> NEW.invoke(processId, (String) null,
                Map.of(), Optional.empty()));
        this.state = metadata.state();
    }

    /** ClientMetadata#addConsumer and #addPreviousTasksAndOffsetSums, as assign() calls them per subscription. */
    void addConsumer(StreamsSubscription subscription) {
        consumers.add(subscription.consumer());
        List<org.apache.kafka.common.TopicPartition> owned = subscription.ownedPartitions().stream()
                .map(StreamsKafkaTypes::kafka).toList();
        call(() -> ADD_CONSUMER.invoke(metadata, subscription.consumer(), owned));
        Map<org.apache.kafka.streams.processor.TaskId, Long> sums = new HashMap<>();
        subscription.taskOffsetSums().forEach((task, sum) -> sums.put(StreamsKafkaTypes.kafka(task), sum));
        call(() -> ADD_PREVIOUS.invoke(metadata, subscription.consumer(), sums));
    }

    /** populateClientStatesMap for this client: its previous tasks, then its lags against the end offset sums. */
    void populate(StreamsTaskAssignor.KafkaTopology topology) {
        state.initializePrevTasks(topology.taskForPartition, false);
        state.computeTaskLags(processId, topology.endOffsetSums);
    }

    /** Kafka's ClientMetadata objects by process, as DefaultApplicationState takes them. */
    static Map<ProcessId, StreamsPartitionAssignor.ClientMetadata> metadataByProcess(
            Map<String, StreamsClient> clients) {
        Map<ProcessId, StreamsPartitionAssignor.ClientMetadata> byProcess = new HashMap<>();
        clients.values().forEach(client -> byProcess.put(client.processId, client.metadata));
        return byProcess;
    }

    private interface KafkaCall {
        Object run() throws Throwable;
    }

    private static Object call(KafkaCall call) {
        try {
            return call.run();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("StreamsPartitionAssignor.ClientMetadata threw " + e, e);
        }
    }

    private static MethodHandle handle(String name, MethodType type) {
        try {
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(CLIENT_METADATA, MethodHandles.lookup());
            return name.equals("<init>") ? lookup.findConstructor(CLIENT_METADATA, type)
                    : lookup.findVirtual(CLIENT_METADATA, name, type);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError("kafka-streams has no StreamsPartitionAssignor.ClientMetadata#"
                    + name + " of the 4.4.0 signature: " + e);
        }
    }
}
