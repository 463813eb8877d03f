package org.rebalancesim.consumer;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.rebalancesim.assignor.StreamsAssignmentConfig;
import org.rebalancesim.assignor.StreamsAssignor;
import org.rebalancesim.assignor.StreamsCustomTaskAssignor;
import org.rebalancesim.assignor.StreamsInstance;
import org.rebalancesim.assignor.StreamsSubscription;
import org.rebalancesim.engine.Rng;
import org.rebalancesim.engine.Timer;
import org.rebalancesim.events.PodEvents.StandbyCatchUp;
import org.rebalancesim.events.PodEvents.Story;
import org.rebalancesim.events.PodEvents.TaskRestored;
import org.rebalancesim.events.PodEvents.TaskStateChanged;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.events.TaskState;
import org.rebalancesim.partition.TaskId;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.scenario.Distribution;

/**
 * The tasks of one Streams instance (one process of a pod, one stream thread), as Kafka Streams'
 * TaskManager and state updater run them: an active stateful task restores its changelog from the local
 * checkpoint to the end before it processes anything, a stateless one passes through the state updater too;
 * either runs once the stream thread takes it back ({@link ActiveTaskStarts}); a standby (or warm-up) catches up
 * and then follows its changelog; a task given up is closed cleanly, its stores left on disk at the offset they
 * reached (docs/kafka-semantics.md §19).
 */
final class StreamsTasks implements StreamsInstance {

    /**
     * A standby whose remaining catch-up is under this much restore work counts as following its changelog:
     * the record-by-record chase after a moving end is left out.
     */
    private static final long FOLLOWING_WITHIN_MS = 1_000;
    /** A commit interval that has never restarted: long past, without overflowing a subtraction from now. */
    private static final long NEVER = Long.MIN_VALUE / 4;

    private final ConsumerProcessBase member;
    /** Asks the group for a rebalance (the classic protocol's follow-ups; the streams protocol has none). */
    private final Runnable requestRejoin;
    private final StreamsRuntime runtime;
    /** The Kafka Streams instance (pod) this thread belongs to, whose state directory it uses. */
    private final String instance;
    /** The instance's process id, shared by its threads (docs/kafka-semantics.md §19). */
    private final String processId;
    /** Thread 1 runs the instance's state directory cleaner. */
    private final boolean firstThread;
    private final StateDirectory directory;
    private final StateRestorer restorer;
    /** The follow-up rebalance the last assignment asked for: a probing one, or the withheld tasks'. */
    private final Timer followup;
    private final Timer cleaner;
    /** topology.assignWork: the thread's work as the leader in each assign() beyond placing the tasks. */
    private final DurationDraws assignWork;
    /** The way of new active tasks to running: cold work, the state updater's hand-overs. */
    private final ActiveTaskStarts starts;
    private final SortedMap<TaskId, TaskState> actives = new TreeMap<>();
    private final SortedSet<TaskId> standbys = new TreeSet<>();
    private final Set<TaskId> following = new HashSet<>();
    private final Set<TopicPartition> paused = new HashSet<>();
    /** When each restoring active task began, and how many records it restores. */
    private final Map<TaskId, Restoring> restoring = new TreeMap<>();
    /** How many of {@link #actives} run: the rest restore. */
    private int running;
    /**
     * The offset each task's stores come back at after a crash of this process: the one they held when it
     * opened them, their last clean close's (see {@link #processEnded}).
     */
    private final Map<TaskId, Long> openedAt = new TreeMap<>();
    /**
     * When the commit interval last restarted. StreamThread's starts at 0 on the wall clock, so the first runOnce that
     * may commit does: the first after the thread's first assignment.
     */
    private long lastCommitMs = NEVER;
    /** Whether records were processed since the last commit: a runOnce without records commits only then. */
    private boolean uncommitted;
    /** Ends the thread's present poll(poll.ms) once its commit interval has passed, for maybeCommit to run. */
    private final Timer commitDue;
    /** Counts assignments: a follow-up still waiting for the thread's loop turn is dropped by a newer one. */
    private long assignments;

    private record Restoring(long sinceMs, long records) {
    }

    /**
     * @param incarnation which start of the pod this is: a process id not kept in the state directory is new at
     *                    each start
     */
    StreamsTasks(ConsumerProcessBase member, StreamsRuntime runtime, Runnable requestRejoin, int incarnation) {
        this.member = member;
        this.requestRejoin = requestRejoin;
        this.runtime = runtime;
        this.instance = StreamThreads.instanceOf(member.pod());
        // StateDirectory#initializeProcessId keeps the process id in the state directory only when the topology
        // has persistent stores, and only a persistent volume keeps the directory: else each start draws a new
        // one. A streams group compares it when a static member returns (a new one bumps the epoch); the classic
        // task assignor breaks ties by it, so where a returning instance's new id sorts decides whether its tasks
        // are swapped with another's (docs/kafka-semantics.md §26, §27).
        boolean kept = runtime.app().topology().persistentState() && !runtime.tasks().statefulTasks().isEmpty();
        this.processId = kept ? instance : drawnProcessId(member.ctx().seed(), instance, incarnation);
        this.firstThread = StreamThreads.indexOf(member.pod()) == 1;
        this.directory = runtime.directoryOf(instance);
        if (firstThread && !runtime.app().topology().persistentState()) {
            // An emptyDir dies with its pod: each start of a pod without a persistent volume begins empty.
            directory.clear();
        }
        this.restorer = new StateRestorer(member.ctx().sim(),
                member.ctx().sim().timer(member.pod() + "'s state restoration", () -> member.jvm().isAlive()),
                runtime.app().topology().restoreRecordsPerSec(), new PollTurns(runtime.app().pollMs(),
                        draws(runtime.app().topology().pollLateness(), "restore-poll-lateness", incarnation)),
                task -> runtime.tasks().subtopologyOf(task).recordsPerFetch(), this::caughtUp);
        this.assignWork = draws(runtime.app().topology().assignWork(), "assign-work", incarnation);
        this.starts = new ActiveTaskStarts(member, runtime.tasks()::isStateful, this::updaterTurnEndsInMs,
                draws(member.ctx().consumers().startup().firstActiveTask(), "first-active-task", incarnation),
                draws(runtime.app().topology().restoreStartWork(), "restore-start-work", incarnation),
                this::restoreToEnd, this::startRunning);
        this.followup = member.ctx().sim().timer(member.pod() + "'s follow-up rebalance", () -> member.jvm().isAlive());
        this.commitDue = member.ctx().sim().timer(member.pod() + "'s commit interval", () -> member.jvm().isAlive());
        this.cleaner = member.ctx().sim().timer(member.pod() + "'s state directory cleaner",
                () -> member.jvm().isAlive());
        if (firstThread) {
            scheduleCleaner();
        }
    }

    /**
     * KafkaStreams' state directory cleaner: every state.cleanup.delay.ms from the instance's start, sparing the
     * directories any of its threads holds (locked, in Kafka).
     */
    private void scheduleCleaner() {
        long delayMs = runtime.app().stateCleanupDelayMs();
        cleaner.schedule(delayMs, () -> member.jvm().run(() -> {
            directory.cleanRemovedTasks(member.now(), delayMs);
            scheduleCleaner();
        }));
    }

    /** Tells the state directory which tasks this thread holds now. */
    private void holdInDirectory() {
        Set<TaskId> held = new HashSet<>(actives.keySet());
        held.addAll(standbys);
        directory.hold(member.pod(), held);
    }

    /** The member's StreamsPartitionAssignor, over this instance's tasks. */
    StreamsAssignor assignor(Supplier<String> memberId, String instanceId) {
        String taskAssignor = runtime.app().taskAssignorClass();
        Supplier<Optional<StreamsCustomTaskAssignor>> custom = taskAssignor == null ? Optional::empty
                : () -> Optional.of(member.ctx().assignors().createTaskAssignor(taskAssignor));
        return new StreamsAssignor(this, memberId, instanceId, runtime::leaderView,
                StreamsAssignmentConfig.of(runtime.app()), runtime.board(), member::now, custom);
    }

    @Override
    public String processId() {
        return processId;
    }

    @Override
    public long assignWorkMs() {
        return assignWork.nextMs();
    }

    @Override
    public Map<TaskId, Long> taskOffsetSums() {
        Map<TaskId, Long> sums = new TreeMap<>();
        directory.checkpoints().forEach(sums::put);
        for (TaskId task : standbys) {
            sums.put(task, localOffset(task));
        }
        actives.forEach((task, state) -> sums.put(task, state == TaskState.RUNNING ? StreamsSubscription.LATEST_OFFSET
                : localOffset(task)));
        return sums;
    }

    /** This process's draws of one of its durations, from its own stream: {@code <purpose>:<pod>:<process number>}. */
    private DurationDraws draws(Distribution distribution, String purpose, int incarnation) {
        return new DurationDraws(distribution, member.ctx().seed(), purpose, member.pod() + ":" + incarnation);
    }

    /**
     * The process id a start of {@code instance} draws when it keeps none (Kafka: a random UUID): its name and a draw
     * of its own stream, which the task assignor turns into a name-based UUID.
     */
    static String drawnProcessId(long seed, String instance, int incarnation) {
        return instance + "~" + Long.toHexString(Rng.stream(seed, "process-id:" + instance + ":" + incarnation).nextLong());
    }

    @Override
    public void assigned(SortedSet<TaskId> active, SortedSet<TaskId> standby, long followupAtMs, boolean probing) {
        for (TaskId task : List.copyOf(actives.keySet())) {
            if (!active.contains(task)) {
                close(task);
            }
        }
        // A standby promoted to active (or an active demoted to standby) is closed here and started in its new
        // role below, its stores checkpointed where they reached: TaskManager recycles the task ("Closed and
        // recycled state"), keeping its state.
        for (TaskId task : List.copyOf(standbys)) {
            if (!standby.contains(task)) {
                close(task);
            }
        }
        for (TaskId task : active) {
            if (!actives.containsKey(task)) {
                startActive(task);
            }
        }
        for (TaskId task : standby) {
            if (!standbys.contains(task)) {
                startStandby(task);
            }
        }
        holdInDirectory();
        member.pollLoop.updateDisplay();
        armCommitDue();
        long assignment = ++assignments;
        if (followupAtMs < 0) {
            // maybeScheduleFollowupRebalance: a new assignment replaces the schedule, Long.MAX_VALUE clears it.
            followup.cancel();
        } else {
            // StreamThread#runLoop: after each runOnce (a poll(poll.ms), then the records it returned), once the
            // time is past, the thread calls enforceRebalance; a newer assignment replaces the schedule first.
            followup.scheduleAt(Math.max(member.now(), followupAtMs), () -> member.jvm().run(() -> atLoopTurn(() -> {
                if (assignment != assignments) {
                    return;
                }
                member.ctx().events().publish(probing
                        ? new Story(member.pod(), StoryKind.PROBING_REBALANCE, -1, "probing rebalance: asks the group "
                                + "to rebalance, to move tasks whose warm-ups caught up")
                        : new Story(member.pod(), StoryKind.FOLLOWUP_REBALANCE, -1, "follow-up rebalance: asks for "
                                + "the tasks withheld until their partitions were revoked"));
                requestRejoin.run();
            })));
        }
    }

    /**
     * The state updater holds the tasks restoring and the standbys: an assignment that closes or recycles any of them
     * waits for the rest of the updater's loop turn.
     */
    @Override
    public long stateUpdaterWaitMs(SortedSet<TaskId> active, SortedSet<TaskId> standby) {
        boolean takesBack = false;
        for (TaskId task : actives.keySet()) {
            takesBack |= !active.contains(task) && restorer.isRestoring(task);
        }
        for (TaskId task : standbys) {
            takesBack |= !standby.contains(task);
        }
        return takesBack ? updaterTurnEndsInMs() : 0;
    }

    /**
     * How long until the state updater's present loop turn ends. While it follows standbys' changelogs its restore
     * consumer's poll(poll.ms) returns with each record written to one of them, and the next poll starts then.
     */
    private long updaterTurnEndsInMs() {
        long lastRecordMs = -1;
        for (TaskId task : following) {
            lastRecordMs = Math.max(lastRecordMs, runtime.changelogs().lastWriteMs(task));
        }
        return restorer.turnEndsInMs(!following.isEmpty(), lastRecordMs);
    }

    /** Work the stream thread does between two runOnce calls: when its present poll(poll.ms) returns. */
    private void atLoopTurn(Runnable work) {
        member.pollLoop.afterRunOnce(work);
    }

    /** Whether the instance has active tasks and every one of them restores: it processes nothing yet. */
    boolean isRestoringOnly() {
        return !actives.isEmpty() && running == 0;
    }

    /** Whether a partition belongs to an active task still restoring: Streams does not fetch it. */
    boolean isPaused(TopicPartition tp) {
        return paused.contains(tp);
    }

    /** A GC pause stops the state updater with the rest of the process. */
    void pausedFor(long addedMs) {
        restorer.pausedFor(addedMs);
        starts.pausedFor(addedMs);
    }

    /** Records of {@code tp} processed: the tasks reading it write their changelogs. */
    void processed(TopicPartition tp, long records) {
        runtime.changelogs().processed(tp, records, member.now());
        uncommitted |= records > 0;
    }

    /**
     * StreamThread#maybeCommit, at the end of every runOnce, whether its poll returned records or not: once more than
     * commit.interval.ms has passed, the interval restarts whether or not there is anything to commit; true when
     * records processed since the last commit are to be committed now. So the interval restarts at the first runOnce
     * after each assignment. Not during a rebalance: TaskManager#commit answers -1 from the JoinGroup on
     * (handleRebalanceStart, in the assignor's subscriptionUserData) until onPartitionsAssigned, so the thread sends
     * nothing, where a plain application's commitSync would reach the client and fail, and the interval goes on
     * (docs/kafka-semantics.md §19).
     */
    boolean maybeCommit() {
        if (!member.isSettled() || member.now() - lastCommitMs <= runtime.app().commitIntervalMs()) {
            return false;
        }
        lastCommitMs = member.now();
        boolean toCommit = uncommitted;
        uncommitted = false;
        armCommitDue();
        return toCommit;
    }

    /**
     * An idle thread's runOnce ends only when its poll(poll.ms) does: once the interval has passed, that end is due.
     * A thread busy with a batch commits at the batch's end instead. The thread's cold work on its first active
     * tasks (startup.firstActiveTask: creating them, opening their stores) is done in its checkStateUpdater, before
     * that runOnce's maybeCommit: the measured first commits put that restart some 0.1 to 0.4 s after a new
     * process's first assignment (docs/kafka-semantics.md §19).
     */
    private void armCommitDue() {
        long dueMs = Math.max(member.now(), lastCommitMs + runtime.app().commitIntervalMs() + 1);
        // Nothing to do but end the turn: PollLoop runs maybeCommit at every turn's end.
        commitDue.scheduleAt(Math.max(dueMs, starts.coldUntilMs()),
                () -> member.jvm().run(() -> atLoopTurn(() -> { })));
    }

    /**
     * The process ends. A clean close flushes every store where it is. After a crash a store is back at what
     * RocksDB had flushed: Kafka Streams 4.4.0 commits a store's changelog offsets into the store itself
     * (KIP-1035) with RocksDB's write-ahead log off and atomic flush on, so data and offsets reach the disk
     * together, only when RocksDB flushes: at a clean close, or when a 16 MB write buffer fills. So the
     * store keeps its last clean close (the offset it was opened at on this process) plus every whole
     * write buffer written since, and the next start restores the rest. Under exactly-once the unclean
     * store is marked corrupt, wiped and restored from the changelog's start (docs/kafka-semantics.md §19).
     */
    void processEnded(boolean clean) {
        List<TaskId> open = new ArrayList<>(actives.keySet());
        open.addAll(standbys);
        for (TaskId task : open) {
            boolean active = actives.containsKey(task);
            long reached = localOffset(task);
            close(task);
            if (!clean && runtime.tasks().isStateful(task)) {
                if (active && runtime.app().exactlyOnce()) {
                    directory.wipe(task);
                } else {
                    directory.checkpoint(task, flushedOffset(task, reached), member.now());
                }
            }
        }
        holdInDirectory();
        restorer.stopAll();
        starts.stop();
        followup.cancel();
        commitDue.cancel();
        cleaner.cancel();
    }

    /** What of a store that reached {@code reached} on this process RocksDB had flushed (see processEnded). */
    private long flushedOffset(TaskId task, long reached) {
        long opened = openedAt.getOrDefault(task, 0L);
        long perFlush = runtime.tasks().subtopologyOf(task).recordsPerFlush();
        return opened + Math.max(0, reached - opened) / perFlush * perFlush;
    }

    private void startActive(TaskId task) {
        long local = localOffset(task);
        openedAt.put(task, local);
        List<TopicPartition> sources = runtime.tasks().sourcePartitions().get(task);
        long end = runtime.changelogs().endOffset(task);
        actives.put(task, TaskState.RESTORING);
        paused.addAll(sources);
        publish(task, TaskState.RESTORING);
        if (runtime.tasks().isStateful(task)) {
            restoring.put(task, new Restoring(member.now(), Math.max(0, end - local)));
        }
        starts.start(task);
    }

    /**
     * TaskManager#transitRestoredTaskToRunning: the task's processors are initialized and its partitions resumed;
     * the poll() after this fetches them.
     */
    private void startRunning(TaskId task) {
        actives.put(task, TaskState.RUNNING);
        running++;
        runtime.tasks().sourcePartitions().get(task).forEach(paused::remove);
        publish(task, TaskState.RUNNING);
        member.pollLoop.updateDisplay();
    }

    /** The state updater restores an active task from its store's offset to its changelog's end now. */
    private void restoreToEnd(TaskId task) {
        long end = runtime.changelogs().endOffset(task);
        restorer.restore(task, Math.min(localOffset(task), end), end, true);
    }

    private void startStandby(TaskId task) {
        long local = localOffset(task);
        openedAt.put(task, local);
        standbys.add(task);
        publish(task, TaskState.STANDBY);
        chase(task, local);
    }

    /** A standby catches up to its changelog's end, or follows it once it is close. */
    private void chase(TaskId task, long from) {
        long end = runtime.changelogs().endOffset(task);
        double restoreMs = (end - from) * 1000.0 / runtime.app().topology().restoreRecordsPerSec();
        if (restoreMs < FOLLOWING_WITHIN_MS) {
            following.add(task);
        } else {
            following.remove(task);
            restorer.restore(task, from, end, false);
            if (restoring.isEmpty()) {
                publishCatchUp(task, end - from);
            }
        }
    }

    private void caughtUp(TaskId task, boolean active, long offset) {
        if (!active) {
            if (standbys.contains(task)) {
                chase(task, offset);
            }
            return;
        }
        starts.restored(task);
        Restoring done = restoring.remove(task);
        if (restoring.isEmpty()) {
            // The state updater turns to the standbys it held back while active tasks restored.
            for (TaskId standby : standbys) {
                if (!following.contains(standby)) {
                    publishCatchUp(standby, runtime.changelogs().endOffset(standby) - localOffset(standby));
                }
            }
        }
        member.ctx().events().publish(new TaskRestored(member.pod(), task, done.records(),
                member.now() - done.sinceMs()));
        member.pollLoop.updateDisplay();
    }

    /** The stores' offset on this instance now: live for a task it works on, else the checkpoint, else 0. */
    private long localOffset(TaskId task) {
        TaskState state = actives.get(task);
        if (state == TaskState.RUNNING || following.contains(task) || starts.isHandedBack(task)) {
            return runtime.changelogs().endOffset(task);
        }
        long restoring = restorer.position(task);
        if (restoring >= 0) {
            return restoring;
        }
        OptionalLong checkpoint = directory.checkpointOf(task);
        return checkpoint.orElse(0);
    }

    private void close(TaskId task) {
        if (runtime.tasks().isStateful(task)) {
            directory.checkpoint(task, localOffset(task), member.now());
        }
        restorer.stop(task);
        starts.drop(task);
        following.remove(task);
        standbys.remove(task);
        TaskState was = actives.remove(task);
        if (was != null) {
            running -= was == TaskState.RUNNING ? 1 : 0;
            runtime.tasks().sourcePartitions().get(task).forEach(paused::remove);
            restoring.remove(task);
        }
        publish(task, TaskState.CLOSED);
    }

    private void publishCatchUp(TaskId task, long lagRecords) {
        member.ctx().events().publish(new StandbyCatchUp(member.pod(), task, lagRecords));
    }

    private void publish(TaskId task, TaskState state) {
        member.ctx().events().publish(new TaskStateChanged(member.pod(), task, state));
    }
}
