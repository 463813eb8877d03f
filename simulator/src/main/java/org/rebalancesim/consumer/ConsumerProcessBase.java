package org.rebalancesim.consumer;

import org.rebalancesim.scenario.TopicPattern;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.rebalancesim.cluster.Link;
import org.rebalancesim.coordinator.Errors;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.events.PodEvents.PodBlocked;
import org.rebalancesim.events.PodEvents.Story;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.scenario.ConsumerConfig;

/**
 * What every consumer process has, whatever its group protocol: its pod's context and config, the
 * JVM, its requests in flight, its connection to the coordinator and its poll loop; and how it dies.
 */
abstract class ConsumerProcessBase implements GroupClient, ConsumerProcess {

    final PodContext ctx;
    final String pod;
    final ConsumerConfig config;
    /** group.instance.id of this pod, null for a dynamic member. */
    final String instanceId;
    final Link link;
    final Jvm jvm;
    final PendingCalls calls;
    final CoordinatorConnection connection;
    final PollLoop pollLoop;
    /** The application's rebalance listener (consumers.listener). */
    final RebalanceCallbacks callbacks;
    /** KafkaConsumer.close()'s default timeout (DEFAULT_CLOSE_TIMEOUT_MS): how long it awaits pending requests. */
    static final long CLOSE_TIMEOUT_MS = 30_000;

    private final Runnable onExit;
    /** close()'s own work, one draw per close (startup.closeWork). */
    private final DurationDraws closeWorks;
    private final AsyncCommits asyncCommits = new AsyncCommits();
    private boolean blocked;
    /** The client-side pattern the member subscribes with, or null for a subscription to topics. */
    PatternSubscription patterns;
    /** subscribe(SubscriptionPattern)'s regex, which the group coordinator resolves; null without one. */
    String serverRegex;
    /** The Kafka Streams instance's tasks, or null for a plain consumer; set by the protocol's client. */
    StreamsTasks streamsTasks;

    ConsumerProcessBase(PodContext ctx, String pod, Link link, List<String> subscription,
                        PollLoop.SlowRecords slowRecords, int incarnation, Runnable onExit) {
        this.ctx = ctx;
        this.pod = pod;
        this.config = ctx.configs().of(pod);
        this.instanceId = config.instanceIdOf(pod);
        this.link = link;
        this.jvm = new Jvm(ctx.sim());
        this.calls = new PendingCalls(ctx.sim());
        this.connection = new CoordinatorConnection(this, calls);
        this.pollLoop = new PollLoop(this, subscription, slowRecords, incarnation);
        this.onExit = onExit;
        this.closeWorks = new DurationDraws(ctx.consumers().startup().closeWork(), ctx.seed(), "close-work",
                pod + ":" + incarnation);
        this.callbacks = new RebalanceCallbacks(this, ctx.consumers().listener().of(pod), incarnation);
    }

    /** subscribe(Pattern): the subscription follows the pattern from the next poll() on; null: topics again. */
    @Override
    public void subscribePattern(TopicPattern pattern) {
        patterns = pattern == null || pattern.serverSide() ? null : new PatternSubscription(pattern);
        serverRegex = pattern == null || !pattern.serverSide() ? null : pattern.regex();
    }

    /**
     * A pattern's topics come at the next poll(), which matches it (its match is new) and rejoins or heartbeats when
     * the subscription changed. A regex clears the topic names (SubscriptionState.subscribe(SubscriptionPattern)):
     * the next heartbeat carries the regex alone, and the group coordinator resolves it.
     */
    @Override
    public void resubscribe(TopicPattern pattern) {
        subscribePattern(pattern);
        if (pattern.serverSide()) {
            pollLoop.subscribe(List.of());
            subscriptionChanged();
        } else {
            pollLoop.wake();
        }
    }

    @Override
    public PodContext ctx() {
        return ctx;
    }

    @Override
    public String pod() {
        return pod;
    }

    @Override
    public ConsumerConfig config() {
        return config;
    }

    @Override
    public Jvm jvm() {
        return jvm;
    }

    @Override
    public Link link() {
        return link;
    }

    @Override
    public PollLoop pollLoop() {
        return pollLoop;
    }

    @Override
    public boolean isBlocked() {
        return blocked;
    }

    @Override
    public void processUp() {
        setBlocked(true);
    }

    void setBlocked(boolean nowBlocked) {
        if (blocked != nowBlocked) {
            blocked = nowBlocked;
            ctx.events().publish(new PodBlocked(pod, nowBlocked));
            pollLoop.updateDisplay();
        }
    }

    /** A non-retriable error: the consumer throws it to the application, which exits. */
    final void fatal(Errors error) {
        fatal(error, null);
    }

    /** @param why what the error means here, or null */
    final void fatal(Errors error, String why) {
        ctx.events().publish(new Story(pod, StoryKind.FATAL, -1, "fatal " + error + (why == null ? "" : " (" + why
                + ")") + ": the consumer exits"));
        die();
    }

    /** The process is gone (crash, fatal error, or the end of close()): everything it runs stops. */
    @Override
    public final void die() {
        if (!jvm.isAlive()) {
            return;
        }
        setBlocked(false);
        jvm.die();
        calls.abandon();
        stopWork();
        onExit.run();
    }

    /**
     * Kafka Streams takes an assignment (TaskManager#handleAssignment) only once its state updater has handed back the
     * tasks the assignment takes from it (docs/kafka-semantics.md §19): {@code take} runs after {@code waitMs}, the
     * rest of the updater's turn, with the application thread held meanwhile. A thread busy with a batch holds it from
     * its next poll(), and the wait is what is left of the turn then.
     */
    final void afterStateUpdaterTurn(LongSupplier waitMs, Runnable take) {
        if (waitMs.getAsLong() == 0) {
            take.run();
            return;
        }
        pollLoop.whenThreadFree(() -> {
            long heldMs = waitMs.getAsLong();
            if (heldMs == 0) {
                take.run();
                return;
            }
            ctx.events().publish(new Story(pod, StoryKind.STATE_UPDATER_WAIT, heldMs, "waits " + heldMs
                    + " ms for its state updater to hand back tasks before it takes the assignment"));
            pollLoop.holdThread(heldMs, take);
        });
    }

    /**
     * close() has committed, revoked and sent its LeaveGroup (if any): its own work follows, startup.closeWork
     * (closing the heartbeat thread first, so no heartbeat renews the session meanwhile: AbstractCoordinator#close;
     * docs/kafka-semantics.md §22), then it returns.
     */
    final void closeFinished() {
        if (!jvm.isAlive()) {
            return;
        }
        long workMs = closeWorks.nextMs();
        if (workMs == 0) {
            closeReturned();
            return;
        }
        stopBackgroundWork();
        ctx.sim().after(workMs, () -> jvm.run(this::closeReturned));
    }

    /**
     * The end of a graceful close(): the process stops its work now, as it would on dying, but ends only
     * once the requests still in flight (the LeaveGroup, a heartbeat) are answered or time out, within
     * the close timeout: Kafka's close() awaits the pending coordinator requests before it closes the
     * network client (docs/kafka-semantics.md §22).
     */
    private void closeReturned() {
        if (!jvm.isAlive()) {
            return;
        }
        setBlocked(false);
        jvm.die();
        stopWork();
        calls.whenIdle(CLOSE_TIMEOUT_MS, () -> {
            calls.abandon();
            onExit.run();
        });
    }

    private void stopWork() {
        stopBackgroundWork();
        pollLoop.stop();
        pollLoop.updateDisplay();
    }

    /** Stops the protocol's own background work (heartbeats, metadata refreshes). */
    abstract void stopBackgroundWork();

    /**
     * Commits every consumed position and waits (commitSync); {@code done} gets the outcome. A commitAsync still
     * in flight goes first: Kafka's requests to the coordinator share one connection, answered in order.
     */
    @Override
    public final void commitConsumed(CommitCall call, Consumer<Errors> done) {
        if (asyncCommits.inFlight()) {
            asyncCommits.then(() -> sendCommit(call, done));
        } else {
            sendCommit(call, done);
        }
    }

    /** commitAsync of every consumed position: the thread goes on, and a failure is only reported. */
    @Override
    public final void commitAsync() {
        asyncCommits.commit(done -> sendCommit(CommitCall.COMMIT_ASYNC, done));
    }

    /** The protocol's offset commit request for {@code call}; {@code done} gets the outcome. */
    abstract void sendCommit(CommitCall call, Consumer<Errors> done);

    /**
     * Whether the member commits before it revokes: auto-commit's commit (onJoinPrepare, the consumer protocol's
     * commit before revocation, close()), or the application's commitSync in onPartitionsRevoked.
     */
    final boolean commitsOnRevocation() {
        return config.enableAutoCommit() || ctx.consumers().commits().of(pod).onRevoke();
    }

    /** The commit before a revocation, when the member makes one ({@link #commitsOnRevocation}), then {@code then}. */
    final void commitOnRevocation(Consumer<Errors> then) {
        if (commitsOnRevocation()) {
            commitConsumed(CommitCall.beforeRevocation(config), then);
        } else {
            then.accept(Errors.NONE);
        }
    }

    @Override
    public boolean isFetchPaused(TopicPartition tp) {
        return streamsTasks != null && streamsTasks.isPaused(tp);
    }

    @Override
    public boolean isRestoringOnly() {
        return streamsTasks != null && streamsTasks.isRestoringOnly();
    }

    @Override
    public void pausedFor(long addedMs) {
        if (streamsTasks != null) {
            streamsTasks.pausedFor(addedMs);
        }
    }

    @Override
    public void processed(TopicPartition tp, long records) {
        if (streamsTasks != null) {
            streamsTasks.processed(tp, records);
        }
    }

    @Override
    public boolean commitsAtTurnEnd(boolean afterBatch) {
        return streamsTasks == null ? afterBatch : streamsTasks.maybeCommit();
    }

    /** The Streams instance's tasks end with the process: cleanly from close(), else as after a crash. */
    final void endTasks(boolean clean) {
        if (streamsTasks != null) {
            streamsTasks.processEnded(clean);
        }
    }
}
