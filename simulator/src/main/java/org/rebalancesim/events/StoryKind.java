package org.rebalancesim.events;

/**
 * What a line of the run's story is about, so that readers of the story (the explanation, charts) need
 * not parse its words. New kinds may be added; readers treat a kind they do not know as {@link #OTHER}.
 */
public enum StoryKind {
    /** A pod's process started (after its JVM start time): it will join the group. */
    STARTED,
    /** A pod began a graceful shutdown, close(): commit, revoke, LeaveGroup unless static. */
    STOPPING,
    /**
     * A pod's process died: no commit, no LeaveGroup. {@code durationMs}: when the kubelet killed it (SIGKILL) at the
     * end of its termination grace period, the time close() had since SIGTERM; else -1.
     */
    CRASHED,
    /** The whole JVM of a pod stopped for {@code durationMs}, heartbeat thread included. */
    GC_PAUSE,
    /** Every message between a pod and the brokers is lost for {@code durationMs}. */
    NETWORK_PARTITION,
    /** A record takes {@code durationMs} to process (subject: the pod, or the partition it sits in). */
    SLOW_RECORD,
    /** max.poll.interval.ms ({@code durationMs}) passed without a poll(): the member leaves (or, static, stays). */
    POLL_TIMEOUT,
    /** The client got no heartbeat answer for session.timeout.ms and looks for the coordinator again. */
    SESSION_LOST,
    /** The coordinator fenced the member (consumer protocol): it loses its partitions and rejoins. */
    FENCED,
    /** A non-retriable error: the consumer exits. */
    FATAL,
    /** The classic leader saw new partitions at its metadata refresh and rejoins. */
    METADATA_REFRESH,
    /** A pattern subscription matched other topics on the client's metadata: the subscription changed. */
    PATTERN_MATCH,
    /** A fetch was answered UNKNOWN_TOPIC_ID (its topic was deleted): the client refreshes its metadata now. */
    UNKNOWN_TOPIC_FETCHED,
    /** The classic leader ran its assignor. */
    ASSIGNOR_RUN,
    /** A topic got more partitions, or was created (it went from none to its declared count). */
    PARTITIONS_ADDED,
    /** A topic was deleted (it went from its partitions to none). */
    TOPIC_DELETED,
    /** A broker failed for {@code durationMs} (subject: the broker). */
    BROKER_FAILURE,
    /** A broker failure aimed at the coordinator found none. */
    NO_COORDINATOR,
    /** The group changed state; {@code detail} names the rebalance trigger, {@code pod} the member concerned. */
    GROUP_STATE,
    /** The group epoch went up (consumer protocol); {@code detail} names the trigger. */
    GROUP_EPOCH,
    /** The coordinator removed {@code pod}'s member; {@code detail} says why, in the coordinator's words. */
    MEMBER_REMOVED,
    /** The group was loaded on a new coordinator after a failover; {@code detail} names its broker. */
    COORDINATOR_MOVED,
    /** The group converted between classic and consumer (docs/kafka-semantics.md §21). */
    GROUP_CONVERTED,
    /** A timeline entry timed after an event of the run ran; {@code durationMs} is its delay after the event. */
    ANCHORED_OPERATION,
    /** A timeline entry timed after an event of the run never ran: the event did not happen in time. */
    ANCHOR_MISSED,
    /** A Kafka Streams instance asked for a probing rebalance (probing.rebalance.interval.ms after warm-ups began). */
    PROBING_REBALANCE,
    /** A Kafka Streams instance asked for the follow-up rebalance of tasks withheld until their owners revoked them. */
    FOLLOWUP_REBALANCE,
    /** A Kafka Streams task restored its state (subject: the pod; {@code durationMs}: the restoration). */
    TASK_RESTORED,
    /**
     * The kubelet will start a workload pod's container again ({@code durationMs} after its exit): at once the
     * first time, then after CrashLoopBackOff's growing back-off.
     */
    KUBELET_RESTART,
    /**
     * A workload's controller acted (subject: the workload; a rollout began or ended, a pod was created or deleted)
     * or one of its pods became ready or available (subject: the pod).
     */
    WORKLOAD,
    /** The application's rebalance listener held the application thread for {@code durationMs}. */
    LISTENER_CALLBACK,
    /**
     * A Kafka Streams thread waited {@code durationMs} for its state updater to hand back tasks before it took an
     * assignment (TaskManager#handleAssignment).
     */
    STATE_UPDATER_WAIT,
    /** Anything else. */
    OTHER
}
