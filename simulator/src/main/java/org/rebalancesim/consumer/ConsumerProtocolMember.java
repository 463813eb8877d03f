package org.rebalancesim.consumer;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.rebalancesim.cluster.Link;
import org.rebalancesim.events.ListenerCallback;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.coordinator.Errors;
import org.rebalancesim.coordinator.MemberIds;
import org.rebalancesim.coordinator.consumer.ConsumerGroupMessages;
import org.rebalancesim.coordinator.streams.TaskSets;
import org.rebalancesim.partition.TaskId;
import org.rebalancesim.engine.Rng;
import org.rebalancesim.events.CommitFailure;
import org.rebalancesim.events.PodEvents.MemberIdAssigned;
import org.rebalancesim.events.PodEvents.PodRebalanceCompleted;
import org.rebalancesim.events.PodEvents.PodRebalanceFailed;
import org.rebalancesim.events.PodEvents.PodRebalanceStarted;
import org.rebalancesim.events.PodEvents.PollTimeout;
import org.rebalancesim.events.PodEvents.Story;
import org.rebalancesim.events.StoryKind;

/**
 * One process of a consumer on the KIP-848 consumer protocol (group.protocol: consumer). There is no
 * join barrier: the member heartbeats (ConsumerGroupHeartbeat) in the background, the coordinator
 * hands out partitions as their previous owners release them, and the member reconciles only inside
 * poll() (docs/kafka-semantics.md §10, §17): it stops fetching what it loses, commits, runs onPartitionsRevoked
 * and onPartitionsAssigned on the application thread in two separate turns, then acknowledges with an
 * immediate heartbeat.
 */
public final class ConsumerProtocolMember extends ConsumerProcessBase {

    /** The KIP-848 client. */
    public static final ClientFactory CLIENT = (ctx, pod, link, subscription, slowRecords, incarnation, onExit)
            -> new ConsumerProtocolMember(ctx, pod, link, subscription, slowRecords, incarnation, onExit, false);
    /**
     * A Kafka Streams thread under group.protocol streams (KIP-1071): the same reconciliation inside poll(), with
     * tasks for partitions (docs/kafka-semantics.md §27).
     */
    public static final ClientFactory STREAMS_CLIENT = (ctx, pod, link, subscription, slowRecords, incarnation, onExit)
            -> new ConsumerProtocolMember(ctx, pod, link, subscription, slowRecords, incarnation, onExit, true);

    /**
     * What the member reconciles to: the partitions it fetches, and under the streams protocol the tasks they
     * come from (null for a plain consumer).
     */
    record Target(List<TopicPartition> partitions, TaskSets tasks) {
        static Target of(List<TopicPartition> assignment) {
            List<TopicPartition> sorted = new ArrayList<>(assignment);
            sorted.sort(null);
            return new Target(List.copyOf(sorted), null);
        }
    }

    final ConsumerHeartbeats heartbeats;
    /** The metadata a client-side pattern is matched against, or null without one. */
    private ClientMetadata patternMetadata;
    /** KIP-1082: the client makes its member id, once per process. */
    final String memberId;
    int memberEpoch = ConsumerGroupMessages.JOIN_EPOCH;
    private final GroupRequests requests;
    /** The latest assignment the coordinator sent that poll() has not reconciled yet, or null. */
    private Target toReconcile;
    /** Under the streams protocol, the tasks of the last reconciled assignment (what the member reports owning). */
    private TaskSets reconciledTasks = TaskSets.EMPTY;
    /**
     * StreamThread's streamsGroupReady: a Streams thread processes nothing until a heartbeat answers without
     * ASSIGNMENT_DELAYED (false at first), nor after one that answers with it. Always true for a consumer.
     */
    private boolean groupReady;
    /** In the group (joined or joining); false after leaving, being fenced, or before the first poll. */
    private boolean joined;
    private boolean lostPending;
    private boolean reconciling;
    /**
     * Whether this membership reconciled an assignment yet. Until it did, its current assignment is
     * LocalAssignment.NONE, which no target equals, not even an empty one (AbstractMembershipManager).
     */
    private boolean reconciledOnce;
    /** Bumped when the member is fenced or leaves: a reconciliation of an older membership stops. */
    private int membership;

    ConsumerProtocolMember(PodContext ctx, String pod, Link link, List<String> subscription,
                           PollLoop.SlowRecords slowRecords, int incarnation, Runnable onExit, boolean streams) {
        super(ctx, pod, link, subscription, slowRecords, incarnation, onExit);
        if (streams) {
            // No follow-up rebalances under the streams protocol: the broker moves tasks by itself.
            this.streamsTasks = new StreamsTasks(this, ctx.streams(), () -> { }, incarnation);
            this.requests = new StreamsGroupRequests(this, streamsTasks, ctx.streams());
        } else {
            this.requests = new ConsumerGroupRequests(this);
            this.groupReady = true;
        }
        this.heartbeats = new ConsumerHeartbeats(this, requests, incarnation);
        this.memberId = MemberIds.uuid(Rng.stream(ctx.seed(), "member-id:" + pod + ":" + incarnation));
    }

    @Override
    public void start() {
        connection.whenFound(() -> {
            heartbeats.coordinatorFound();
            pollLoop.wake();
        });
        if (patterns != null) {
            startPatternMetadata();
        }
        ctx.events().publish(new MemberIdAssigned(pod, memberId));
        pollLoop.wake();
    }

    /**
     * A pattern needs the metadata of every topic (ConsumerMetadata: allTopics); a refresh that changed something
     * wakes poll(), which matches the pattern against it.
     */
    private void startPatternMetadata() {
        patternMetadata = new ClientMetadata(this, pollLoop::wake);
        patternMetadata.start();
    }

    /** Only a pattern reads the client's metadata: the coordinator hands out partitions from its own. */
    @Override
    public void fetchedUnknownTopic() {
        if (patternMetadata != null) {
            patternMetadata.requestUpdate();
        }
    }

    /**
     * maybeUpdatePatternSubscription at poll(): a new match changes the subscription, which the next heartbeat carries.
     * A pattern subscribed while the process runs (the timeline's subscribe) gets its metadata here; a subscription to
     * topics again stops it.
     */
    private void followPattern() {
        if (patterns == null) {
            if (patternMetadata != null) {
                patternMetadata.stop();
                patternMetadata = null;
            }
            return;
        }
        if (patternMetadata == null) {
            startPatternMetadata();
        }
        List<String> matched = patterns.rematch(patternMetadata.version(), patternMetadata.counts(),
                pollLoop.subscription());
        if (matched != null) {
            patterns.tell(this, matched);
            pollLoop.subscribe(matched);
            subscriptionChanged();
        }
    }

    /**
     * poll()'s group work: join on the first poll (or after being fenced or leaving), drop what was
     * lost, and reconcile the latest assignment. Owned partitions are processed meanwhile: there is no
     * group-wide barrier.
     */
    @Override
    public boolean pollGroup() {
        heartbeats.polled();
        followPattern();
        if (!connection.isKnown()) {
            connection.lookup();
        }
        if (lostPending) {
            lostPending = false;
            if (pollLoop.owned().isEmpty()) {
                pollLoop.loseAll();
                loseTasks();
            } else {
                // onPartitionsLost runs before the member rejoins (AbstractMembershipManager#transitionToFenced
                // joins when the callback's future completes); the poll() that goes on after it joins.
                callbacks.call(ListenerCallback.LOST, pollLoop.owned(), ms -> {
                    pollLoop.loseAll();
                    loseTasks();
                }, ms -> { });
                if (pollLoop.isInCallback()) {
                    return false;
                }
            }
        }
        if (!joined) {
            join();
        } else if (toReconcile != null && !reconciling) {
            reconcile(toReconcile);
        }
        return groupReady;
    }

    /** A heartbeat's answer said whether the group is ready (docs/kafka-semantics.md §27): a ready thread works. */
    void groupReady(boolean ready) {
        boolean wasReady = groupReady;
        groupReady = ready;
        if (ready != wasReady && joined) {
            refreshBlocked();
        }
        if (ready && !wasReady) {
            pollLoop.wake();
        }
    }

    /**
     * Blocked while it holds nothing it may process (counted only while the group rebalances), or, as a Streams
     * thread, while its group answers ASSIGNMENT_DELAYED.
     */
    private void refreshBlocked() {
        setBlocked(pollLoop.owned().isEmpty() || !groupReady);
    }

    private void join() {
        joined = true;
        reconciledOnce = false;
        memberEpoch = ConsumerGroupMessages.JOIN_EPOCH;
        ctx.events().publish(new PodRebalanceStarted(pod));
        refreshBlocked();
        heartbeats.sendNow();
    }

    /** onTasksLost: a Streams thread fenced or out of the group closes its tasks. */
    private void loseTasks() {
        if (streamsTasks != null) {
            streamsTasks.assigned(new TreeSet<>(), new TreeSet<>(), -1, false);
            reconciledTasks = TaskSets.EMPTY;
        }
    }

    /** Whether the member already holds {@code target}: nothing to reconcile. */
    private boolean holds(Target target) {
        return reconciledOnce && target.partitions().equals(pollLoop.owned())
                && (target.tasks() == null || target.tasks().equals(reconciledTasks));
    }

    /** The tasks of the last reconciled assignment (streams protocol). */
    TaskSets reconciledTasks() {
        return reconciledTasks;
    }

    /** The coordinator sent an assignment: reconciled inside poll() (a waiting one is woken for it). */
    void assignmentReceived(Target target) {
        if (!reconciling && holds(target)) {
            toReconcile = null;
            return;
        }
        toReconcile = target;
        if (config.enableAutoCommit() || !target.partitions().containsAll(pollLoop.owned())) {
            // maybeReconcile(canCommit false) on the background thread returns: the reconciliation starts
            // with the AsyncPollEvent of poll()'s next loop turn (docs/kafka-semantics.md §17).
            pollLoop.wakeAtNextLoopTurn();
        } else {
            pollLoop.wake();
        }
    }

    /**
     * AMM#maybeReconcile from poll(): stop fetching what is revoked, commit (auto-commit's commit before
     * revocation; without auto-commit, the application's own in onPartitionsRevoked), then the callbacks.
     * The application registered a rebalance listener, so each callback is an event the application
     * thread runs in its own turn inside poll() (docs/kafka-semantics.md §17).
     */
    private void reconcile(Target target) {
        if (holds(target)) {
            // A target that came during the last reconciliation and asks for what it now owns.
            toReconcile = null;
            return;
        }
        reconciling = true;
        int reconciledIn = membership;
        List<TopicPartition> revoked = new ArrayList<>(pollLoop.owned());
        revoked.removeAll(target.partitions());
        List<TopicPartition> added = new ArrayList<>(target.partitions());
        added.removeAll(pollLoop.owned());
        Runnable callbacks = () -> {
            if (revoked.isEmpty()) {
                // onPartitionsRevoked is not called for nothing; onPartitionsAssigned always is.
                nextTurn(reconciledIn, () -> assignTurn(reconciledIn, target, added));
            } else {
                nextTurn(reconciledIn, () -> revokeTurn(reconciledIn, target, revoked, added));
            }
        };
        if (!revoked.isEmpty()) {
            pollLoop.pauseFetching(revoked);
        }
        if (config.enableAutoCommit() || !revoked.isEmpty() && commitsOnRevocation()) {
            // Bounded by the rebalance timeout; the outcome does not stop the reconciliation.
            commitConsumed(CommitCall.beforeRevocation(config), error -> callbacks.run());
        } else {
            callbacks.run();
        }
    }

    /**
     * A callback the background thread hands to the application thread: it runs at the next turn of the
     * thread's poll() loop ({@link PollLoop#atNextLoopTurn}), after the turn that is running now (which may
     * have started a batch: then after it).
     * A reconciliation of an older membership (fenced, left) is dropped (AMM#maybeAbortReconciliation).
     */
    private void nextTurn(int reconciledIn, Runnable turn) {
        ctx.sim().after(0, () -> jvm.run(() -> pollLoop.atNextLoopTurn(() -> {
            if (reconciledIn != membership || !joined) {
                reconciling = false;
                return;
            }
            turn.run();
        })));
    }

    /** The first turn: onPartitionsRevoked. The assignment callback is queued only once it has run. */
    private void revokeTurn(int reconciledIn, Target target, List<TopicPartition> revoked,
                            List<TopicPartition> added) {
        callbacks.call(ListenerCallback.REVOKED, revoked, ms -> pollLoop.revoke(revoked, ms),
                ms -> nextTurn(reconciledIn, () -> assignTurn(reconciledIn, target, added)));
    }

    /**
     * The second turn: onPartitionsAssigned (even of nothing), then ACKNOWLEDGING sends a heartbeat at once: the
     * acknowledgement waits for the callback to return (the reconciliation completes with the callback's future,
     * AbstractMembershipManager#revokeAndAssign), and the new partitions are fetched only after it (they await
     * their callback in the subscription state until then).
     */
    private void assignTurn(int reconciledIn, Target target, List<TopicPartition> added) {
        // The member now owns its partitions in this epoch: say so before it takes new ones.
        ctx.events().publish(new PodRebalanceCompleted(pod, memberEpoch));
        if (target.tasks() == null) {
            assignCallback(reconciledIn, target, added);
            return;
        }
        // onTasksAssigned: the task manager closes what moved away and creates the new tasks, once its state updater
        // has handed back the tasks it leaves (TaskManager#handleAssignment; docs/kafka-semantics.md §19).
        SortedSet<TaskId> replicas = new TreeSet<>(target.tasks().standby());
        replicas.addAll(target.tasks().warmup());
        afterStateUpdaterTurn(() -> streamsTasks.stateUpdaterWaitMs(target.tasks().active(), replicas), () -> {
            if (reconciledIn != membership || !joined) {
                // Fenced or gone while the thread waited: the reconciliation is dropped (maybeAbortReconciliation).
                reconciling = false;
                return;
            }
            streamsTasks.assigned(target.tasks().active(), replicas, -1, false);
            reconciledTasks = target.tasks();
            assignCallback(reconciledIn, target, added);
        });
    }

    private void assignCallback(int reconciledIn, Target target, List<TopicPartition> added) {
        callbacks.call(ListenerCallback.ASSIGNED, added, ms -> { }, ms -> assigned(reconciledIn, target, added, ms));
    }

    private void assigned(int reconciledIn, Target target, List<TopicPartition> added, long callbackMs) {
        if (reconciledIn != membership || !joined) {
            // Fenced or gone while the callback ran: the reconciliation is dropped (maybeAbortReconciliation).
            reconciling = false;
            return;
        }
        if (!added.isEmpty()) {
            pollLoop.add(added, callbackMs);
        }
        // signalReconciliationCompleting, before the acknowledgement.
        pollLoop.restartAutoCommitInterval();
        reconciling = false;
        reconciledOnce = true;
        if (toReconcile == target) {
            toReconcile = null;
        }
        refreshBlocked();
        heartbeats.sendNow();
        // An idle thread fetches its new partitions (and reconciles a target that came meanwhile) at once.
        pollLoop.wake();
    }

    /** FENCED_MEMBER_EPOCH or UNKNOWN_MEMBER_ID: onPartitionsLost at the next poll(), then rejoin with epoch 0. */
    void fenced(Errors error) {
        ctx.events().publish(new Story(pod, StoryKind.FENCED, -1,
                "fenced (" + error + "): loses its partitions and rejoins"));
        ctx.events().publish(new PodRebalanceFailed(pod));
        joined = false;
        membership++;
        reconciling = false;
        lostPending = true;
        toReconcile = null;
        pollLoop.wake();
    }

    /**
     * max.poll.interval.ms passed without a poll: the member leaves (epoch -1; a static member -2,
     * keeping its assignment on the coordinator while its session runs), goes stale, and at its next
     * poll() loses its partitions and rejoins with epoch 0.
     */
    void pollTimeoutExpired() {
        ctx.events().publish(new PollTimeout(pod));
        ctx.events().publish(new Story(pod, StoryKind.POLL_TIMEOUT, config.maxPollIntervalMs(), "max.poll.interval.ms ("
                + config.maxPollIntervalMs() + " ms) passed without a poll(): leaves the group with epoch " + leaveEpoch()));
        heartbeats.leave(leaveEpoch());
        joined = false;
        membership++;
        reconciling = false;
        lostPending = true;
        toReconcile = null;
    }

    int leaveEpoch() {
        return instanceId == null ? ConsumerGroupMessages.LEAVE_EPOCH : ConsumerGroupMessages.STATIC_LEAVE_EPOCH;
    }

    boolean isJoined() {
        return joined;
    }

    /** Sends {@code call}'s commit of every consumed position with the member's epoch; {@code done} gets the outcome. */
    @Override
    void sendCommit(CommitCall call, Consumer<Errors> done) {
        Map<TopicPartition, Long> offsets = pollLoop.consumedPositions();
        if (!offsets.isEmpty() && call == CommitCall.COMMIT_SYNC) {
            SyncCommitLoop.run(this, answered -> sendCommit(call, offsets, answered), done);
            return;
        }
        if (offsets.isEmpty() || !connection.isKnown() && call != CommitCall.COMMIT_ASYNC) {
            done.accept(Errors.NONE);
            return;
        }
        // CommitRequestManager keeps a commitAsync pending while the coordinator is unknown (poll() sends nothing
        // then; only a fatal coordinator error or close() fails it): it goes once one is found.
        connection.whenKnown(() -> sendCommit(call, offsets, done));
    }

    /** The commit request, sent when the coordinator is known; a member out of the group has nothing to commit. */
    private void sendCommit(CommitCall call, Map<TopicPartition, Long> offsets, Consumer<Errors> done) {
        if (!joined || memberEpoch <= 0) {
            done.accept(Errors.NONE);
            return;
        }
        requests.commit(new ConsumerGroupMessages.OffsetCommitRequest(memberId, memberEpoch, offsets),
                error -> jvm.run(() -> {
                    if (error == Errors.UNKNOWN_MEMBER_ID || error == Errors.STALE_MEMBER_EPOCH) {
                        // CommitRequestManager: both end the commit with a CommitFailedException; the
                        // heartbeat, not the commit, takes the member out of the group (docs/kafka-semantics.md §18).
                        call.failed(this, CommitFailure.COMMIT_FAILED, error.name(),
                                ": its heartbeat, not the commit, takes it out of the group");
                    } else if (call == CommitCall.COMMIT_ASYNC && CommitCall.isRetriable(error)) {
                        // commitAsyncExceptionForError: a retriable error is not retried by an async commit.
                        call.failed(this, CommitFailure.RETRIABLE_COMMIT_FAILED, error.name(), CommitCall.NOT_RETRIED);
                    }
                    if (CommitCall.losesCoordinator(error)) {
                        connection.markUnknown();
                    }
                    done.accept(error);
                }));
    }

    @Override
    public boolean isSettled() {
        return joined && memberEpoch > 0 && !reconciling;
    }

    /**
     * Nothing at once: AbstractMembershipManager.onSubscriptionUpdated only sets a flag, which the next poll() reads to
     * join a member that is not in the group (4.4.0 bytecode); a member in the group sends its new subscription in its
     * next regular heartbeat, up to the heartbeat interval later (docs/kafka-semantics.md §28).
     */
    @Override
    public void subscriptionChanged() {
    }

    /**
     * Graceful close(): finish the batch, commit, revoke, and leave with epoch -1 (a static member -2:
     * the coordinator keeps its assignment for it until its session expires).
     */
    @Override
    public void close() {
        Integer leaveEpoch = closeLeaveEpoch();
        Runnable leave = () -> {
            endTasks(true);
            if (joined && leaveEpoch != null) {
                heartbeats.leave(leaveEpoch);
            }
            closeFinished();
        };
        // AsyncKafkaConsumer#close: the commit, then the rebalance callback of what it owns, then the leave.
        pollLoop.closeAfterBatch(() -> commitOnRevocation(error -> {
            // No callback for nothing (runRebalanceCallbacksOnClose returns when nothing is owned).
            ListenerCallback callback = pollLoop.owned().isEmpty() ? null : ListenerCallback.REVOKED;
            callbacks.call(callback, pollLoop.owned(), ms -> {
                if (leaveEpoch != null && leaveEpoch == ConsumerGroupMessages.LEAVE_EPOCH) {
                    pollLoop.revoke(pollLoop.owned(), ms);
                } else {
                    pollLoop.dropWithoutLeaving();
                }
            }, ms -> leave.run());
        }));
    }

    /**
     * The epoch close() leaves with, or null for no leave heartbeat: -1 when the close takes the member out of
     * the group (ConsumersSpec#leavesGroupOnClose), else -2 for a static member (a temporary leave that keeps
     * its assignment) and nothing for a dynamic one (a Streams thread closed with REMAIN_IN_GROUP:
     * shouldSkipLeaveHeartbeat; it is fenced at its session timeout).
     */
    private Integer closeLeaveEpoch() {
        if (ctx.consumers().leavesGroupOnClose(pod)) {
            return ConsumerGroupMessages.LEAVE_EPOCH;
        }
        return instanceId != null ? Integer.valueOf(ConsumerGroupMessages.STATIC_LEAVE_EPOCH) : null;
    }

    @Override
    void stopBackgroundWork() {
        heartbeats.stop();
        if (patternMetadata != null) {
            patternMetadata.stop();
        }
        endTasks(false);
    }
}
