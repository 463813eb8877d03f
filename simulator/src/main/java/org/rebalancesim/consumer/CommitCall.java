package org.rebalancesim.consumer;

import org.rebalancesim.coordinator.Errors;
import org.rebalancesim.events.CommitFailure;
import org.rebalancesim.events.PodEvents.CommitFailed;
import org.rebalancesim.events.PodEvents.Story;
import org.rebalancesim.scenario.ConsumerConfig;

/**
 * Which of the client's calls made an offset commit: the story of a failed commit names it, since the application
 * sees each failure differently (commitSync throws, commitAsync's callback gets it, the auto-commit only logs it;
 * docs/kafka-semantics.md §6, §18).
 */
enum CommitCall {
    /** The application's commitSync: after a batch (consumers.application.commit: sync) or in onPartitionsRevoked. */
    COMMIT_SYNC("commitSync"),
    /** The application's commitAsync after a batch (consumers.application.commit: async). */
    COMMIT_ASYNC("commitAsync"),
    /** The client's own commit with enable.auto.commit: on its interval, before a revocation, in close(). */
    AUTO_COMMIT("the auto-commit");

    private final String told;

    CommitCall(String told) {
        this.told = told;
    }

    /** How the story names the call. */
    String told() {
        return told;
    }

    /** The commit made before partitions are revoked: the auto-commit's, else the application's commitSync. */
    static CommitCall beforeRevocation(ConsumerConfig config) {
        return config.enableAutoCommit() ? AUTO_COMMIT : COMMIT_SYNC;
    }

    /**
     * Whether an error fails a commitAsync with a RetriableCommitFailedException: a retriable error, which the
     * async call does not retry, to keep commits in order (ConsumerCoordinator#doCommitOffsetsAsync,
     * CommitRequestManager#commitAsyncExceptionForError): the coordinator unknown or moved, or no answer in time.
     */
    static boolean isRetriable(Errors error) {
        return losesCoordinator(error) || error == Errors.COORDINATOR_LOAD_IN_PROGRESS;
    }

    /**
     * Whether a commit's error makes the client mark its coordinator unknown and look it up again, whichever call
     * made it (OffsetCommitResponseHandler; CommitRequestManager#onFailedAttempt).
     */
    static boolean losesCoordinator(Errors error) {
        return error == Errors.COORDINATOR_NOT_AVAILABLE || error == Errors.NOT_COORDINATOR
                || error == Errors.REQUEST_TIMED_OUT;
    }

    /** What follows a commitAsync's RetriableCommitFailedException, under either protocol. */
    static final String NOT_RETRIED = ": not retried, so that commits stay in order; the next commit carries its offsets";

    /** Counts a failed commit of this call and tells it: {@code cause} is Kafka's error, {@code then} what follows. */
    void failed(GroupClient member, CommitFailure failure, String cause, String then) {
        member.ctx().events().publish(new CommitFailed(member.pod(), failure, cause));
        member.ctx().events().publish(Story.of(member.pod(), told + " failed with " + failure.exception() + " ("
                + cause + ")" + then));
    }
}
