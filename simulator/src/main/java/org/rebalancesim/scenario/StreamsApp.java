package org.rebalancesim.scenario;

import java.util.List;

/**
 * A pod group that runs a Kafka Streams application (consumers.app: streams): Streams' own settings, by
 * their StreamsConfig names with Kafka 4.4.0's defaults in the comments, and its topology. Every pod is
 * one Streams instance with one stream thread, a member of the group (docs/kafka-semantics.md §19).
 *
 * @param numStandbyReplicas         num.standby.replicas (0)
 * @param acceptableRecoveryLag      acceptable.recovery.lag (10000): a client this close to a task's
 *                                   changelog end counts as caught up
 * @param maxWarmupReplicas          max.warmup.replicas (2)
 * @param probingRebalanceIntervalMs probing.rebalance.interval.ms (600000, at least 60000)
 * @param commitIntervalMs           commit.interval.ms (30000; 100 with exactly_once_v2)
 * @param pollMs                     poll.ms (100): how long a stream thread's poll() and its state updater's
 *                                   restore poll() wait for records
 * @param exactlyOnce                processing.guarantee exactly_once_v2 (at_least_once by default)
 * @param closeOperation             KafkaStreams#close(CloseOptions)'s groupMembershipOperation (KIP-1092):
 *                                   DEFAULT, LEAVE_GROUP or REMAIN_IN_GROUP
 * @param streamsProtocol            group.protocol streams (KIP-1071 streams groups) rather than classic
 * @param numStreamThreads           num.stream.threads (1): each thread is a member of the group
 * @param stateCleanupDelayMs        state.cleanup.delay.ms (600000): how often an instance deletes the state
 *                                   directories of tasks it no longer holds, unwritten for that long
 * @param topology                   its sub-topologies and state
 * @param taskAssignorClass          task.assignor.class (null): the KIP-924 TaskAssignor the classic protocol's
 *                                   leader assigns tasks with, or null for Kafka's HighAvailabilityTaskAssignor;
 *                                   a streams group (KIP-1071) does not read it (docs/kafka-semantics.md §26)
 */
public record StreamsApp(int numStandbyReplicas, long acceptableRecoveryLag, int maxWarmupReplicas,
                         long probingRebalanceIntervalMs, long commitIntervalMs, long pollMs, boolean exactlyOnce,
                         CloseOperation closeOperation, long stateCleanupDelayMs, TopologySpec topology,
                         boolean streamsProtocol, int numStreamThreads, String taskAssignorClass) {

    /** CloseOptions.GroupMembershipOperation. */
    public enum CloseOperation {
        DEFAULT, LEAVE_GROUP, REMAIN_IN_GROUP
    }

    /**
     * Whether a graceful close sends a LeaveGroup on the classic protocol: only with LEAVE_GROUP, since Streams'
     * default there is to stay in the group (docs/kafka-semantics.md §19).
     */
    public boolean leaveGroupOnClose() {
        return closeOperation == CloseOperation.LEAVE_GROUP;
    }

    /**
     * Consumer configs Kafka Streams sets itself, whatever the application configures: its own assignor
     * (StreamsPartitionAssignor) and no auto-commit (StreamsConfig's non-configurable consumer defaults).
     */
    public static final List<String> CONSUMER_CONFIGS_STREAMS_SETS = List.of("partition.assignment.strategy",
            "enable.auto.commit", "auto.commit.interval.ms", "group.remote.assignor");
    /** The YAML path of task.assignor.class, which problems found before a run name. */
    public static final String TASK_ASSIGNOR_CLASS_PATH = "consumers.config.task.assignor.class";
    /** The package of the KIP-924 task assignors Kafka Streams ships. */
    public static final String KAFKA_TASK_ASSIGNOR_PACKAGE = "org.apache.kafka.streams.processor.assignment.assignors.";
    /** The KIP-924 task assignors kafka-streams 4.4.0 ships (the only class of that package with a public one). */
    public static final List<String> KAFKA_TASK_ASSIGNORS = List.of(KAFKA_TASK_ASSIGNOR_PACKAGE + "StickyTaskAssignor");
    /** The model's bound on num.stream.threads (Kafka's is Integer.MAX_VALUE): a pod's members share its JVM. */
    public static final int MAX_STREAM_THREADS = 64;
    /** StreamsConfig's minimum for probing.rebalance.interval.ms. */
    public static final long MIN_PROBING_REBALANCE_INTERVAL_MS = 60_000;
    /** StreamsConfig's defaults (4.4.0). */
    public static final int DEFAULT_NUM_STANDBY_REPLICAS = 0;
    public static final long DEFAULT_ACCEPTABLE_RECOVERY_LAG = 10_000;
    public static final int DEFAULT_MAX_WARMUP_REPLICAS = 2;
    public static final long DEFAULT_PROBING_REBALANCE_INTERVAL_MS = 600_000;
    public static final long DEFAULT_COMMIT_INTERVAL_MS = 30_000;
    public static final long EXACTLY_ONCE_COMMIT_INTERVAL_MS = 100;
    public static final long DEFAULT_POLL_MS = 100;
    public static final long DEFAULT_STATE_CLEANUP_DELAY_MS = 600_000;
    /** The model's lower bound for state.cleanup.delay.ms: the cleaner runs that often on every pod. */
    public static final long MIN_STATE_CLEANUP_DELAY_MS = 1_000;
}
