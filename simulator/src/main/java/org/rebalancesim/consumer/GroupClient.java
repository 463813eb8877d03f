package org.rebalancesim.consumer;

import java.util.function.Consumer;
import org.rebalancesim.cluster.Link;
import org.rebalancesim.coordinator.Errors;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.scenario.ConsumerConfig;

/**
 * The group side of one consumer process, as its poll loop sees it: the classic protocol's client
 * or the KIP-848 consumer protocol's. Group work happens inside poll(), as in Kafka's consumers.
 */
interface GroupClient {

    PodContext ctx();

    String pod();

    ConsumerConfig config();

    Jvm jvm();

    Link link();

    default long now() {
        return ctx().sim().nowMs();
    }

    /**
     * The group work of one poll() (joining, rejoining, reconciling). Returns whether the member may
     * fetch and process its partitions now.
     */
    boolean pollGroup();

    /** Commits every consumed position and waits for the answer ({@code call}); {@code done} gets the outcome. */
    void commitConsumed(CommitCall call, Consumer<Errors> done);

    /** Commits every consumed position without waiting (commitAsync, consumers.application.commit: async). */
    void commitAsync();

    /** Whether a commit would be accepted now (the member is in a settled generation/epoch). */
    boolean isSettled();

    /**
     * Whether the modelled application's commitSync after a batch reaches the client while the member is
     * not settled: the classic client then fails it itself, with a RebalanceInProgressException or a
     * CommitFailedException (ConsumerCoordinator#sendOffsetCommitRequest; docs/kafka-semantics.md §18).
     */
    default boolean commitsWhenUnsettled() {
        return false;
    }

    /**
     * Whether a poll() now reaches its auto-commit. The classic client's does only once the group is joined
     * (docs/kafka-semantics.md §6); the KIP-848 client's commits come from its background thread, rebalancing or not.
     */
    default boolean reachesAutoCommit() {
        return true;
    }

    /** Blocked by the protocol: nothing it may process until the rebalance ends. */
    boolean isBlocked();

    /**
     * The client dropped its coordinator connection. Kafka's NetworkClient asks for a metadata update on
     * every disconnect ("the disconnect may be the result of stale metadata"), which matters to a client
     * that assigns from its metadata (docs/kafka-semantics.md §16).
     */
    default void connectionDropped() {
    }

    /**
     * A fetch was answered UNKNOWN_TOPIC_ID: its topic was deleted. The client asks for a metadata update
     * (FetchCollector#handleInitializeErrors), which matters to a client that reads its subscription or its
     * assignment from its metadata (docs/kafka-semantics.md §16).
     */
    default void fetchedUnknownTopic() {
    }

    /** Whether an owned partition must not be fetched now (a Kafka Streams task still restoring its state). */
    default boolean isFetchPaused(TopicPartition tp) {
        return false;
    }

    /** Whether it has active work and all of it is a Kafka Streams task restoring its state (a display state). */
    default boolean isRestoringOnly() {
        return false;
    }

    /** The process is paused (GC) for {@code addedMs} more: its background work stops too. */
    default void pausedFor(long addedMs) {
    }

    /** Records of {@code tp} were processed (a Kafka Streams task writes its changelog). */
    default void processed(TopicPartition tp, long records) {
    }

    /**
     * Whether the application, when it commits itself, commits at the end of this loop turn ({@code afterBatch}: the
     * turn processed a batch; else its poll returned nothing): a plain consumer after every batch, Kafka Streams at
     * any turn's end once commit.interval.ms has passed and it has something to commit (StreamThread#maybeCommit).
     */
    default boolean commitsAtTurnEnd(boolean afterBatch) {
        return afterBatch;
    }
}
