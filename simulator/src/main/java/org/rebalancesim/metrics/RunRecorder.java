package org.rebalancesim.metrics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.rebalancesim.cluster.PartitionMap;
import org.rebalancesim.cluster.TopicPartition;
import org.rebalancesim.consumer.PodObserver;
import org.rebalancesim.coordinator.Cause;
import org.rebalancesim.coordinator.ClassicGroupState;
import org.rebalancesim.coordinator.GroupListener;
import org.rebalancesim.coordinator.RebalanceTrigger;
import org.rebalancesim.coordinator.RemovalReason;
import org.rebalancesim.coordinator.consumer.ConsumerGroupListener;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.metrics.registry.Metric;
import org.rebalancesim.metrics.registry.MetricValues;
import org.rebalancesim.scenario.MeasureWindow;

/**
 * Listens to the pods and the coordinator while a variant runs and turns what it hears into the
 * metrics of metrics.md, clipped to the measure window. Observes only.
 */
public final class RunRecorder implements PodObserver, GroupListener, ConsumerGroupListener {

    private final Simulation sim;
    private final MeasureWindow window;
    private final PartitionAvailability availability;
    private final MemberTimeline timeline;
    private final Set<String> staticPods = new java.util.HashSet<>();
    private final Map<String, MemberMetrics> members = new LinkedHashMap<>();
    private final Map<String, String> podOfMemberId = new HashMap<>();
    /** Each pod's current member id (its latest process's, as the pod learned it). */
    private final Map<String, String> memberIdOfPod = new HashMap<>();
    /** The last few classic assignments that reached Stable: generation → member id → partitions. */
    private final TreeMap<Integer, Map<String, List<TopicPartition>>> recentAssignments =
            new TreeMap<>();
    private final List<Series.RebalanceSpan> rebalanceSpans = new ArrayList<>();
    /** The member id that started each span in {@link #rebalanceSpans} (null if none), resolved to pods at the end. */
    private final List<String> rebalanceMemberIds = new ArrayList<>();
    private final StoryLog story = new StoryLog();
    private final Set<String> trackedTopics = new java.util.TreeSet<>();
    private ClassicGroupState groupState = ClassicGroupState.EMPTY;
    private long groupStateSinceMs;
    private long rebalanceStartMs = -1;
    private Cause rebalanceCause = Cause.progress("");
    private boolean rebalanceFromEmpty;
    private long rebalances;
    private long rebalanceTimeMs;
    private long evictions;
    private long pollTimeouts;
    private long partitionsMoved;
    /** Which pod the coordinator last assigned each partition to, to count partitions that moved. */
    private final PartitionMap<String> lastOwnerPod = new PartitionMap<>();
    private final Map<String, Integer> podGeneration = new HashMap<>();
    private final OwnershipOverlap overlap;
    /** KIP-848: target assignments by epoch, until every member reached them. */
    private final TreeMap<Integer, Map<String, List<TopicPartition>>> targets = new TreeMap<>();
    private boolean consumerGroupRebalancing;
    private ConsumerGroupListener.State consumerGroupState = ConsumerGroupListener.State.EMPTY;

    /**
     * @param partitions the partitions of the topics the group consumes; a topic no pod subscribes to
     *                   counts neither as downtime nor as lag
     */
    public RunRecorder(Simulation sim, MeasureWindow window, List<TopicPartition> partitions) {
        this.sim = sim;
        this.window = window;
        this.availability = new PartitionAvailability(window);
        this.overlap = new OwnershipOverlap(window);
        this.timeline = new MemberTimeline(window);
        partitions.forEach(tp -> trackedTopics.add(tp.topic()));
        availability.addPartitions(partitions, 0);
        // Until a pod starts and gets them, the partitions have no owner (cause noMembers).
        reevaluate();
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

    /** A pod with a group.instance.id: its processes are one member to the group. */
    public void registerStaticPod(String pod) {
        registerPod(pod);
        staticPods.add(pod);
    }

    public void partitionsAdded(List<TopicPartition> partitions) {
        availability.addPartitions(partitions.stream().filter(tp -> isTracked(tp.topic())).toList(), now());
        reevaluate();
    }

    @Override
    public void stateChanged(String pod, MemberState state) {
        MemberState before = timeline.state(pod);
        boolean wasDown = before == MemberState.DOWN;
        if (!timeline.report(pod, state, now())) {
            return;
        }
        availability.holderStateChanged(pod, before, state);
        if (wasDown && !staticPods.contains(pod)) {
            // A new process of a dynamic pod is a new member: it owns nothing until it is assigned
            // partitions, and what the dead process held stays a dead member's until it is evicted.
            // A static pod's new process is the same member to the group (group.instance.id).
            availability.releaseEverythingOf(pod, now());
        }
        if (state == MemberState.DOWN) {
            overlap.releaseAll(pod, now());
            member(pod).abandoned();
        }
        reevaluate();
    }

    private void reevaluate() {
        availability.reevaluate(timeline::state, timeline.anyRunning(), now());
    }

    @Override
    public void blocked(String pod, boolean blocked) {
        timeline.blocked(pod, blocked, now());
    }

    @Override
    public void memberIdAssigned(String pod, String memberId) {
        podOfMemberId.put(memberId, pod);
        memberIdOfPod.put(pod, memberId);
    }

    @Override
    public void rebalanceStarted(String pod) {
        member(pod).started(now());
    }

    @Override
    public void rebalanceCompleted(String pod, int generation) {
        member(pod).completed(now(), window.contains(now()));
        podGeneration.put(pod, generation);
        overlap.confirm(pod, generation, givenTo(pod, generation));
    }

    @Override
    public void rebalanceFailed(String pod) {
        member(pod).failed(window.contains(now()));
    }

    @Override
    public void partitionsAssigned(String pod, List<TopicPartition> partitions, long callbackMs) {
        member(pod).assigned(callbackMs);
        availability.hold(pod, partitions, now());
        overlap.own(pod, podGeneration.getOrDefault(pod, -1), partitions, now());
        reevaluate();
    }

    @Override
    public void partitionsRevoked(String pod, List<TopicPartition> partitions, long callbackMs) {
        member(pod).revoked(callbackMs);
        availability.releaseAll(pod, partitions, now());
        overlap.release(pod, partitions, now());
        reevaluate();
    }

    @Override
    public void partitionsLost(String pod, List<TopicPartition> partitions) {
        member(pod).lost(0);
        availability.releaseAll(pod, partitions, now());
        overlap.release(pod, partitions, now());
        reevaluate();
    }

    @Override
    public void pollTimeout(String pod) {
        if (window.contains(now())) {
            pollTimeouts++;
        }
    }

    /** A line of the story about {@code subject}: a pod, or a broker, topic, partition or "cluster". */
    @Override
    public void story(String subject, StoryKind kind, long durationMs, String what) {
        story.add(now(), subject, members.containsKey(subject), kind, durationMs, what);
    }

    @Override
    public void stateChanged(ClassicGroupState from, ClassicGroupState to, int generationId, Cause cause) {
        if (isRebalancing(groupState)) {
            rebalanceTimeMs += window.overlapMs(groupStateSinceMs, now());
        }
        groupState = to;
        groupStateSinceMs = now();
        timeline.groupRebalancing(isRebalancing(to), now());
        if (to == ClassicGroupState.PREPARING_REBALANCE && rebalanceStartMs < 0) {
            rebalanceStarted(cause, from == ClassicGroupState.EMPTY);
        }
        if (to == ClassicGroupState.EMPTY || to == ClassicGroupState.DEAD) {
            rebalanceStartMs = -1;
        }
        story.group(now(), StoryKind.GROUP_STATE, generationId, cause,
                from + " → " + to + " (generation " + generationId + "): " + cause.text());
    }

    private void rebalanceStarted(Cause cause, boolean fromEmpty) {
        rebalanceStartMs = now();
        rebalanceCause = cause;
        rebalanceFromEmpty = fromEmpty;
    }

    @Override
    public void coordinatorMoved(int broker, ClassicGroupState loadedState, int generationId) {
        groupState = loadedState;
        groupStateSinceMs = now();
        timeline.groupRebalancing(isRebalancing(loadedState), now());
        story.coordinatorMoved(now(), "broker-" + broker, generationId, "loaded on broker-" + broker + " as " + loadedState
                + " (generation " + generationId + "): sessions restart, no rebalance");
    }

    private static boolean isRebalancing(ClassicGroupState state) {
        return state == ClassicGroupState.PREPARING_REBALANCE || state == ClassicGroupState.COMPLETING_REBALANCE;
    }

    @Override
    public void memberRemoved(String memberId, String groupInstanceId, RemovalReason reason) {
        String pod = podOfMemberId.getOrDefault(memberId, memberId);
        if (reason.isEviction() && window.contains(now())) {
            evictions++;
        }
        story.removed(now(), pod, memberId, reason.name());
        if (timeline.state(pod) == MemberState.DOWN) {
            availability.releaseEverythingOf(pod, now());
            reevaluate();
        }
    }

    @Override
    public void generationStable(int generationId, String leaderId, Map<String, List<TopicPartition>> assignment) {
        recentAssignments.put(generationId, Map.copyOf(assignment));
        // Members complete a generation soon after it is Stable: a few recent ones are all that is asked for.
        while (recentAssignments.size() > 4) {
            recentAssignments.pollFirstEntry();
        }
        completeRebalance(generationId, assignment);
    }

    /**
     * The pod's partitions in a recent classic generation's assignment, or null when not known: those of
     * the pod's current member id (a dynamic pod's dead process may still be in the same assignment
     * under its old id).
     */
    private Set<TopicPartition> givenTo(String pod, int generation) {
        Map<String, List<TopicPartition>> assignment = recentAssignments.get(generation);
        String memberId = memberIdOfPod.get(pod);
        List<TopicPartition> given = assignment == null || memberId == null ? null : assignment.get(memberId);
        return given == null ? null : Set.copyOf(given);
    }

    /** A rebalance ended with this assignment (member id → partitions): count it and what moved. */
    private void completeRebalance(int generation, Map<String, List<TopicPartition>> assignment) {
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
        rebalanceSpans.add(new Series.RebalanceSpan(generation, started ? rebalanceStartMs : now(), now(),
                started ? rebalanceCause.text() : "", moved, started ? rebalanceCause.trigger() : RebalanceTrigger.NONE,
                null, started && rebalanceFromEmpty));
        rebalanceMemberIds.add(started ? rebalanceCause.memberId() : null);
        rebalanceStartMs = -1;
    }

    // KIP-848 consumer groups: a rebalance starts with a group epoch bump and completes when every
    // member has reconciled to the target assignment of that epoch (metrics.md).

    @Override
    public void stateChanged(ConsumerGroupListener.State from, ConsumerGroupListener.State to, int groupEpoch,
                             String reason) {
        if (consumerGroupRebalancing) {
            rebalanceTimeMs += window.overlapMs(groupStateSinceMs, now());
        }
        consumerGroupRebalancing = to == ConsumerGroupListener.State.ASSIGNING
                || to == ConsumerGroupListener.State.RECONCILING;
        groupStateSinceMs = now();
        consumerGroupState = to;
        timeline.groupRebalancing(consumerGroupRebalancing, now());
        story.group(now(), StoryKind.GROUP_STATE, groupEpoch, Cause.progress(reason),
                from + " → " + to + " (epoch " + groupEpoch + "): " + reason);
    }

    @Override
    public void groupEpochBumped(int groupEpoch, Cause cause) {
        if (rebalanceStartMs < 0) {
            rebalanceStarted(cause, consumerGroupState == ConsumerGroupListener.State.EMPTY);
        }
        story.group(now(), StoryKind.GROUP_EPOCH, groupEpoch, cause, "group epoch " + groupEpoch + ": " + cause.text());
    }

    @Override
    public void targetAssignmentComputed(int epoch, Map<String, List<TopicPartition>> target) {
        targets.put(epoch, Map.copyOf(target));
    }

    @Override
    public void targetReached(int epoch) {
        completeRebalance(epoch, targets.getOrDefault(epoch, Map.of()));
        targets.headMap(epoch, true).clear();
    }

    @Override
    public void memberFenced(String memberId, String instanceId, String reason) {
        String pod = podOfMemberId.getOrDefault(memberId, memberId);
        boolean eviction = reason.equals("SESSION_TIMEOUT") || reason.equals("REBALANCE_TIMEOUT");
        if (eviction && window.contains(now())) {
            evictions++;
        }
        story.removed(now(), pod, memberId, reason);
        if (timeline.state(pod) == MemberState.DOWN) {
            availability.releaseEverythingOf(pod, now());
            reevaluate();
        }
    }

    /**
     * Closes every open interval at the end of the run and returns what it recorded: every metric of
     * the registry ({@link Metric}), the recorder's own and the workload's, and the series.
     */
    public Recorded finish(long endMs, WorkloadFigures workload) {
        if (isRebalancing(groupState) || consumerGroupRebalancing) {
            rebalanceTimeMs += window.overlapMs(groupStateSinceMs, endMs);
        }
        timeline.finish(endMs);
        availability.finish(endMs);
        overlap.finish(endMs);
        Map<String, Map<String, Number>> memberMaps = new LinkedHashMap<>();
        members.forEach((pod, metrics) -> memberMaps.put(pod, metrics.asMap()));
        return new Recorded(metricValues(workload).toMap(), memberMaps, timeline.intervals(),
                availability.ownership(), spansWithPods(), story.resolved(podOfMemberId::get));
    }

    /** Where each metric's value of a run comes from: the one place that reads them for the registry. */
    private MetricValues metricValues(WorkloadFigures workload) {
        MetricValues values = new MetricValues()
                .put(Metric.REBALANCES, rebalances)
                .put(Metric.PARTITIONS_MOVED, partitionsMoved)
                .put(Metric.REBALANCE_TIME_MS, rebalanceTimeMs)
                .put(Metric.STOP_THE_WORLD_MS, timeline.stopTheWorldMs())
                .put(Metric.MAX_STOP_THE_WORLD_MS, timeline.maxStopTheWorldMs())
                .put(Metric.PARTITION_DOWNTIME_MS, availability.downtimeMs())
                .put(Metric.MAX_PARTITION_DOWNTIME_MS, availability.maxDowntimeMs())
                .putFamily(Metric.DOWNTIME_BY_CAUSE, availability.downtimeByCauseMs())
                .put(Metric.EVICTIONS, evictions)
                .put(Metric.POLL_TIMEOUTS, pollTimeouts)
                .put(Metric.ZOMBIE_OVERLAP_MS, overlap.zombieOverlapMs())
                .put(Metric.OWNERSHIP_VIOLATIONS, overlap.violations());
        workload.supplyTo(values);
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
     */
    public record Recorded(Map<String, Number> metrics, Map<String, Map<String, Number>> members,
                           List<Series.StateInterval> stateIntervals, List<Series.OwnershipInterval> ownership,
                           List<Series.RebalanceSpan> rebalanceSpans, List<Series.StoryEvent> story) {
    }
}
