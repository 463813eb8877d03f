package org.rebalancesim.consumer;

import java.util.List;
import org.rebalancesim.cluster.TopicPartition;
import org.rebalancesim.metrics.MemberState;
import org.rebalancesim.metrics.StoryKind;

/** What a pod reports as it runs, for metrics and the run's story. Observers never change the pod. */
public interface PodObserver {

    /** The pod's displayed state changed (down, paused, unreachable, rebalancing, slow record, consuming). */
    void stateChanged(String pod, MemberState state);

    /** The pod is blocked by the group protocol (eager: from revoking everything to its SyncGroup answer). */
    void blocked(String pod, boolean blocked);

    /** The coordinator gave the pod a member id (one pod has several over restarts). */
    void memberIdAssigned(String pod, String memberId);

    /** A rebalance round began for this member (Kafka's rebalance-latency starts here). */
    void rebalanceStarted(String pod);

    /** The round ended with an assignment for {@code generation}. */
    void rebalanceCompleted(String pod, int generation);

    /** The round failed and must start again (Kafka's failed-rebalance-total). */
    void rebalanceFailed(String pod);

    void partitionsAssigned(String pod, List<TopicPartition> partitions, long callbackMs);

    void partitionsRevoked(String pod, List<TopicPartition> partitions, long callbackMs);

    /** Partitions dropped without a commit (the member had been kicked out or had left). */
    void partitionsLost(String pod, List<TopicPartition> partitions);

    /** The poll timer expired: max.poll.interval.ms elapsed between two polls. */
    void pollTimeout(String pod);

    /**
     * A line of the run's story: its kind, the duration it concerns (a pause, a slow record, the poll
     * interval that passed; -1 when none) and its words.
     */
    void story(String pod, StoryKind kind, long durationMs, String what);

    /** A line of the run's story with no data beyond its words. */
    default void story(String pod, String what) {
        story(pod, StoryKind.OTHER, -1, what);
    }

    /** poll() returned offsets [fromOffset, toOffset) of {@code tp} to the pod's application (for the run's checks). */
    default void fetched(String pod, TopicPartition tp, long fromOffset, long toOffset) {
    }
}
