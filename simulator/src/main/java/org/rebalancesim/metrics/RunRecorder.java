package org.rebalancesim.metrics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.rebalancesim.partition.PartitionMap;
import org.rebalancesim.partition.TaskId;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.events.Cause;
import org.rebalancesim.events.CommitFailure;
import org.rebalancesim.events.CoordinatorEvents;
import org.rebalancesim.events.CoordinatorEvents.AssignmentComputed;
import org.rebalancesim.events.CoordinatorEvents.CoordinatorMoved;
import org.rebalancesim.events.CoordinatorEvents.GroupEpochBumped;
import org.rebalancesim.events.CoordinatorEvents.GroupStateChanged;
import org.rebalancesim.events.CoordinatorEvents.MemberRemoved;
import org.rebalancesim.events.CoordinatorEvents.RebalanceAbandoned;
import org.rebalancesim.events.CoordinatorEvents.RebalanceCompleted;
import org.rebalancesim.events.CoordinatorEvents.RebalanceStarted;
import org.rebalancesim.events.GroupListener;
import org.rebalancesim.events.GroupState;
import org.rebalancesim.events.ListenerCallback;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.events.PodEvents.MemberIdAssigned;
import org.rebalancesim.events.PodEvents.PartitionsAssigned;
import org.rebalancesim.events.PodEvents.PartitionsLost;
import org.rebalancesim.events.PodEvents.PartitionsRevoked;
import org.rebalancesim.events.PodEvents.PodBlocked;
import org.rebalancesim.events.PodEvents.PodRebalanceCompleted;
import org.rebalancesim.events.PodEvents.PodRebalanceFailed;
import org.rebalancesim.events.PodEvents.PodRebalanceStarted;
import org.rebalancesim.events.PodEvents.PodStateChanged;
import org.rebalancesim.events.PodEvents.CommitFailed;
import org.rebalancesim.events.PodEvents.ListenerCalled;
import org.rebalancesim.events.PodEvents.PollTimeout;
import org.rebalancesim.events.PodEvents.Story;
import org.rebalancesim.events.PodEvents.StandbyCatchUp;
import org.rebalancesim.events.PodEvents.TaskRestored;
import org.rebalancesim.events.PodEvents.TaskStateChanged;
import org.rebalancesim.events.RebalanceTrigger;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.metrics.registry.Metric;
import org.rebalancesim.metrics.registry.MetricValues;
import org.rebalancesim.metrics.registry.RunKind;
import org.rebalancesim.scenario.MeasureWindow;

/**
 * Listens to the run's group events (the pods' and the coordinator's, whatever the protocol) while a
 * variant runs and turns what it hears into the metrics of docs/metrics.md, clipped to the measure window.
 * Observes only.
 */
public final class RunRecorder implements GroupListener {

    private final Simulation sim;
    private final MeasureWindow window;
    private final PartitionAvailability availability;
    private final MemberTimeline timeline;
    private final Set<String> staticPods = new java.util.HashSet<>();
    /** A broker-driven coordinator keeps a crashed static member from the pod's next process (registerStaticPod). */
    private boolean crashedStaticRefused;
    /** Static pods that crashed under such a coordinator and have not started a process since. */
    private final Set<String> crashedStatic = new java.util.HashSet<>();
    private final Map<String, MemberMetrics> members = new LinkedHashMap<>();
    /** A Kubernetes workload's size after each change. */
    private final List<Series.ReplicaSample> replicas = new ArrayList<>();
    /** Whether the pods belong to a Kubernetes workload: the scaling metrics apply. */
    private boolean kubernetesWorkload;
    private final Map<String, String> podOfMemberId = new HashMap<>();
    /** Members the coordinator removed (real ids only: a replay's are pod names). */
    private final Set<String> removedMemberIds = new java.util.HashSet<>();
    /** Each pod's current member id (its latest process's, as the pod learned it). */
    private final Map<String, String> memberIdOfPod = new HashMap<>();
    /** The last few generation assignments (classic): generation → member id → partitions. */
    private final TreeMap<Integer, Map<String, List<TopicPartition>>> recentGenerations = new TreeMap<>();
    /** Assignments by epoch, until their rebalance completes (a consumer group's target may wait a while). */
    private final TreeMap<Integer, Map<String, List<TopicPartition>>> pendingAssignments = new TreeMap<>();
    private final List<Series.RebalanceSpan> rebalanceSpans = new ArrayList<>();
    /** The member id that started each span in {@link #rebalanceSpans} (null if none), resolved to pods at the end. */
    private final List<String> rebalanceMemberIds = new ArrayList<>();
    private final StoryLog story = new StoryLog();
    private final Set<String> trackedTopics = new java.util.TreeSet<>();
    /** The group's rebalancing and reconciling time and its epoch bumps. */
    private final GroupClock group;
    private long rebalanceStartMs = -1;
    private Cause rebalanceCause = Cause.progress("");
    private boolean rebalanceFromEmpty;
    private long rebalances;
    private long evictions;
    private long pollTimeouts;
    /** Failed commits in the window, by {@link CommitFailure} ordinal (the commitFailures members' order). */
    private final long[] commitFailures = new long[CommitFailure.values().length];
    /** Time in rebalance callbacks that began in the window, by {@link ListenerCallback} ordinal. */
    private final long[] listenerTimeMs = new long[ListenerCallback.values().length];
    private long partitionsMoved;
    /** Which pod the coordinator last assigned each partition to, to count partitions that moved. */
    private final PartitionMap<String> lastOwnerPod = new PartitionMap<>();
    private final Map<String, Integer> podGeneration = new HashMap<>();
    private final OwnershipOverlap overlap;
    private final StreamsTaskRecorder streams;

    /**
     * @param partitions the partitions of the topics the group consumes; a topic no pod subscribes to
     *                   counts neither as downtime nor as lag
     */
    public RunRecorder(Simulation sim, MeasureWindow window, List<TopicPartition> partitions) {
        this.sim = sim;
        this.window = window;
        this.availability = new PartitionAvailability(window);
        this.streams = new StreamsTaskRecorder(window, availability);
        this.overlap = new OwnershipOverlap(window);
        this.timeline = new MemberTimeline(window);
        this.group = new GroupClock(window);
        partitions.forEach(tp -> trackedTopics.add(tp.topic()));
        availability.addPartitions(partitions, 0);
        // Until a pod starts and gets them, the partitions have no owner (cause noMembers).
        reevaluate();
    }

    /** The pods run a Kafka Streams application with these tasks: from now on their downtime counts. */
    public void trackTasks(Map<TaskId, List<TopicPartition>> sourcePartitions) {
        streams.track(sourcePartitions, now());
    }

    @Override
    public void taskStateChanged(TaskStateChanged event) {
        streams.taskStateChanged(event, now());
    }

    @Override
    public void standbyCatchUp(StandbyCatchUp event) {
        streams.standbyCatchUp(event, now());
    }

    /** A restoration: counted, and told in the story (what explain says after the rebalance that caused it). */
    @Override
    public void taskRestored(TaskRestored event) {
        streams.taskRestored(event, now());
        story(event.pod(), StoryKind.TASK_RESTORED, event.durationMs(), "task " + event.task() + " restored "
                + String.format(Locale.ROOT, "%,d", event.records()) + " changelog records");
    }

    /** Whether the group consumes this topic (some pod subscribed to it at some point). */
    public boolean isTracked(String topic) {
        return trackedTopics.contains(topic);
    }

    /** Pods subscribed to {@code topic}: from now on its partitions count. */
    public void trackTopic(String topic, List<TopicPartition> partitions) {
        if (trackedTopics.add(topic)) {
            partitionsAdded(partitions);
        }
    }

    private long now() {
        return sim.nowMs();
    }

    private MemberMetrics member(String pod) {
        return members.computeIfAbsent(pod, k -> new MemberMetrics());
    }

    /** A pod exists from the start of the run, even before it starts (for a stable member table). */
    public void registerPod(String pod) {
        member(pod);
        timeline.register(pod);
    }

    /**
     * A pod with a group.instance.id: its processes are one member to the group. Under a broker-driven protocol
     * ({@code brokerDriven}: KIP-848, KIP-1071) that holds only after a leave with epoch -2: after a crash the
     * coordinator refuses a new process the instance id (UNRELEASED_INSTANCE_ID) until the old member is fenced.
     */
    public void registerStaticPod(String pod, boolean brokerDriven) {
        registerPod(pod);
        staticPods.add(pod);
        crashedStaticRefused = brokerDriven;
    }

    /** The pods belong to a Kubernetes workload: the run reports the scaling metrics. */
    public void trackWorkload() {
        kubernetesWorkload = true;
    }

    @Override
    public void workloadChanged(org.rebalancesim.events.PodEvents.WorkloadChanged event) {
        replicas.add(new Series.ReplicaSample(now(), event.replicas(), event.pods(), event.readyPods()));
    }

    public void partitionsAdded(List<TopicPartition> partitions) {
        availability.addPartitions(partitions.stream().filter(tp -> isTracked(tp.topic())).toList(), now());
        reevaluate();
    }

    /** A topic was deleted: its partitions' downtime ends here (docs/metrics.md). */
    public void partitionsDeleted(List<TopicPartition> partitions) {
        availability.deletePartitions(partitions, now());
        reevaluate();
    }

    @Override
    public void podStateChanged(PodStateChanged event) {
        String pod = event.pod();
        MemberState state = event.state();
        MemberState before = timeline.state(pod);
        boolean wasDown = before == MemberState.DOWN;
        if (!timeline.report(pod, state, now())) {
            return;
        }
        availability.holderStateChanged(pod, before, state);
        boolean refusedStatic = wasDown && crashedStatic.remove(pod);
        if (wasDown && (!staticPods.contains(pod) || refusedStatic)) {
            // A new process of a dynamic pod is a new member: it owns nothing until it is assigned
            // partitions, and what the dead process held stays a dead member's until it is evicted.
            // A static pod's new process is the same member to the group (group.instance.id), unless a
            // broker-driven coordinator still has its crashed member (registerStaticPod). A replayed
            // run knows members by pod (its removals name the pod), hence the pod when no id was assigned.
            availability.newProcessOf(pod, endedMemberOf(pod), refusedStatic, now());
        }
        if (state == MemberState.DOWN) {
            overlap.releaseAll(pod, now());
            member(pod).abandoned();
        }
        reevaluate();
    }

    /**
     * The member id of the pod's ended process, or null when the coordinator has removed it already. A replayed
     * run assigns no ids and names members by pod, as its removals do.
     */
    private String endedMemberOf(String pod) {
        String memberId = memberIdOfPod.get(pod);
        if (memberId == null) {
            return pod;
        }
        return removedMemberIds.contains(memberId) ? null : memberId;
    }

    private void reevaluate() {
        availability.reevaluate(timeline::state, timeline.anyRunning(), now());
    }

    @Override
    public void podBlocked(PodBlocked event) {
        timeline.blocked(event.pod(), event.blocked(), now());
    }

    @Override
    public void memberIdAssigned(MemberIdAssigned event) {
        podOfMemberId.put(event.memberId(), event.pod());
        memberIdOfPod.put(event.pod(), event.memberId());
    }

    @Override
    public void podRebalanceStarted(PodRebalanceStarted event) {
        member(event.pod()).started(now());
    }

    @Override
    public void podRebalanceCompleted(PodRebalanceCompleted event) {
        String pod = event.pod();
        member(pod).completed(now(), window.contains(now()));
        podGeneration.put(pod, event.generation());
        overlap.confirm(pod, event.generation(), givenTo(pod, event.generation()));
    }

    @Override
    public void podRebalanceFailed(PodRebalanceFailed event) {
        member(event.pod()).failed(window.contains(now()));
    }

    @Override
    public void partitionsAssigned(PartitionsAssigned event) {
        String pod = event.pod();
        member(pod).assigned(event.callbackMs());
        if (!event.partitions().isEmpty()) {
            timeline.heldPartitions(pod, now());
        }
        availability.hold(pod, event.partitions(), now());
        overlap.own(pod, podGeneration.getOrDefault(pod, -1), event.partitions(), now());
        reevaluate();
    }

    @Override
    public void partitionsRevoked(PartitionsRevoked event) {
        member(event.pod()).revoked(event.callbackMs());
        released(event.pod(), event.partitions());
    }

    @Override
    public void partitionsLost(PartitionsLost event) {
        member(event.pod()).lost(0);
        released(event.pod(), event.partitions());
    }

    private void released(String pod, List<TopicPartition> partitions) {
        availability.releaseAll(pod, partitions, now());
        overlap.release(pod, partitions, now());
        reevaluate();
    }

    @Override
    public void pollTimeout(PollTimeout event) {
        if (window.contains(now())) {
            pollTimeouts++;
        }
    }

    @Override
    public void commitFailed(CommitFailed event) {
        if (window.contains(now())) {
            commitFailures[event.failure().ordinal()]++;
        }
    }

    @Override
    public void listenerCalled(ListenerCalled event) {
        if (window.contains(now())) {
            listenerTimeMs[event.callback().ordinal()] += event.durationMs();
        }
    }

    @Override
    public void story(Story event) {
        if (event.kind() == StoryKind.PROBING_REBALANCE) {
            streams.probingRebalance(now());
        }
        // A process killed while it ran (not one exiting after its close() left the group with epoch -2).
        if (event.kind() == StoryKind.CRASHED && crashedStaticRefused && staticPods.contains(event.subject())
                && timeline.state(event.subject()) != MemberState.DOWN) {
            crashedStatic.add(event.subject());
        }
        story(event.subject(), event.kind(), event.durationMs(), event.what());
    }

    /** A line of the story about {@code subject}: a pod, or a broker, topic, partition or "cluster". */
    public void story(String subject, StoryKind kind, long durationMs, String what) {
        story.add(now(), subject, members.containsKey(subject), kind, durationMs, what);
    }

    // ---- the group: the same for every protocol (docs/metrics.md) ------------------------------

    @Override
    public void groupStateChanged(GroupStateChanged event) {
        // The time spent in the state the group leaves. (A consumer-protocol run also holds an idle classic
        // coordinator, whose unload and load are reported too: they restart the clock, and count nothing.)
        group.stateChanged(event.from(), event.to(), now());
        group.epochSeen(event.epoch(), now());
        timeline.groupRebalancing(group.rebalancing(), now());
        GroupState to = event.to();
        story.group(now(), StoryKind.GROUP_STATE, event.epoch(), event.cause(), event.from().name() + " → "
                + to.name() + " (" + to.epochName() + " " + event.epoch() + "): " + event.cause().text());
    }

    @Override
    public void rebalanceStarted(RebalanceStarted event) {
        if (rebalanceStartMs < 0) {
            rebalanceStartMs = now();
            rebalanceCause = event.cause();
            rebalanceFromEmpty = event.fromEmpty();
        }
    }

    @Override
    public void rebalanceAbandoned(RebalanceAbandoned event) {
        rebalanceStartMs = -1;
    }

    @Override
    public void groupEpochBumped(GroupEpochBumped event) {
        group.epochSeen(event.epoch(), now());
        story.group(now(), StoryKind.GROUP_EPOCH, event.epoch(), event.cause(),
                "group epoch " + event.epoch() + ": " + event.cause().text());
    }

    @Override
    public void coordinatorMoved(CoordinatorMoved event) {
        // The loaded group's timers start again: no rebalance time is counted for the move itself.
        group.restart(event.loadedState(), now());
        timeline.groupRebalancing(group.rebalancing(), now());
        String broker = "broker-" + event.broker();
        story.coordinatorMoved(now(), broker, event.epoch(), "loaded on " + broker + " as " + event.loadedState().name()
                + " (" + event.loadedState().epochName() + " " + event.epoch() + "): sessions restart, no rebalance");
    }

    @Override
    public void groupConverted(CoordinatorEvents.GroupConverted event) {
        if (event.emptyGroup()) {
            int olderGroup = overlap.groupRecreated();
            podGeneration.replaceAll((pod, generation) -> olderGroup);
        }
        story.converted(now(), event.epoch(), event.to(), event.memberId(), event.why() + ": the " + event.from()
                + " group converted to a " + event.to() + " group");
    }

    @Override
    public void memberRemoved(MemberRemoved event) {
        String pod = podOfMemberId.getOrDefault(event.memberId(), event.memberId());
        if (event.reason().isEviction() && window.contains(now())) {
            evictions++;
        }
        story.removed(now(), pod, event.memberId(), event.wording());
        if (podOfMemberId.containsKey(event.memberId())) {
            removedMemberIds.add(event.memberId());
        }
        availability.memberRemoved(event.memberId(), now());
        if (timeline.state(pod) == MemberState.DOWN) {
            availability.releaseEverythingOf(pod, now());
        }
        reevaluate();
    }

    @Override
    public void assignmentComputed(AssignmentComputed event) {
        group.epochSeen(event.epoch(), now());
        Map<String, List<TopicPartition>> assignment = Map.copyOf(event.assignment());
        pendingAssignments.put(event.epoch(), assignment);
        if (event.kind() == AssignmentComputed.Kind.GENERATION) {
            recentGenerations.put(event.epoch(), assignment);
            // Members complete a generation soon after it is Stable: a few recent ones are all that is asked for.
            while (recentGenerations.size() > 4) {
                recentGenerations.pollFirstEntry();
            }
        }
    }

    /**
     * The pod's partitions in a recent generation's assignment, or null when not known (the assignment was
     * a target, or is too old): those of the pod's current member id (a dynamic pod's dead process may still
     * be in the same assignment under its old id).
     */
    private Set<TopicPartition> givenTo(String pod, int generation) {
        Map<String, List<TopicPartition>> assignment = recentGenerations.get(generation);
        String memberId = memberIdOfPod.get(pod);
        List<TopicPartition> given = assignment == null || memberId == null ? null : assignment.get(memberId);
        return given == null ? null : Set.copyOf(given);
    }

    /** A rebalance ended with the assignment computed for its epoch: count it and what moved. */
    @Override
    public void rebalanceCompleted(RebalanceCompleted event) {
        int epoch = event.epoch();
        group.epochSeen(epoch, now());
        Map<String, List<TopicPartition>> assignment = pendingAssignments.getOrDefault(epoch, Map.of());
        pendingAssignments.headMap(epoch, true).clear();
        int moved = 0;
        for (Map.Entry<String, List<TopicPartition>> entry : new TreeMap<>(assignment).entrySet()) {
            String pod = podOfMemberId.getOrDefault(entry.getKey(), entry.getKey());
            for (TopicPartition tp : entry.getValue()) {
                String previous = lastOwnerPod.put(tp, pod);
                if (previous != null && !previous.equals(pod)) {
                    moved++;
                }
            }
        }
        if (window.contains(now())) {
            rebalances++;
            partitionsMoved += moved;
        }
        boolean started = rebalanceStartMs >= 0;
        rebalanceSpans.add(new Series.RebalanceSpan(epoch, started ? rebalanceStartMs : now(), now(),
                started ? rebalanceCause.text() : "", moved, started ? rebalanceCause.trigger() : RebalanceTrigger.NONE,
                null, started && rebalanceFromEmpty));
        rebalanceMemberIds.add(started ? rebalanceCause.memberId() : null);
        rebalanceStartMs = -1;
    }

    /**
     * Closes every open interval at the end of the run and returns what it recorded: every metric of
     * the registry ({@link Metric}), the recorder's own and the workload's, and the series.
     */
    public Recorded finish(long endMs, WorkloadFigures workload) {
        group.finish(endMs);
        timeline.finish(endMs);
        availability.finish(endMs);
        overlap.finish(endMs);
        streams.finish(endMs);
        Map<String, Map<String, Number>> memberMaps = new LinkedHashMap<>();
        members.forEach((pod, metrics) -> memberMaps.put(pod, metrics.asMap()));
        List<Series.StoryEvent> told = story.resolved(podOfMemberId::get);
        Recoveries recoveries = new Recoveries(Recoveries.incidents(rebalanceSpans, told), workload.lag(),
                endMs > 0 ? (double) workload.produced() / endMs : 0, window, endMs);
        return new Recorded(metricValues(workload, recoveries).toMap(), memberMaps, timeline.intervals(),
                availability.ownership(), spansWithPods(), told, streams.taskPhases(), replicas, timeline.counts(),
                availability.counts());
    }

    /** Where each metric's value of a run comes from: the one place that reads them for the registry. */
    private MetricValues metricValues(WorkloadFigures workload, Recoveries recoveries) {
        MetricValues values = new MetricValues(new RunKind(streams.isStreamsApplication(), kubernetesWorkload))
                .put(Metric.REBALANCES, rebalances)
                .put(Metric.PARTITIONS_MOVED, partitionsMoved)
                .put(Metric.GROUP_EPOCH_BUMPS, group.epochBumps())
                .put(Metric.REBALANCE_TIME_MS, group.rebalanceTimeMs())
                .put(Metric.RECONCILING_TIME_MS, group.reconcilingTimeMs())
                .put(Metric.STOP_THE_WORLD_MS, timeline.stopTheWorldMs())
                .put(Metric.MAX_STOP_THE_WORLD_MS, timeline.maxStopTheWorldMs())
                .put(Metric.NEW_MEMBER_WAIT_MS, timeline.newMemberWaitMs())
                .put(Metric.PARTITION_DOWNTIME_MS, availability.downtimeMs())
                .put(Metric.MAX_PARTITION_DOWNTIME_MS, availability.maxDowntimeMs())
                .putFamily(Metric.DOWNTIME_BY_CAUSE, availability.downtimeByCauseMs())
                .put(Metric.EVICTIONS, evictions)
                .put(Metric.POLL_TIMEOUTS, pollTimeouts)
                .putFamily(Metric.COMMIT_FAILURES, commitFailures)
                .put(Metric.LISTENER_TIME_MS, java.util.Arrays.stream(listenerTimeMs).sum())
                .putFamily(Metric.LISTENER_TIME_BY_CALLBACK, listenerTimeMs)
                .put(Metric.ZOMBIE_OVERLAP_MS, overlap.zombieOverlapMs())
                .put(Metric.OWNERSHIP_VIOLATIONS, overlap.violations())
                .put(Metric.RECOVERY_TIME_MS, recoveries.longestMs())
                .put(Metric.INCIDENTS_NOT_RECOVERED, recoveries.notRecovered());
        workload.supplyTo(values);
        streams.supplyTo(values);
        new ReplicaMetrics(replicas, workload.lag(), workload.processed(), window, now()).supplyTo(values);
        return values;
    }

    private List<Series.RebalanceSpan> spansWithPods() {
        List<Series.RebalanceSpan> spans = new ArrayList<>(rebalanceSpans.size());
        for (int i = 0; i < rebalanceSpans.size(); i++) {
            Series.RebalanceSpan span = rebalanceSpans.get(i);
            String memberId = rebalanceMemberIds.get(i);
            spans.add(new Series.RebalanceSpan(span.generation(), span.startMs(), span.stableMs(), span.cause(),
                    span.partitionsMoved(), span.trigger(), memberId == null ? null : podOfMemberId.get(memberId),
                    span.fromEmpty()));
        }
        return spans;
    }

    /**
     * What one run recorded.
     *
     * @param metrics every metric of the registry by name, in report order ({@link Metric#inReportOrder()})
     * @param members per pod, Kafka's consumer rebalance metrics by their Kafka names
     * @param taskPhases per Kafka Streams task, its phases (empty for a plain consumer group)
     */
    public record Recorded(Map<String, Number> metrics, Map<String, Map<String, Number>> members,
                           List<Series.StateInterval> stateIntervals, List<Series.OwnershipInterval> ownership,
                           List<Series.RebalanceSpan> rebalanceSpans, List<Series.StoryEvent> story,
                           List<Series.TaskInterval> taskPhases, List<Series.ReplicaSample> replicas,
                           List<Series.CountStep> memberCounts, List<Series.CountStep> partitionCounts) {

        /** The run's chart series, with its lag samples. */
        public Series series(List<Series.LagSample> lag) {
            return series(lag, List.of());
        }

        /** The run's chart series, with its lag samples and its hot partitions' ({@link PartitionLagSamples}). */
        public Series series(List<Series.LagSample> lag, List<Series.PartitionLag> hotPartitions) {
            return new Series(stateIntervals, ownership, lag, rebalanceSpans, story, taskPhases, replicas, hotPartitions,
                    memberCounts, partitionCounts);
        }
    }
}
