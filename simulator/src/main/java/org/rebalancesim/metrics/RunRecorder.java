package org.rebalancesim.metrics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rebalancesim.cluster.TopicPartition;
import org.rebalancesim.consumer.PodObserver;
import org.rebalancesim.coordinator.ClassicGroupState;
import org.rebalancesim.coordinator.GroupListener;
import org.rebalancesim.coordinator.RemovalReason;
import org.rebalancesim.coordinator.consumer.ConsumerGroupListener;
import org.rebalancesim.engine.Simulation;
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
    private final java.util.Set<String> staticPods = new java.util.HashSet<>();
    private final Map<String, MemberMetrics> members = new LinkedHashMap<>();
    private final Map<String, String> podOfMemberId = new HashMap<>();
    private final List<Series.RebalanceSpan> rebalanceSpans = new ArrayList<>();
    private final List<Series.StoryEvent> story = new ArrayList<>();
    private final java.util.Set<String> trackedTopics = new java.util.TreeSet<>();
    private ClassicGroupState groupState = ClassicGroupState.EMPTY;
    private long groupStateSinceMs;
    private long rebalanceStartMs = -1;
    private String rebalanceCause = "";
    private long rebalances;
    private long rebalanceTimeMs;
    private long evictions;
    private long pollTimeouts;
    private long partitionsMoved;
    /** Which pod the coordinator last assigned each partition to, to count partitions that moved. */
    private final Map<TopicPartition, String> lastOwnerPod = new HashMap<>();
    private final Map<String, Integer> podGeneration = new HashMap<>();
    private final OwnershipOverlap overlap;
    /** KIP-848: target assignments by epoch, until every member reached them. */
    private final java.util.TreeMap<Integer, Map<String, List<TopicPartition>>> targets = new java.util.TreeMap<>();
    private boolean consumerGroupRebalancing;

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
        boolean wasDown = timeline.state(pod) == MemberState.DOWN;
        if (!timeline.report(pod, state, now())) {
            return;
        }
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
    }

    @Override
    public void rebalanceStarted(String pod) {
        member(pod).started(now());
    }

    @Override
    public void rebalanceCompleted(String pod, int generation) {
        member(pod).completed(now(), window.contains(now()));
        podGeneration.put(pod, generation);
        overlap.confirm(pod, generation);
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

    @Override
    public void story(String pod, String what) {
        story.add(new Series.StoryEvent(now(), pod, what));
    }

    @Override
    public void stateChanged(ClassicGroupState from, ClassicGroupState to, int generationId, String reason) {
        if (isRebalancing(groupState)) {
            rebalanceTimeMs += window.overlapMs(groupStateSinceMs, now());
        }
        groupState = to;
        groupStateSinceMs = now();
        timeline.groupRebalancing(isRebalancing(to), now());
        if (to == ClassicGroupState.PREPARING_REBALANCE && rebalanceStartMs < 0) {
            rebalanceStartMs = now();
            rebalanceCause = reason;
        }
        if (to == ClassicGroupState.EMPTY || to == ClassicGroupState.DEAD) {
            rebalanceStartMs = -1;
        }
        story.add(new Series.StoryEvent(now(), "group", from + " → " + to + " (generation " + generationId + "): " + reason));
    }

    @Override
    public void coordinatorMoved(int broker, ClassicGroupState loadedState, int generationId) {
        groupState = loadedState;
        groupStateSinceMs = now();
        timeline.groupRebalancing(isRebalancing(loadedState), now());
        story.add(new Series.StoryEvent(now(), "group", "loaded on broker-" + broker + " as " + loadedState
                + " (generation " + generationId + "): sessions restart, no rebalance"));
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
        story.add(new Series.StoryEvent(now(), pod, "removed from the group: " + reason));
        if (timeline.state(pod) == MemberState.DOWN) {
            availability.releaseEverythingOf(pod, now());
            reevaluate();
        }
    }

    @Override
    public void generationStable(int generationId, String leaderId, Map<String, List<TopicPartition>> assignment) {
        completeRebalance(generationId, assignment);
    }

    /** A rebalance ended with this assignment (member id → partitions): count it and what moved. */
    private void completeRebalance(int generation, Map<String, List<TopicPartition>> assignment) {
        int moved = 0;
        for (Map.Entry<String, List<TopicPartition>> entry : new java.util.TreeMap<>(assignment).entrySet()) {
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
        long start = rebalanceStartMs >= 0 ? rebalanceStartMs : now();
        rebalanceSpans.add(new Series.RebalanceSpan(generation, start, now(), rebalanceCause, moved));
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
        timeline.groupRebalancing(consumerGroupRebalancing, now());
        story.add(new Series.StoryEvent(now(), "group", from + " → " + to + " (epoch " + groupEpoch + "): " + reason));
    }

    @Override
    public void groupEpochBumped(int groupEpoch, String reason) {
        if (rebalanceStartMs < 0) {
            rebalanceStartMs = now();
            rebalanceCause = reason;
        }
        story.add(new Series.StoryEvent(now(), "group", "group epoch " + groupEpoch + ": " + reason));
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
        story.add(new Series.StoryEvent(now(), pod, "removed from the group: " + reason));
        if (timeline.state(pod) == MemberState.DOWN) {
            availability.releaseEverythingOf(pod, now());
            reevaluate();
        }
    }

    /** Closes every open interval at the end of the run and returns the recorded figures. */
    public Recorded finish(long endMs) {
        if (isRebalancing(groupState) || consumerGroupRebalancing) {
            rebalanceTimeMs += window.overlapMs(groupStateSinceMs, endMs);
        }
        timeline.finish(endMs);
        availability.finish(endMs);
        overlap.finish(endMs);
        Map<String, Map<String, Number>> memberMaps = new LinkedHashMap<>();
        members.forEach((pod, metrics) -> memberMaps.put(pod, metrics.asMap()));
        return new Recorded(rebalances, partitionsMoved, rebalanceTimeMs, timeline.stopTheWorldMs(),
                timeline.maxStopTheWorldMs(),
                availability.downtimeMs(), availability.maxDowntimeMs(), availability.downtimeByCause(),
                evictions, pollTimeouts, overlap.zombieOverlapMs(), overlap.violations(), memberMaps, timeline.intervals(), availability.ownership(), rebalanceSpans, story);
    }

    /** The figures one run recorded. */
    public record Recorded(long rebalances, long partitionsMoved, long rebalanceTimeMs, long stopTheWorldMs, long maxStopTheWorldMs,
                           long partitionDowntimeMs, long maxPartitionDowntimeMs, Map<String, Long> downtimeByCause,
                           long evictions, long pollTimeouts, long zombieOverlapMs, long ownershipViolations,
                           Map<String, Map<String, Number>> members,
                           List<Series.StateInterval> stateIntervals, List<Series.OwnershipInterval> ownership,
                           List<Series.RebalanceSpan> rebalanceSpans, List<Series.StoryEvent> story) {
    }
}
