package org.rebalancesim.consumer;

import java.util.List;
import java.util.Map;
import org.rebalancesim.assignor.AssignorException;
import org.rebalancesim.cluster.Link;
import org.rebalancesim.events.ListenerCallback;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.coordinator.Errors;
import org.rebalancesim.coordinator.Messages.JoinGroupRequest;
import org.rebalancesim.coordinator.Messages.JoinGroupResponse;
import org.rebalancesim.coordinator.Messages.LeaveGroupRequest;
import org.rebalancesim.coordinator.Messages.LeaveGroupResponse;
import org.rebalancesim.coordinator.Messages.SyncGroupRequest;
import org.rebalancesim.coordinator.Messages.SyncGroupResponse;
import org.rebalancesim.events.PodEvents.MemberIdAssigned;
import org.rebalancesim.events.PodEvents.PodRebalanceCompleted;
import org.rebalancesim.events.PodEvents.PodRebalanceFailed;
import org.rebalancesim.events.PodEvents.PodRebalanceStarted;
import org.rebalancesim.events.PodEvents.PollTimeout;
import org.rebalancesim.events.PodEvents.Story;
import org.rebalancesim.events.StoryKind;

/**
 * One process incarnation of a classic-protocol consumer with an eager assignor: the group client
 * (JoinGroup, SyncGroup, commits) driven from the application thread's poll(), as Kafka's
 * ConsumerCoordinator does. The heartbeat thread lives in {@link HeartbeatThread}, the fetch and
 * process loop in {@link PollLoop}.
 */
public final class ClassicMember extends ConsumerProcessBase {

    /** The classic client: eager or cooperative by its own assignors, as in Kafka's ConsumerCoordinator. */
    public static final ClientFactory CLIENT = (ctx, pod, link, subscription, slowRecords, incarnation, onExit)
            -> new ClassicMember(ctx, pod, link, subscription, slowRecords, incarnation, onExit);

    final HeartbeatThread heartbeat;
    final MemberAssignors assignors;
    final RebalanceStyle rebalanceStyle;
    private final ClassicCommit commits = new ClassicCommit(this);

    String memberId = "";
    int generation = -1;
    ClientState state = ClientState.UNJOINED;
    boolean rejoinNeeded = true;
    private boolean joining;
    /** A SyncGroup answer is being taken ({@link #isTakingAssignment}); and whether a rejoin was asked meanwhile. */
    private boolean takingAssignment;
    private boolean rejoinAskedWhileTaking;
    private boolean inRebalance;
    private String protocolName;
    private final MetadataWatch metadata;
    /** The leader's cold code the first time its process assigns; from its own stream. */
    private final DurationDraws firstAssignment;
    /** Whether this process has been Stable in a generation: by then its SyncGroup answer path is warm. */
    private boolean warm;
    /**
     * Whether this process has run the assignor. Until it has, the assignor's code is cold however long the
     * process has run, Stable as a follower or not (measured: docs/kafka-semantics.md §22). A first rebalance
     * that fails and retries pays once.
     */
    private boolean assignedBefore;
    /** The cold onJoinComplete path of its process's first rebalance; from its own stream. */
    private final DurationDraws firstSync;

    ClassicMember(PodContext ctx, String pod, Link link, List<String> subscription, PollLoop.SlowRecords slowRecords,
                  int incarnation, Runnable onExit) {
        super(ctx, pod, link, subscription, slowRecords, incarnation, onExit);
        this.streamsTasks = ctx.streams() == null ? null : new StreamsTasks(this, ctx.streams(), this::requestRejoin,
                incarnation);
        this.assignors = streamsTasks == null
                ? new MemberAssignors(ctx.assignors(), config.partitionAssignmentStrategy())
                : new MemberAssignors(streamsTasks.assignor(() -> memberId, instanceId));
        this.rebalanceStyle = RebalanceStyle.of(this);
        this.heartbeat = new HeartbeatThread(this, incarnation);
        this.metadata = new MetadataWatch(this);
        this.firstAssignment = new DurationDraws(ctx.consumers().startup().firstAssignment(), ctx.seed(),
                "first-assignment", pod + ":" + incarnation);
        this.firstSync = new DurationDraws(ctx.consumers().startup().firstSync(), ctx.seed(), "first-sync",
                pod + ":" + incarnation);
    }

    CoordinatorConnection coordinator() {
        return connection;
    }

    /** The JVM is up: the application thread calls poll() for the first time. */
    @Override
    public void start() {
        connection.whenFound(() -> {
            heartbeat.coordinatorFound();
            pollLoop.wake();
        });
        metadata.start();
        pollLoop.wake();
    }

    /**
     * poll()'s group work (ConsumerCoordinator#poll): find the coordinator, and (re)join when needed.
     * A member with an assignment keeps fetching while its coordinator is unknown, since poll()
     * ignores the outcome of the coordinator's poll (ClassicKafkaConsumer#poll). During a rebalance,
     * eager members process nothing; cooperative ones keep processing what they own (KAFKA-8421).
     */
    @Override
    public boolean pollGroup() {
        heartbeat.polled();
        followPattern();
        if (!rejoinNeeded && metadata.changedSinceAssignment()) {
            rejoinNeeded = true;
        }
        boolean known = connection.isKnown();
        if (!known) {
            connection.lookup();
        }
        if (rejoinNeeded || state != ClientState.STABLE) {
            if (known) {
                prepareAndJoin();
            }
            return rebalanceStyle.processesDuringRebalance() && !pollLoop.owned().isEmpty();
        }
        return true;
    }

    /** maybeUpdateSubscriptionMetadata with a pattern: a new match changes the subscription, and the member rejoins. */
    private void followPattern() {
        if (patterns == null) {
            return;
        }
        ClientMetadata known = metadata.metadata();
        List<String> matched = patterns.rematch(known.version(), known.counts(), pollLoop.subscription());
        if (matched != null) {
            patterns.tell(this, matched);
            pollLoop.subscribe(matched);
            subscriptionChanged();
        }
    }

    @Override
    public boolean isSettled() {
        return state == ClientState.STABLE;
    }

    /** ConsumerCoordinator.poll returns before maybeAutoCommitOffsetsAsync while its join is not complete. */
    @Override
    public boolean reachesAutoCommit() {
        return state == ClientState.STABLE && !rejoinNeeded && !joining;
    }

    @Override
    public boolean commitsWhenUnsettled() {
        return true;
    }

    @Override
    public void connectionDropped() {
        metadata.connectionDropped();
    }

    @Override
    public void fetchedUnknownTopic() {
        metadata.fetchFailed();
    }

    @Override
    public void subscriptionChanged() {
        metadata.subscriptionChanged();
        requestRejoin();
    }

    /**
     * Called from poll() when the member must (re)join: eager onJoinPrepare (commit, then revoke
     * everything, or drop everything as lost when the generation was reset), then JoinGroup.
     */
    void prepareAndJoin() {
        if (joining) {
            return;
        }
        joining = true;
        if (!inRebalance) {
            inRebalance = true;
            ctx.events().publish(new PodRebalanceStarted(pod));
        }
        rebalanceStyle.prepareJoin(this::sendJoinGroup);
    }

    private void sendJoinGroup() {
        state = ClientState.PREPARING_REBALANCE;
        JoinGroupRequest request = new JoinGroupRequest(memberId, instanceId, pod, config.sessionTimeoutMs(),
                config.maxPollIntervalMs(), assignors.protocols(pollLoop.subscription(),
                        assignors.isCooperative() ? pollLoop.owned() : List.of(), generation));
        long timeoutMs = Math.max(config.requestTimeoutMs(), config.maxPollIntervalMs() + 5000);
        // The JoinGroup answer is read by the application thread (the heartbeat thread is off now),
        // so a member busy with a batch handles it only at its next poll().
        connection.joinGroup(request, timeoutMs,
                response -> jvm.run(() -> pollLoop.onApplicationThread(() -> onJoinGroup(response))));
    }

    private void onJoinGroup(JoinGroupResponse response) {
        switch (response.error()) {
            case NONE -> joined(response);
            case MEMBER_ID_REQUIRED -> {
                setMemberId(response.memberId());
                sendJoinGroup();
            }
            case UNKNOWN_MEMBER_ID -> {
                resetGeneration(true);
                failRound();
                sendJoinGroup();
            }
            case ILLEGAL_GENERATION -> {
                resetGeneration(false);
                failRound();
                sendJoinGroup();
            }
            case REBALANCE_IN_PROGRESS -> sendJoinGroup();
            case FENCED_INSTANCE_ID, GROUP_MAX_SIZE_REACHED, INVALID_SESSION_TIMEOUT, INCONSISTENT_GROUP_PROTOCOL
                    -> fatal(response.error());
            default -> retryLater();
        }
    }

    private void joined(JoinGroupResponse response) {
        setMemberId(response.memberId());
        generation = response.generationId();
        protocolName = response.protocolName();
        state = ClientState.COMPLETING_REBALANCE;
        heartbeat.enable();
        Map<String, List<TopicPartition>> assignments = Map.of();
        boolean assignedUserData = false;
        long computeMs = 0;
        long coldAssignMs = 0;
        if (response.isLeader()) {
            // The leader assigns from its cached metadata, and watches it from now on (with KIP-814's
            // skipAssignment too).
            Map<String, Integer> known = metadata.leaderElected(pollLoop.subscription(), response.members());
            if (!response.skipAssignment()) {
                Map<String, Integer> cluster = ctx.production().partitionCounts();
                try {
                    assignments = assignors.assign(response.protocolName(), response.members(), known, cluster);
                } catch (AssignorException e) {
                    if (e.isUsersAssignor() || known.equals(cluster)) {
                        throw e;
                    }
                    if (e.getCause() == null) {
                        throw e.onStaleLeaderMetadata("the leader's metadata " + known + " is older than the "
                                + "cluster's " + cluster + ", and Kafka hands such an answer out unchecked: two members "
                                + "would consume one partition, which the simulator does not model. The run stopped "
                                + "there; a shorter metadata.max.age.ms narrows the window in Kafka too");
                    }
                    assignorThrewOnStaleMetadata(e);
                    return;
                }
                assignedUserData = assignors.assignedUserData(response.protocolName());
                computeMs = assignors.computeMs(response.protocolName(), response.members(), known)
                        + assignors.lastAssignWorkMs(response.protocolName());
                coldAssignMs = assignedBefore ? 0 : firstAssignment.nextMs();
                assignedBefore = true;
            }
        } else {
            metadata.followerJoined();
        }
        SyncGroupRequest request = new SyncGroupRequest(memberId, instanceId, generation, assignments,
                assignedUserData);
        if (computeMs + coldAssignMs == 0) {
            sendSyncGroup(request);
            return;
        }
        syncGroupAfterAssignment(request, computeMs, coldAssignMs, response.members().size());
    }

    /**
     * Kafka's sticky assignors keep what members owned but count the partitions in the leader's metadata,
     * so a leader whose metadata predates partitions a member owns can make them throw
     * (AbstractStickyAssignor: "No more unfilled consumers to be assigned") or answer one partition to two
     * members (handled above). Kafka's onLeaderElected turns a throw into a failed join, and
     * joinGroupIfNeeded throws it out of poll() (not retriable): the application gets the exception and
     * exits, as for any fatal error (docs/kafka-semantics.md §16).
     */
    private void assignorThrewOnStaleMetadata(AssignorException e) {
        ctx.events().publish(new Story(pod, StoryKind.FATAL, -1, e.getMessage() + ": the leader's metadata "
                + "is older than the partitions members own; poll() throws it and the consumer exits"));
        die();
    }

    /**
     * The leader's assign() takes computeMs of wall time in Kafka (AssignmentCost, measured, and a Kafka Streams
     * leader's Admin calls: topology.assignWork), and the first in its
     * process coldAssignMs more (startup.firstAssignment: cold code): the result is computed now,
     * and the SyncGroup leaves when that time has passed. The heartbeat thread may have
     * reset the generation meanwhile (Kafka then sends the SyncGroup anyway and its answer fails the
     * round); here the stale assignment is dropped and the member rejoins at its next poll().
     */
    private void syncGroupAfterAssignment(SyncGroupRequest request, long computeMs, long coldAssignMs, int members) {
        long totalMs = computeMs + coldAssignMs;
        ctx.events().publish(new Story(pod, StoryKind.ASSIGNOR_RUN, totalMs, "leader runs the " + protocolName
                + " assignor for " + members + " members: " + totalMs + " ms before its SyncGroup"
                + (coldAssignMs == 0 ? "" : " (" + coldAssignMs + " ms of them its process's first assignment)")));
        int assignedGeneration = generation;
        String assignedMemberId = memberId;
        ctx.sim().after(totalMs, () -> jvm.run(() -> {
            if (generation == assignedGeneration && memberId.equals(assignedMemberId)
                    && state == ClientState.COMPLETING_REBALANCE) {
                sendSyncGroup(request);
            } else {
                joining = false;
                failRound();
                requestRejoin();
            }
        }));
    }

    private void sendSyncGroup(SyncGroupRequest request) {
        // onJoinComplete (revocations, onPartitionsAssigned) runs inside poll() too.
        connection.syncGroup(request, answer -> jvm.run(() -> pollLoop.onApplicationThread(() -> {
            takingAssignment = true;
            // A cold client's onJoinComplete: the application thread is busy that long before the callback.
            long coldMs = warm || answer.error() != Errors.NONE ? 0 : firstSync.nextMs();
            if (coldMs == 0) {
                takeAssignment(answer);
            } else {
                ctx.sim().after(coldMs, () -> jvm.run(() -> takeAssignment(answer)));
            }
        })));
    }

    /**
     * The assignor's onAssignment comes first in onJoinComplete; Kafka Streams' waits there for its state updater to
     * hand back the tasks the assignment takes away (docs/kafka-semantics.md §19), and nothing of the assignment is
     * done, nor any callback called, before that.
     */
    private void takeAssignment(SyncGroupResponse answer) {
        afterStateUpdaterTurn(() -> answer.error() != Errors.NONE ? 0
                : assignors.onAssignmentWaitMs(protocolName, answer.assignment()), () -> onSyncGroup(answer));
    }

    private void onSyncGroup(SyncGroupResponse response) {
        joining = false;
        boolean rejoinAsked = rejoinAskedWhileTaking;
        takingAssignment = false;
        rejoinAskedWhileTaking = false;
        switch (response.error()) {
            case NONE -> {
                if (generation < 0 || state != ClientState.COMPLETING_REBALANCE) {
                    // The heartbeat thread reset the generation (an ILLEGAL_GENERATION or UNKNOWN_MEMBER_ID
                    // answer, a poll timeout) while the SyncGroup was in flight: Kafka's SyncGroupResponseHandler
                    // fails the round ("Generation data was cleared by heartbeat thread") and rejoins.
                    rejoinAfterFailure(false, false);
                    return;
                }
                state = ClientState.STABLE;
                warm = true;
                rejoinNeeded = false;
                inRebalance = false;
                assignors.onAssignment(protocolName, response.assignment(), generation);
                ctx.events().publish(new PodRebalanceCompleted(pod, generation));
                rebalanceStyle.applyAssignment(response.assignment());
                if (metadata.joinCompleted(response.assignment()) || rejoinAsked) {
                    rejoinNeeded = true;
                }
                pollLoop.wake();
            }
            case UNKNOWN_MEMBER_ID -> rejoinAfterFailure(true, true);
            case ILLEGAL_GENERATION -> rejoinAfterFailure(true, false);
            case REBALANCE_IN_PROGRESS -> {
                // joinGroupIfNeeded: the round failed, the generation stands and the JoinGroup goes out again in
                // the same poll(), without onJoinPrepare (needsJoinPrepare is set again only by a completed join or
                // a reset generation), so no second revocation or commit before it.
                failRound();
                joining = true;
                sendJoinGroup();
            }
            case FENCED_INSTANCE_ID -> fatal(response.error());
            default -> retryLater();
        }
    }

    private void rejoinAfterFailure(boolean resetGeneration, boolean resetMemberId) {
        if (resetGeneration) {
            resetGeneration(resetMemberId);
        }
        state = ClientState.UNJOINED;
        failRound();
        requestRejoin();
    }

    /** Coordinator errors: rediscover it, then the next poll() joins again after the retry backoff. */
    private void retryLater() {
        joining = false;
        state = ClientState.UNJOINED;
        failRound();
        connection.markUnknownAndDisconnect();
        ctx.sim().after(config.retryBackoffMs(), () -> jvm.run(this::requestRejoin));
    }

    private void failRound() {
        ctx.events().publish(new PodRebalanceFailed(pod));
    }

    /** A heartbeat said the group rebalances, or the member lost its generation: rejoin at the next poll(). */
    void requestRejoin() {
        if (takingAssignment) {
            // joinGroupIfNeeded rejoins once onJoinComplete has returned.
            rejoinAskedWhileTaking = true;
            return;
        }
        rejoinNeeded = true;
        pollLoop.wake();
    }

    /**
     * Whether the member is taking a SyncGroup answer (onJoinComplete runs: the cold client's work, a Kafka Streams
     * wait for its state updater): Kafka's member is STABLE meanwhile, so a heartbeat answered REBALANCE_IN_PROGRESS
     * asks it to rejoin, which it does once onJoinComplete has returned (AbstractCoordinator#joinGroupIfNeeded).
     */
    boolean isTakingAssignment() {
        return takingAssignment;
    }

    void resetGeneration(boolean memberIdToo) {
        generation = -1;
        state = ClientState.UNJOINED;
        if (memberIdToo) {
            memberId = "";
        }
    }

    private void setMemberId(String id) {
        if (!id.equals(memberId)) {
            memberId = id;
            ctx.events().publish(new MemberIdAssigned(pod, id));
        }
    }

    /**
     * The poll timer expired (max.poll.interval.ms without a poll): maybeLeaveGroup. A dynamic member
     * sends LeaveGroup, a static one sends nothing; both reset generation and member id.
     */
    void pollTimeoutExpired() {
        ctx.events().publish(new PollTimeout(pod));
        ctx.events().publish(new Story(pod, StoryKind.POLL_TIMEOUT, config.maxPollIntervalMs(), "max.poll.interval.ms ("
                + config.maxPollIntervalMs() + " ms) passed without a poll(): "
                + (instanceId == null ? "leaves the group" : "static, stays until its session expires")));
        leaveGroup();
        resetGeneration(true);
        rejoinNeeded = true;
    }

    /** maybeLeaveGroup: a dynamic member sends LeaveGroup, a static one nothing. */
    void leaveGroup() {
        if (instanceId == null) {
            sendLeaveGroup();
        }
    }

    /** A LeaveGroup, with the member's group.instance.id if it has one (a static member leaving for good). */
    private void sendLeaveGroup() {
        if (!memberId.isEmpty() && connection.isKnown()) {
            connection.leaveGroup(new LeaveGroupRequest(memberId, instanceId), (LeaveGroupResponse ignored) -> { });
        }
    }

    /** Sends a commit of every consumed position; {@code done} gets the outcome. */
    @Override
    void sendCommit(CommitCall call, java.util.function.Consumer<Errors> done) {
        commits.commitConsumed(call, done);
    }

    /**
     * Graceful close(): finish the batch in hand, commit, then onLeavePrepare's callback (onPartitionsRevoked,
     * or onPartitionsLost when the generation is gone or a rebalance is under way, each only if the member owns
     * anything), then the LeaveGroup (dynamic only), and exit.
     */
    @Override
    public void close() {
        pollLoop.closeAfterBatch(() -> {
            boolean leaves = ctx.consumers().leavesGroupOnClose(pod);
            Runnable leave = () -> {
                endTasks(true);
                if (leaves) {
                    sendLeaveGroup();
                }
                closeFinished();
            };
            if (state == ClientState.STABLE && generation >= 0 && !pollLoop.owned().isEmpty()) {
                commitOnRevocation(error -> callbacks.call(ListenerCallback.REVOKED, pollLoop.owned(), ms -> {
                    if (leaves) {
                        pollLoop.revoke(pollLoop.owned(), ms);
                    } else {
                        pollLoop.dropWithoutLeaving();
                    }
                }, ms -> leave.run()));
            } else if (!pollLoop.owned().isEmpty()) {
                callbacks.call(ListenerCallback.LOST, pollLoop.owned(), ms -> pollLoop.loseAll(), ms -> leave.run());
            } else {
                pollLoop.loseAll();
                leave.run();
            }
        });
    }

    @Override
    void stopBackgroundWork() {
        heartbeat.stop();
        metadata.stop();
        endTasks(false);
    }
}
