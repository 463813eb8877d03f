package org.rebalancesim.events;

import java.util.List;
import java.util.SortedMap;
import org.rebalancesim.partition.OffsetRange;
import org.rebalancesim.partition.TaskId;
import org.rebalancesim.partition.TopicPartition;

/** What a pod reports as it runs, about its process and its member of the group. */
public final class PodEvents {

    private PodEvents() {
    }

    /** The pod's displayed state changed (down, paused, unreachable, rebalancing, slow record, consuming). */
    public record PodStateChanged(String pod, MemberState state) implements GroupEvent {
        @Override
        public void deliverTo(GroupListener listener) {
            listener.podStateChanged(this);
        }
    }

    /** The pod is blocked by the group protocol (eager: from revoking everything to its SyncGroup answer), or no longer. */
    public record PodBlocked(String pod, boolean blocked) implements GroupEvent {
        @Override
        public void deliverTo(GroupListener listener) {
            listener.podBlocked(this);
        }
    }

    /** The coordinator gave the pod a member id (one pod has several over restarts). */
    public record MemberIdAssigned(String pod, String memberId) implements GroupEvent {
        @Override
        public void deliverTo(GroupListener listener) {
            listener.memberIdAssigned(this);
        }
    }

    /** A rebalance round began for the pod's member (Kafka's rebalance-latency starts here). */
    public record PodRebalanceStarted(String pod) implements GroupEvent {
        @Override
        public void deliverTo(GroupListener listener) {
            listener.podRebalanceStarted(this);
        }
    }

    /** The pod's round ended with an assignment for {@code generation} (the member epoch, consumer protocol). */
    public record PodRebalanceCompleted(String pod, int generation) implements GroupEvent {
        @Override
        public void deliverTo(GroupListener listener) {
            listener.podRebalanceCompleted(this);
        }
    }

    /**
     * A classic leader assigned {@code generation} from its cached metadata: the partition counts of the
     * group's topics as it knew them (docs/kafka-semantics.md §16).
     */
    public record LeaderAssigned(String pod, int generation, SortedMap<String, Integer> partitionCounts)
            implements GroupEvent {
        @Override
        public void deliverTo(GroupListener listener) {
            listener.leaderAssigned(this);
        }
    }

    /** The pod's round failed and must start again (Kafka's failed-rebalance-total). */
    public record PodRebalanceFailed(String pod) implements GroupEvent {
        @Override
        public void deliverTo(GroupListener listener) {
            listener.podRebalanceFailed(this);
        }
    }

    /** onPartitionsAssigned ran for these partitions and took {@code callbackMs}. */
    public record PartitionsAssigned(String pod, List<TopicPartition> partitions, long callbackMs) implements GroupEvent {
        @Override
        public void deliverTo(GroupListener listener) {
            listener.partitionsAssigned(this);
        }
    }

    /** onPartitionsRevoked ran for these partitions and took {@code callbackMs}. */
    public record PartitionsRevoked(String pod, List<TopicPartition> partitions, long callbackMs) implements GroupEvent {
        @Override
        public void deliverTo(GroupListener listener) {
            listener.partitionsRevoked(this);
        }
    }

    /** Partitions dropped without a commit (the member had been kicked out or had left). */
    public record PartitionsLost(String pod, List<TopicPartition> partitions) implements GroupEvent {
        @Override
        public void deliverTo(GroupListener listener) {
            listener.partitionsLost(this);
        }
    }

    /**
     * An offset commit failed with {@code failure} (what commitSync throws, commitAsync's callback gets,
     * auto-commit logs); {@code error} is the error that caused it, as Kafka names it.
     */
    public record CommitFailed(String pod, CommitFailure failure, String error) implements GroupEvent {
        @Override
        public void deliverTo(GroupListener listener) {
            listener.commitFailed(this);
        }
    }

    /**
     * The application's rebalance listener began {@code callback}, which holds the application thread for
     * {@code durationMs} (> 0; a callback that takes no time is not told).
     */
    public record ListenerCalled(String pod, ListenerCallback callback, long durationMs) implements GroupEvent {
        @Override
        public void deliverTo(GroupListener listener) {
            listener.listenerCalled(this);
        }
    }

    /** The poll timer expired: max.poll.interval.ms elapsed between two polls. */
    public record PollTimeout(String pod) implements GroupEvent {
        @Override
        public void deliverTo(GroupListener listener) {
            listener.pollTimeout(this);
        }
    }

    /**
     * A line of the run's story about {@code subject} (a pod, or a broker, topic, partition, "cluster"): its
     * kind, the duration it concerns (a pause, a slow record, the poll interval that passed; -1 when none)
     * and its words.
     */
    public record Story(String subject, StoryKind kind, long durationMs, String what) implements GroupEvent {

        /** A line with no data beyond its words. */
        public static Story of(String subject, String what) {
            return new Story(subject, StoryKind.OTHER, -1, what);
        }

        @Override
        public void deliverTo(GroupListener listener) {
            listener.story(this);
        }
    }

    /** poll() returned these records, per partition, to the pod's application (for the run's checks). */
    public record Fetched(String pod, List<OffsetRange> ranges) implements GroupEvent {
        @Override
        public void deliverTo(GroupListener listener) {
            listener.fetched(this);
        }
    }

    /**
     * A Kubernetes workload's size changed: its {@code replicas} (spec.replicas, which a rollout's surge does not
     * change and an autoscaler does), the pods it has that are not being deleted, and how many of those are ready.
     */
    public record WorkloadChanged(String workload, int replicas, int pods, int readyPods) implements GroupEvent {
        @Override
        public void deliverTo(GroupListener listener) {
            listener.workloadChanged(this);
        }
    }

    /** A Kafka Streams task changed state on the pod's instance. */
    public record TaskStateChanged(String pod, TaskId task, TaskState state) implements GroupEvent {
        @Override
        public void deliverTo(GroupListener listener) {
            listener.taskStateChanged(this);
        }
    }

    /** An active task finished restoring: {@code records} changelog records replayed in {@code durationMs}. */
    public record TaskRestored(String pod, TaskId task, long records, long durationMs) implements GroupEvent {
        @Override
        public void deliverTo(GroupListener listener) {
            listener.taskRestored(this);
        }
    }

    /**
     * A standby or warm-up replica began to catch up with its changelog {@code lagRecords} behind its end (it was
     * assigned, or its instance's active tasks finished restoring): what a failover to it then would restore.
     */
    public record StandbyCatchUp(String pod, TaskId task, long lagRecords) implements GroupEvent {
        @Override
        public void deliverTo(GroupListener listener) {
            listener.standbyCatchUp(this);
        }
    }
}
