package org.rebalancesim.events;

/**
 * The exception a failed offset commit raises to the application (ConsumerCoordinator's
 * OffsetCommitResponseHandler and sendOffsetCommitRequest; CommitRequestManager for the consumer
 * protocol; docs/kafka-semantics.md §18). The keys name the members of the commitFailures metric.
 */
public enum CommitFailure {
    /** CommitFailedException: the member is no longer in the group's generation (UNKNOWN_MEMBER_ID,
     *  ILLEGAL_GENERATION, STALE_MEMBER_EPOCH, or not part of an active group when the commit starts). */
    COMMIT_FAILED("commitFailed", "CommitFailedException"),
    /** RebalanceInProgressException: the group is rebalancing (REBALANCE_IN_PROGRESS, or the client knows
     *  it is rejoining); the generation is kept and the next poll() completes the rebalance. */
    REBALANCE_IN_PROGRESS("rebalanceInProgress", "RebalanceInProgressException"),
    /** RetriableCommitFailedException: a commitAsync met a retriable error (the coordinator unknown when it was
     *  called and not found by the one lookup it makes, or moved, or no answer in time) and is not retried, so
     *  that commits stay in order; a later commit carries its offsets. */
    RETRIABLE_COMMIT_FAILED("retriableCommitFailed", "RetriableCommitFailedException");

    private final String key;
    private final String exception;

    CommitFailure(String key, String exception) {
        this.key = key;
        this.exception = exception;
    }

    /** The member of the commitFailures metric: {@code commitFailures.<key>}. */
    public String key() {
        return key;
    }

    /** The Kafka exception's simple class name. */
    public String exception() {
        return exception;
    }

    /** The failure a Kafka exception's class name stands for, or null for another exception. */
    public static CommitFailure ofException(String className) {
        for (CommitFailure failure : values()) {
            if (className.endsWith("." + failure.exception) || className.equals(failure.exception)) {
                return failure;
            }
        }
        return null;
    }
}
