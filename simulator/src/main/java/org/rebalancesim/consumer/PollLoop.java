package org.rebalancesim.consumer;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.rebalancesim.partition.OffsetRange;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.engine.Rng;
import org.rebalancesim.engine.Timer;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.events.PodEvents.Fetched;
import org.rebalancesim.events.PodEvents.PartitionsAssigned;
import org.rebalancesim.events.PodEvents.PartitionsLost;
import org.rebalancesim.events.PodEvents.PartitionsRevoked;
import org.rebalancesim.events.PodEvents.PodStateChanged;
import org.rebalancesim.events.PodEvents.Story;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.scenario.ApplicationCommits;
import org.rebalancesim.scenario.Distributions;
import org.rebalancesim.workload.BatchTimer;

/**
 * The application thread: poll() → process up to max.poll.records → (commit) → poll(). Group work
 * (joining, rejoining) happens only inside poll(), so a member busy with a slow record holds the
 * eager join barrier until its next poll(). What it owns and where it fetches from: {@link OwnedPartitions}.
 */
final class PollLoop {

    /**
     * Slow records waiting for a pod's next processed record; they outlive a restart of the pod. One of the
     * record's own kind marks the record in the ledger (whoever processes it again is slowed); one of the
     * attempt's kind slows only the batch that takes it.
     */
    static final class SlowRecords {
        private final Deque<Long> pendingMs = new ArrayDeque<>();
        private final Deque<Boolean> pendingIsAttempt = new ArrayDeque<>();

        void add(long durationMs, boolean attemptOnly) {
            pendingMs.add(durationMs);
            pendingIsAttempt.add(attemptOnly);
        }
    }

    private final GroupClient member;
    private final BatchTimer batchTimer;
    private final SlowRecords slowRecords;
    private final Timer wakeUp;
    /** The end of the present turn of an AsyncKafkaConsumer's poll() loop, while work waits for it. */
    private final Timer loopTurn;
    private final Timer batchDone;
    /** The end of a rebalance listener callback that holds the thread ({@link #holdThread}). */
    private final Timer callbackDone;
    /** A Kafka Streams thread's work between two runOnce calls. */
    private final BetweenRunOnce betweenRunOnce;
    /** The owned partitions and their positions. */
    private final OwnedPartitions owned;
    /** Partitions the application does not fetch now (GroupClient#isFetchPaused), made once: every fetch reads it. */
    private final Predicate<TopicPartition> fetchPaused;
    private final Deque<Runnable> groupWork = new ArrayDeque<>();
    private final FirstFetch firstFetch;
    private List<String> subscription;
    private AppThread thread = AppThread.POLLING;
    private long nextAutoCommitMs;
    private Batch batch;
    private Runnable closeAction;
    /** When the latest poll() began: the turns of a wait inside it are counted from there. */
    private long pollStartedMs;
    private MemberState shown;

    PollLoop(GroupClient member, List<String> subscription, SlowRecords slowRecords, int incarnation) {
        this.member = member;
        this.subscription = List.copyOf(subscription);
        this.slowRecords = slowRecords;
        this.batchTimer = new BatchTimer(member.ctx().consumers().processing(),
                Rng.stream(member.ctx().seed(), "processing:" + member.pod()));
        // The process's timers die with it (stop() cancels them); the run's checks hold it to that.
        this.wakeUp = member.ctx().sim().timer(member.pod() + "'s poll loop", () -> member.jvm().isAlive());
        this.loopTurn = member.ctx().sim().timer(member.pod() + "'s poll() turn", () -> member.jvm().isAlive());
        this.batchDone = member.ctx().sim().timer(member.pod() + "'s batch", () -> member.jvm().isAlive());
        this.callbackDone = member.ctx().sim().timer(member.pod() + "'s rebalance callback", () -> member.jvm().isAlive());
        StreamsRuntime streams = member.ctx().streams();
        DurationDraws pollLateness = new DurationDraws(streams == null ? Distributions.NO_TIME
                : streams.app().topology().pollLateness(), member.ctx().seed(), "poll-lateness",
                member.pod() + ":" + incarnation);
        this.betweenRunOnce = new BetweenRunOnce(member.ctx().sim().timer(member.pod() + "'s stream thread poll",
                () -> member.jvm().isAlive()), new PollTurns(streams == null ? 0 : streams.app().pollMs(), pollLateness));
        this.nextAutoCommitMs = member.now() + member.config().autoCommitIntervalMs();
        this.firstFetch = new FirstFetch(member);
        this.owned = new OwnedPartitions(member.ctx().production());
        this.fetchPaused = member::isFetchPaused;
    }

    /** The owned partitions in (topic, partition) order. */
    List<TopicPartition> owned() {
        return owned.list();
    }

    /** Positions after every record already returned by poll(): what a commit stores (allConsumed). */
    Map<TopicPartition, Long> consumedPositions() {
        return owned.consumedPositions();
    }

    /** The next offset to fetch from {@code tp}, or -1 when the member does not own it. */
    long positionOf(TopicPartition tp) {
        return owned.positionOf(tp);
    }

    /**
     * Group work that must run on the application thread (JoinGroup and SyncGroup answers): at once
     * when the thread waits inside poll(), else at its next poll().
     */
    void onApplicationThread(Runnable work) {
        if (thread == AppThread.POLLING) {
            work.run();
        } else {
            groupWork.add(work);
        }
    }

    /**
     * Work the consumer protocol's background thread leaves for the application thread (a rebalance
     * callback; the poll event that starts a reconciliation): Kafka 4.4.0's AsyncKafkaConsumer.poll()
     * takes it at the start of its next loop turn (checkInflightPoll: processBackgroundEvents), and no
     * such event ends a wait for records. A turn's wait (pollForFetches) ends when fetched records come,
     * and otherwise after retry.backoff.ms while the member owns nothing, misses a position or has a fetch
     * under way, which is always so while it waits (docs/kafka-semantics.md §17). So a waiting thread takes
     * it at the next multiple of retry.backoff.ms since its poll() began, or earlier with records; a busy
     * one at its next poll().
     */
    void atNextLoopTurn(Runnable work) {
        groupWork.add(work);
        wakeAtNextLoopTurn();
    }

    /**
     * Kafka Streams: work for the end of the thread's present runOnce, whose poll() waits up to poll.ms for
     * records ({@link BetweenRunOnce}).
     */
    void afterRunOnce(Runnable work) {
        betweenRunOnce.add(work);
        scheduleRunOnceEndIfWaiting();
    }

    /**
     * Kafka Streams: work for the thread's next checkStateUpdater, which follows each return of its poll() and each
     * processing iteration ({@link BetweenRunOnce}).
     */
    void atStateUpdaterCheck(Runnable work) {
        betweenRunOnce.addCheck(work);
        scheduleRunOnceEndIfWaiting();
    }

    /** A thread busy with a batch does the work when the batch is done; a waiting one when its poll(poll.ms) ends. */
    private void scheduleRunOnceEndIfWaiting() {
        if (isWaitingInPoll()) {
            scheduleRunOnceEnd();
        }
    }

    private void scheduleRunOnceEnd() {
        betweenRunOnce.schedulePollEnd(member.now(), () -> member.jvm().run(() -> {
            if (isWaitingInPoll()) {
                betweenRunOnce.runAll();
                endTurn(false);
            }
        }));
    }

    /** Ends a wait inside poll() at its next loop turn (see {@link #atNextLoopTurn}); a busy thread polls anyway. */
    void wakeAtNextLoopTurn() {
        if (!isWaitingInPoll()) {
            return;
        }
        WaitTurns.armAtTurnEnd(loopTurn, pollStartedMs, member.now(), member.config().retryBackoffMs(),
                () -> member.jvm().run(this::pollIfWaiting));
    }

    /**
     * Whether the application thread waits inside poll() (no batch in hand, no commit in flight): such a
     * thread wakes when a heartbeat falls due (docs/kafka-semantics.md §4).
     */
    boolean isWaitingInPoll() {
        return thread == AppThread.POLLING && batch == null && closeAction == null;
    }

    /** Whether a rebalance callback holds the thread now. */
    boolean isInCallback() {
        return thread == AppThread.IN_CALLBACK;
    }

    /**
     * Runs work that holds the thread (a rebalance callback that takes time) now, unless the thread is busy
     * with a batch or another callback: then at its next poll().
     */
    void whenThreadFree(Runnable work) {
        if (batch == null && thread != AppThread.IN_CALLBACK) {
            work.run();
        } else {
            groupWork.add(work);
        }
    }

    /** What the application thread is doing: only a thread waiting inside poll() can be woken. */
    private enum AppThread { POLLING, PROCESSING, COMMITTING, IN_CALLBACK }

    /**
     * A rebalance listener callback runs on the thread inside poll() for {@code ms} (> 0): the thread neither
     * processes nor polls meanwhile (group work waits for it), then {@code then} runs and the poll() goes on.
     * Only called while the thread is free ({@link #whenThreadFree}).
     */
    void holdThread(long ms, Runnable then) {
        assert thread != AppThread.IN_CALLBACK && batch == null : member.pod() + ": a callback over a busy thread";
        thread = AppThread.IN_CALLBACK;
        updateDisplay();
        callbackDone.schedule(ms, () -> member.jvm().run(() -> {
            thread = AppThread.POLLING;
            then.run();
            if (member.jvm().isAlive() && thread == AppThread.POLLING && batch == null) {
                poll();
            }
        }));
    }

    /**
     * Wakes the thread if it waits inside poll() (after the current event, never re-entrantly). A wake
     * asked for from inside poll() (group work that requests a rejoin) fires after that poll() may have
     * started a batch: the thread is busy then and polls again when the batch is done, so the wake is
     * dropped. Running poll() there would start a second batch over the first, whose records would then
     * never be processed.
     */
    void wake() {
        if (thread == AppThread.POLLING) {
            wakeUp.schedule(0, () -> member.jvm().run(() -> {
                if (thread == AppThread.POLLING) {
                    poll();
                }
            }));
        }
    }

    /**
     * A wake of a thread that waited inside poll(): the record wake and the loop turn may both have come
     * due, and a GC pause runs both once it ends; only the first may poll, or a second batch would start
     * over the first and its records be committed before they are processed.
     */
    private void pollIfWaiting() {
        if (isWaitingInPoll()) {
            poll();
        }
    }

    private void poll() {
        if (thread == AppThread.IN_CALLBACK) {
            return; // a commit's answer came during a callback: the poll() goes on when the callback returns
        }
        if (closeAction != null) {
            runClose();
            return;
        }
        thread = AppThread.POLLING;
        pollStartedMs = member.now();
        betweenRunOnce.waiting(pollStartedMs);
        if (!betweenRunOnce.isEmpty()) {
            scheduleRunOnceEnd();
        }
        // This poll() is the loop turn that work waiting for one was waiting for.
        loopTurn.cancel();
        while (!groupWork.isEmpty() && thread == AppThread.POLLING) {
            groupWork.poll().run();
        }
        if (thread != AppThread.POLLING || !member.pollGroup()) {
            return;
        }
        if (thread != AppThread.POLLING) {
            return; // pollGroup started a rebalance callback that holds the thread: poll() goes on when it returns
        }
        maybeAutoCommit();
        fetchAndProcess();
    }

    private void maybeAutoCommit() {
        if (member.config().enableAutoCommit() && member.now() >= nextAutoCommitMs && member.reachesAutoCommit()) {
            nextAutoCommitMs = member.now() + member.config().autoCommitIntervalMs();
            member.commitConsumed(CommitCall.AUTO_COMMIT, error -> { });
        }
    }

    /**
     * A completed join (ConsumerCoordinator#onJoinComplete, before onPartitionsAssigned) or a completed reconciliation
     * (ConsumerMembershipManager#signalReconciliationCompleting) starts the auto-commit interval again, so a member's
     * auto-commits keep the phase of its last rebalance, as its heartbeats do (docs/kafka-semantics.md §6).
     */
    void restartAutoCommitInterval() {
        nextAutoCommitMs = member.now() + member.config().autoCommitIntervalMs();
    }

    private void fetchAndProcess() {
        if (member.link().isCut()) {
            // Fetches go to the brokers too: a cut-off member gets no records until the link is back.
            wakeUp.scheduleAt(member.link().cutUntilMs(), () -> member.jvm().run(this::pollIfWaiting));
            return;
        }
        List<OffsetRange> segments = fetch();
        if (segments.isEmpty()) {
            sleepUntilNextRecord();
            return;
        }
        long records = 0;
        double durationMs = 0;
        boolean slow = false;
        OffsetRange first = segments.get(0);
        while (!slowRecords.pendingMs.isEmpty()) {
            long slowMs = slowRecords.pendingMs.poll();
            if (slowRecords.pendingIsAttempt.poll()) {
                member.ctx().ledger().markSlowAttempt(first.partition(), first.fromOffset(), slowMs);
            } else {
                member.ctx().ledger().markSlow(first.partition(), first.fromOffset(), slowMs);
            }
        }
        for (OffsetRange segment : segments) {
            records += segment.records();
            Map<Long, Long> slowOnes = member.ctx().ledger().takeSlowRecordsIn(segment.partition(),
                    segment.fromOffset(), segment.toOffset());
            if (!slowOnes.isEmpty()) {
                for (long slowMs : slowOnes.values()) {
                    durationMs += slowMs;
                    records--;
                    slow = true;
                }
            }
        }
        durationMs += batchTimer.sampleMs(records);
        long now = member.now();
        long end = now + Math.round(durationMs);
        batch = new Batch(segments, records, now, end, slow);
        betweenRunOnce.batchStarted();
        member.ctx().busy().busy(StreamThreads.instanceOf(member.pod()), now, end);
        thread = AppThread.PROCESSING;
        betweenRunOnce.runChecks();
        updateDisplay();
        batchDone.scheduleAt(end, () -> member.jvm().run(this::finishBatch));
    }

    /** Takes up to max.poll.records from the owned partitions ({@link OwnedPartitions#take}). */
    private List<OffsetRange> fetch() {
        long answeredAt = Math.min(member.now(), fetchAnsweredAtMs);
        fetchAnsweredAtMs = Long.MAX_VALUE;
        List<OffsetRange> fetched = owned.take(member.config().maxPollRecords(), answeredAt, fetchPaused);
        if (!fetched.isEmpty()) {
            member.ctx().events().publish(new Fetched(member.pod(), fetched));
        }
        return fetched;
    }

    /**
     * The poll() that runs after a pause gets what its fetch was answered with: the broker answers a
     * fetch as soon as it has records, so a fetch answered while the process was stopped carries only
     * the records there were then, not the backlog of the whole pause (docs/kafka-semantics.md §18).
     */
    private long fetchAnsweredAtMs = Long.MAX_VALUE;

    private void sleepUntilNextRecord() {
        // A partition's first fetch, or the end of its task's restoration, wakes the thread.
        long next = owned.nextRecordMs(fetchPaused);
        long autoCommitAt = autoCommitWhileWaiting();
        if (autoCommitAt < next) {
            wakeUp.scheduleAt(autoCommitAt, () -> member.jvm().run(this::pollIfWaiting));
            return;
        }
        if (next != Long.MAX_VALUE) {
            long answeredAt = Math.max(next, member.now() + 1);
            wakeUp.scheduleAt(answeredAt, () -> member.jvm().run(() -> {
                if (!isWaitingInPoll()) {
                    return;
                }
                if (member.now() > answeredAt) {
                    fetchAnsweredAtMs = answeredAt;
                }
                poll();
            }));
        }
    }

    /**
     * When a consumer waiting in poll() for records wakes to auto-commit: the wait is bounded by the next
     * auto-commit (ConsumerCoordinator.timeToNextPoll; the KIP-848 consumer's
     * CommitRequestManager.maximumTimeToWait), and the loop's next turn commits: an idle consumer still commits
     * what it consumed, so its lag from committed offsets (docs/kafka-semantics.md §6) falls to zero. Never
     * without auto-commit or partitions, nor while a classic join is not complete.
     */
    private long autoCommitWhileWaiting() {
        if (!member.config().enableAutoCommit() || owned.isEmpty() || !member.reachesAutoCommit()) {
            return Long.MAX_VALUE; // a join completing wakes the loop, and its next turn commits if due
        }
        return Math.max(nextAutoCommitMs, member.now() + 1);
    }

    private void finishBatch() {
        Batch done = batch;
        for (OffsetRange segment : done.segments()) {
            member.ctx().ledger().recordProcessed(segment.partition(), segment.fromOffset(), segment.toOffset());
            member.processed(segment.partition(), segment.records());
        }
        batch = null;
        betweenRunOnce.runAll();
        updateDisplay();
        endTurn(true);
    }

    /**
     * The end of a loop turn ({@code afterBatch}: it processed a batch): the application commits what it consumed if
     * it commits itself and does so now (consumers.application; Kafka Streams: commitSync), then polls: at once after
     * commitAsync, on the answer after commitSync.
     */
    private void endTurn(boolean afterBatch) {
        ApplicationCommits.Mode mode = member.ctx().consumers().commits().of(member.pod()).afterBatch();
        if (member.config().enableAutoCommit() || mode == ApplicationCommits.Mode.NONE
                || !(member.isSettled() || member.commitsWhenUnsettled()) || !member.commitsAtTurnEnd(afterBatch)) {
            poll();
        } else if (mode == ApplicationCommits.Mode.ASYNC) {
            member.commitAsync();
            poll();
        } else {
            thread = AppThread.COMMITTING;
            member.commitConsumed(CommitCall.COMMIT_SYNC, error -> poll());
        }
    }

    /**
     * A GC pause stopped the process: the batch in hand ends that much later, and the fetch sent with it
     * was answered before the pause.
     */
    void pausedFor(long addedMs) {
        member.pausedFor(addedMs);
        if (batch != null && addedMs > 0) {
            fetchAnsweredAtMs = Math.min(fetchAnsweredAtMs, member.now());
            batch = batch.extendedBy(addedMs);
            batchDone.scheduleAt(batch.endMs(), () -> member.jvm().run(this::finishBatch));
        }
    }

    /** The process died mid-batch: the records it got through before are processed (and never committed). */
    void crashedMidBatch() {
        if (batch == null || batch.endMs() <= batch.startMs()) {
            return;
        }
        double fraction = (double) (member.now() - batch.startMs()) / (batch.endMs() - batch.startMs());
        long remaining = (long) Math.floor(fraction * batch.records());
        for (OffsetRange segment : batch.segments()) {
            long take = Math.min(remaining, segment.records());
            member.ctx().ledger().recordProcessed(segment.partition(), segment.fromOffset(), segment.fromOffset() + take);
            member.processed(segment.partition(), take);
            remaining -= take;
        }
        batch = null;
    }

    void closeAfterBatch(Runnable close) {
        closeAction = close;
        if (batch == null && thread != AppThread.IN_CALLBACK) {
            wakeUp.schedule(0, () -> member.jvm().run(this::runClose));
        }
    }

    private void runClose() {
        Runnable close = closeAction;
        closeAction = null;
        if (close != null) {
            close.run();
        }
    }

    /**
     * onPartitionsAssigned: new partitions start at the group's committed offsets. Before their first
     * records the client fetches those offsets (OffsetFetch to the coordinator), looks up the position of
     * a partition never committed (ListOffsets), then fetches the records once the fetch under way to the
     * broker is answered (docs/kafka-semantics.md §18).
     */
    void add(List<TopicPartition> partitions) {
        add(partitions, 0);
    }

    /** {@link #add(List)} once onPartitionsAssigned has returned after {@code callbackMs}. */
    void add(List<TopicPartition> partitions, long callbackMs) {
        boolean listOffsets = false;
        for (TopicPartition tp : partitions) {
            listOffsets |= !member.ctx().cluster().offsets().hasCommitted(tp);
        }
        owned.add(partitions, member.ctx().cluster().offsets()::committed);
        member.ctx().events().publish(new PartitionsAssigned(member.pod(), List.copyOf(partitions), callbackMs));
        if (!partitions.isEmpty()) {
            List<TopicPartition> added = List.copyOf(partitions);
            owned.awaitFirstFetch(added);
            firstFetch.start(listOffsets, () -> owned.fetchUnderWayMs(added, member.ctx().cluster().brokers().count(),
                    member.now(), batchLeftMs()), () -> {
                        owned.firstFetched(added);
                        wake();
                    });
        }
    }

    /** How long the batch in hand still takes (0 without one): records fetched meanwhile wait for its end. */
    private long batchLeftMs() {
        return batch == null ? 0 : Math.max(0, batch.endMs() - member.now());
    }

    /**
     * {@code topic} was deleted: a fetch under way that carries one of its owned partitions is answered at once
     * with UNKNOWN_TOPIC_ID (the broker completes a waiting fetch whose partition is gone), and the client asks for
     * a metadata update (FetchCollector#handleInitializeErrors). The partitions stay owned, with nothing to fetch,
     * until an assignment takes them away.
     */
    void topicDeleted(String topic) {
        if (owned().stream().noneMatch(tp -> tp.topic().equals(topic))) {
            return;
        }
        member.link().deliver(topic, answer -> member.jvm().run(() -> {
            member.ctx().events().publish(new Story(member.pod(), StoryKind.UNKNOWN_TOPIC_FETCHED, -1, "fetch of "
                    + topic + " answered UNKNOWN_TOPIC_ID: asks for a metadata update"));
            member.fetchedUnknownTopic();
        }));
    }

    /** Partitions about to be revoked: no more records of them are fetched (they stay owned until revoked). */
    void pauseFetching(List<TopicPartition> partitions) {
        owned.pauseFetching(partitions);
    }

    /** onPartitionsRevoked for some (or all) of the owned partitions. */
    void revoke(List<TopicPartition> partitions, long callbackMs) {
        List<TopicPartition> revoked = List.copyOf(partitions);
        owned.remove(revoked);
        member.ctx().events().publish(new PartitionsRevoked(member.pod(), revoked, callbackMs));
    }

    /**
     * A static member's close(): it revokes locally but sends no LeaveGroup, so for the group the
     * partitions stay with the (now dead) member until it comes back or its session expires.
     */
    void dropWithoutLeaving() {
        owned.clear();
    }

    void loseAll() {
        List<TopicPartition> lost = owned();
        owned.clear();
        if (!lost.isEmpty()) {
            member.ctx().events().publish(new PartitionsLost(member.pod(), lost));
        }
    }

    void subscribe(List<String> topics) {
        subscription = List.copyOf(topics);
    }

    List<String> subscription() {
        return subscription;
    }

    void stop() {
        if (batch != null) {
            crashedMidBatch();
        }
        wakeUp.cancel();
        loopTurn.cancel();
        batchDone.cancel();
        callbackDone.cancel();
        betweenRunOnce.stop();
    }

    /** Reports the pod's displayed state when it changed. */
    void updateDisplay() {
        MemberState state;
        if (!member.jvm().isAlive()) {
            state = MemberState.DOWN;
        } else if (member.jvm().isPaused()) {
            state = MemberState.PAUSED;
        } else if (member.link().isCut()) {
            state = MemberState.UNREACHABLE;
        } else if (member.isBlocked()) {
            state = MemberState.REBALANCING;
        } else if (batch != null && batch.hasSlowRecord()) {
            state = MemberState.SLOW_RECORD;
        } else if (member.isRestoringOnly()) {
            state = MemberState.RESTORING;
        } else {
            state = MemberState.CONSUMING;
        }
        if (state != shown) {
            shown = state;
            member.ctx().events().publish(new PodStateChanged(member.pod(), state));
        }
    }
}
