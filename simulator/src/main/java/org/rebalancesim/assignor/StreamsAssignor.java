package org.rebalancesim.assignor;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.rebalancesim.partition.TaskId;
import org.rebalancesim.partition.TopicPartition;

/**
 * One Streams member's StreamsPartitionAssignor: its subscription carries its instance's task offset sums,
 * and as leader it assigns tasks with Kafka's own task assignor, or the one task.assignor.class names
 * ({@link StreamsTaskAssignor}), and gives each
 * member the partitions of its active tasks; the standbys and the next probing rebalance travel on the
 * {@link StreamsAssignmentBoard}. Streams members rebalance cooperatively (docs/kafka-semantics.md §19).
 */
public final class StreamsAssignor implements Assignor {

    /** StreamsPartitionAssignor#name. */
    public static final String NAME = "stream";
    /** StreamsPartitionAssignor#supportedProtocols in 4.4.0: COOPERATIVE only (eager upgrades ended in 4.0). */
    public static final List<RebalanceProtocol> PROTOCOLS = List.of(RebalanceProtocol.COOPERATIVE);

    private final StreamsInstance instance;
    private final Supplier<String> memberId;
    /** The member's group.instance.id, or null for a dynamic member. */
    private final String instanceId;
    /** What the leader knows of the application when it assigns: its tasks and their changelogs' ends now. */
    private final Supplier<StreamsTopology> topology;
    private final StreamsAssignmentConfig config;
    private final StreamsAssignmentBoard board;
    private final LongSupplier nowMs;
    /** How long the leader's last assign() worked beyond placing the tasks ({@link StreamsInstance#assignWorkMs}). */
    private long lastAssignWorkMs;
    /** StreamsPartitionAssignor's customTaskAssignorSupplier: task.assignor.class's assignor, made per assign(). */
    private final Supplier<Optional<StreamsCustomTaskAssignor>> customTaskAssignor;

    public StreamsAssignor(StreamsInstance instance, Supplier<String> memberId, String instanceId,
                           Supplier<StreamsTopology> topology, StreamsAssignmentConfig config,
                           StreamsAssignmentBoard board, LongSupplier nowMs) {
        this(instance, memberId, instanceId, topology, config, board, nowMs, Optional::empty);
    }

    /** With task.assignor.class set (KIP-924): {@code customTaskAssignor} makes a fresh one for each assignment. */
    public StreamsAssignor(StreamsInstance instance, Supplier<String> memberId, String instanceId,
                           Supplier<StreamsTopology> topology, StreamsAssignmentConfig config,
                           StreamsAssignmentBoard board, LongSupplier nowMs,
                           Supplier<Optional<StreamsCustomTaskAssignor>> customTaskAssignor) {
        this.instance = instance;
        this.memberId = memberId;
        this.instanceId = instanceId;
        this.topology = topology;
        this.config = config;
        this.board = board;
        this.nowMs = nowMs;
        this.customTaskAssignor = customTaskAssignor;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<RebalanceProtocol> supportedProtocols() {
        return PROTOCOLS;
    }

    @Override
    public ByteBuffer subscriptionUserData(Set<String> topics) {
        return StreamsSubscriptionCodec.encode(instance.processId(), instance.taskOffsetSums());
    }

    /** onAssignment: the instance takes its tasks (TaskManager#handleAssignment). */
    @Override
    public void onAssignment(List<TopicPartition> assigned, int generation) {
        StreamsAssignmentBoard.Info info = shareOf(assigned);
        instance.assigned(info.active(), info.standby(), info.followupAtMs(), info.probing());
    }

    @Override
    public long onAssignmentWaitMs(List<TopicPartition> assigned) {
        StreamsAssignmentBoard.Info info = shareOf(assigned);
        return instance.stateUpdaterWaitMs(info.active(), info.standby());
    }

    /**
     * The member's share of the leader's answer; for a round that failed after it (not the leader's latest answer),
     * the tasks the partitions make, without standbys or follow-up.
     */
    private StreamsAssignmentBoard.Info shareOf(List<TopicPartition> assigned) {
        return board.read(memberId.get(), instanceId, assigned).orElseGet(() ->
                new StreamsAssignmentBoard.Info(assigned, activeTasksOf(assigned), new TreeSet<>(), -1, false));
    }

    @Override
    public long lastAssignWorkMs() {
        return lastAssignWorkMs;
    }

    @Override
    public Map<String, List<TopicPartition>> assign(Map<String, Integer> partitionsPerTopic,
                                                    Map<String, Integer> clusterPartitions,
                                                    List<MemberSubscription> members) {
        List<StreamsSubscription> subscriptions = new ArrayList<>();
        for (MemberSubscription member : members) {
            StreamsSubscriptionCodec.Decoded decoded = StreamsSubscriptionCodec.decode(member.userData());
            subscriptions.add(new StreamsSubscription(member.memberId(), decoded.processId(), decoded.taskOffsetSums(),
                    member.ownedPartitions()));
        }
        // StreamsPartitionAssignor#assign checks the internal topics and reads the changelogs' end offsets (Admin
        // calls) before it places the tasks, and takes the probing deadline from its clock after that.
        lastAssignWorkMs = instance.assignWorkMs();
        long now = nowMs.getAsLong() + lastAssignWorkMs;
        StreamsGroupAssignment result = StreamsTaskAssignor.assign(topology.get(), subscriptions, config,
                RebalanceProtocol.COOPERATIVE, memberId.get(), customTaskAssignor.get(), now);
        Map<String, List<TopicPartition>> partitions = new TreeMap<>();
        Map<String, StreamsAssignmentBoard.Info> infos = new TreeMap<>();
        Map<String, String> instanceIds = new TreeMap<>();
        for (MemberSubscription member : members) {
            if (member.groupInstanceId() != null) {
                instanceIds.put(member.memberId(), member.groupInstanceId());
            }
            StreamsThreadAssignment thread = result.threads().get(member.memberId());
            partitions.put(member.memberId(), thread.partitions());
            long delayMs = thread.nextRebalanceDelayMs();
            long followupAtMs = delayMs == StreamsThreadAssignment.NO_FOLLOWUP ? -1 : now + delayMs;
            infos.put(member.memberId(), new StreamsAssignmentBoard.Info(thread.partitions(),
                    new TreeSet<>(thread.activeTasks()), new TreeSet<>(thread.standbyTasks()), followupAtMs,
                    thread.probingFollowup()));
        }
        board.post(infos, instanceIds);
        return partitions;
    }

    private SortedSet<TaskId> activeTasksOf(List<TopicPartition> assigned) {
        Set<TopicPartition> given = new TreeSet<>(assigned);
        SortedSet<TaskId> tasks = new TreeSet<>();
        topology.get().sourcePartitions().forEach((task, sources) -> {
            if (!sources.isEmpty() && given.containsAll(sources)) {
                tasks.add(task);
            }
        });
        return tasks;
    }
}
