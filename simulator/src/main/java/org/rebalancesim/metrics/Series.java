package org.rebalancesim.metrics;

import java.util.Arrays;
import java.util.List;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.events.RebalanceTrigger;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.metrics.registry.DowntimeCause;
import org.rebalancesim.metrics.registry.Metric;

/**
 * Time series kept for charts and the run's story. Sizes grow with protocol events, never with
 * records: member states are intervals, lag is sampled at a fixed number of points.
 *
 * @param memberStates  per pod, the intervals of its state (consuming, rebalancing, paused, ...)
 * @param ownership     per partition, the intervals during which a member owned it
 * @param lag           total lag samples
 * @param rebalances    each completed generation: when the rebalance started and when it was Stable
 * @param events        the notable things that happened, in time order, for the run's story
 * @param tasks         per Kafka Streams task, the intervals of its phase (empty for a plain consumer group)
 * @param replicas      a Kubernetes workload's size after each change (empty for bare processes)
 * @param hotPartitions the partitions whose sampled lag peaked highest, highest first, each with its lag over time
 *                      (at most {@link PartitionLagSamples#SHOWN}; empty where not sampled)
 * @param memberCounts  how many pods were in each {@link MemberState} (by ordinal) over time, counted as they changed;
 *                      a pod not started yet is in none (empty where not recorded)
 * @param partitionCounts how many partitions were processed, held by an owner that could not process them, or had no
 *                      owner ({@link #PROCESSED}, {@link #OWNER_NOT_RUNNING}, {@link #NO_OWNER}) over time
 */
public record Series(List<StateInterval> memberStates, List<OwnershipInterval> ownership,
                     List<LagSample> lag, List<RebalanceSpan> rebalances, List<StoryEvent> events,
                     List<TaskInterval> tasks, List<ReplicaSample> replicas, List<PartitionLag> hotPartitions,
                     List<CountStep> memberCounts, List<CountStep> partitionCounts) {

    public static final int PROCESSED = 0;
    public static final int OWNER_NOT_RUNNING = 1;
    public static final int NO_OWNER = 2;
    public static final int PARTITION_BANDS = 3;

    public Series {
        memberStates = List.copyOf(memberStates);
        ownership = List.copyOf(ownership);
        lag = List.copyOf(lag);
        rebalances = List.copyOf(rebalances);
        events = List.copyOf(events);
        tasks = List.copyOf(tasks);
        replicas = List.copyOf(replicas);
        hotPartitions = List.copyOf(hotPartitions);
        memberCounts = List.copyOf(memberCounts);
        partitionCounts = List.copyOf(partitionCounts);
    }

    /** A series without recorded counts: the charts count its intervals instead. */
    public Series(List<StateInterval> memberStates, List<OwnershipInterval> ownership, List<LagSample> lag,
                  List<RebalanceSpan> rebalances, List<StoryEvent> events, List<TaskInterval> tasks,
                  List<ReplicaSample> replicas, List<PartitionLag> hotPartitions) {
        this(memberStates, ownership, lag, rebalances, events, tasks, replicas, hotPartitions, List.of(), List.of());
    }

    /** The series of a run without per-partition lag samples. */
    public Series(List<StateInterval> memberStates, List<OwnershipInterval> ownership, List<LagSample> lag,
                  List<RebalanceSpan> rebalances, List<StoryEvent> events, List<TaskInterval> tasks,
                  List<ReplicaSample> replicas) {
        this(memberStates, ownership, lag, rebalances, events, tasks, replicas, List.of());
    }

    /** The series of a run without a Kubernetes workload. */
    public Series(List<StateInterval> memberStates, List<OwnershipInterval> ownership, List<LagSample> lag,
                  List<RebalanceSpan> rebalances, List<StoryEvent> events, List<TaskInterval> tasks) {
        this(memberStates, ownership, lag, rebalances, events, tasks, List.of());
    }

    /** The series of a plain consumer group: it has no tasks. */
    public Series(List<StateInterval> memberStates, List<OwnershipInterval> ownership, List<LagSample> lag,
                  List<RebalanceSpan> rebalances, List<StoryEvent> events) {
        this(memberStates, ownership, lag, rebalances, events, List.of());
    }

    public record StateInterval(String member, MemberState state, long fromMs, long toMs) {
    }

    public record OwnershipInterval(String partition, String member, long fromMs, long toMs) {
    }

    /**
     * The group's lag at {@code atMs}: in records (produced, not yet processed, all partitions together) and in time,
     * the age of the oldest record not yet processed in any partition (0 when every partition is caught up).
     *
     * @param timeBehindMs the time behind, or {@link #TIME_BEHIND_NOT_KNOWN} where the records' append times are
     *                     not known (a run measured on real Kafka)
     */
    public record LagSample(long atMs, long lag, long timeBehindMs) {

        public static final long TIME_BEHIND_NOT_KNOWN = -1;

        /** A sample whose time behind is not known. */
        public LagSample(long atMs, long lag) {
            this(atMs, lag, TIME_BEHIND_NOT_KNOWN);
        }
    }

    /**
     * One partition's lag over time, for the hot partitions chart.
     *
     * @param partition "topic-3"
     * @param peakLag   its highest sampled lag
     * @param lag       its samples (time behind not kept: {@link LagSample#TIME_BEHIND_NOT_KNOWN})
     */
    public record PartitionLag(String partition, long peakLag, List<LagSample> lag) {

        public PartitionLag {
            lag = List.copyOf(lag);
        }
    }

    /** Records processed by {@code atMs}, each once (sampled with the lag, for the scaling metrics; not written out). */
    public record ThroughputSample(long atMs, long processed) {
    }

    /** The lag sampled last at or before {@code atMs}, 0 before the first sample. */
    public static long lagAt(List<LagSample> lag, long atMs) {
        long value = 0;
        for (LagSample sample : lag) {
            if (sample.atMs() > atMs) {
                break;
            }
            value = sample.lag();
        }
        return value;
    }

    /**
     * A workload's size from {@code atMs} on: its replicas (spec.replicas), its pods not being deleted, and the ready
     * ones among them.
     */
    public record ReplicaSample(long atMs, int replicas, int pods, int ready) {
    }

    /**
     * @param generation      the classic generation, or the consumer protocol's group epoch, it completed
     * @param cause           what started it, in words
     * @param partitionsMoved partitions whose owning pod changed since the previous generation
     * @param trigger         what started it, as data ({@link RebalanceTrigger#NONE} when not known)
     * @param pod             the pod whose member's request or timeout started it, or null
     * @param fromEmpty       it started in an empty group (classic: group.initial.rebalance.delay.ms applies)
     */
    public record RebalanceSpan(int generation, long startMs, long stableMs, String cause, int partitionsMoved,
                                RebalanceTrigger trigger, String pod, boolean fromEmpty) {

        /** A span whose trigger is not known (a measured run infers only times and cause text). */
        public RebalanceSpan(int generation, long startMs, long stableMs, String cause, int partitionsMoved) {
            this(generation, startMs, stableMs, cause, partitionsMoved, RebalanceTrigger.NONE, null, false);
        }
    }

    /**
     * One line of the run's story.
     *
     * @param subject    who it is about as the story shows it: a pod, "group", a broker, a topic or partition
     * @param what       in words
     * @param kind       what it is about, as data
     * @param pod        the pod concerned (group events: the pod of the member concerned), or null
     * @param durationMs the length of a pause, partition, slow record or broker failure; the poll interval
     *                   of a poll timeout; else -1
     * @param generation the classic generation or group epoch of a group event, else -1
     * @param detail     a group event's trigger or removal reason (an enum name), else null
     */
    public record StoryEvent(long atMs, String subject, String what, StoryKind kind, String pod, long durationMs,
                             int generation, String detail) {

        public StoryEvent {
            kind = kind == null ? StoryKind.OTHER : kind;
        }

        /** A line with no data beyond its words. */
        public StoryEvent(long atMs, String subject, String what) {
            this(atMs, subject, what, StoryKind.OTHER, null, -1, -1, null);
        }
    }

    /** What a Kafka Streams task ("0_3") was doing over [fromMs, toMs). */
    public record TaskInterval(String task, TaskPhase phase, long fromMs, long toMs) {
    }

    /**
     * A task's phase as taskDowntimeMs sees it (docs/metrics.md): running, restoring its state, or down for one
     * of the causes of a partition's downtime (the first of its partitions' causes, as taskDowntimeByCause).
     *
     * @param restoring the instance holding it replays its changelog
     * @param down      why it is down, or null while it runs or restores
     */
    public record TaskPhase(boolean restoring, DowntimeCause down) {

        public static final TaskPhase RUNNING = new TaskPhase(false, null);
        public static final TaskPhase RESTORING = new TaskPhase(true, null);

        public TaskPhase {
            if (restoring && down != null) {
                throw new IllegalArgumentException("a task is restoring or down for a cause, not both");
            }
        }

        public static TaskPhase down(DowntimeCause cause) {
            return new TaskPhase(false, cause);
        }

        /** As result.json writes it: running, restoring, or the cause's metric key (deadOwner, ...). */
        public String key() {
            return down != null ? down.key() : restoring ? Metric.RESTORING_CAUSE : "running";
        }
    }

    /** From {@code fromMs} until the next step, how many things were in each band. */
    public record CountStep(long fromMs, int[] counts) {

        public CountStep {
            counts = counts.clone();
        }

        @Override
        public int[] counts() {
            return counts.clone();
        }

        public int count(int band) {
            return counts[band];
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof CountStep step && step.fromMs == fromMs && Arrays.equals(step.counts, counts);
        }

        @Override
        public int hashCode() {
            return Long.hashCode(fromMs) * 31 + Arrays.hashCode(counts);
        }

        @Override
        public String toString() {
            return fromMs + ":" + Arrays.toString(counts);
        }
    }
}
