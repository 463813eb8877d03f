package org.rebalancesim.consumer;

import java.util.Map;
import java.util.function.Consumer;
import org.rebalancesim.coordinator.Errors;
import org.rebalancesim.coordinator.Messages.OffsetCommitRequest;
import org.rebalancesim.coordinator.Messages.OffsetCommitResponse;
import org.rebalancesim.events.CommitFailure;
import org.rebalancesim.events.PodEvents.CommitFailed;
import org.rebalancesim.events.PodEvents.Story;
import org.rebalancesim.partition.TopicPartition;

/**
 * A classic member's offset commit, as ConsumerCoordinator sends and answers it
 * (sendOffsetCommitRequest, OffsetCommitResponseHandler; docs/kafka-semantics.md §18). The modelled
 * application catches the CommitFailedException or RebalanceInProgressException and goes on polling:
 * the next poll() rejoins, and whatever it processed since its last successful commit is processed
 * again by the partitions' next owner.
 */
final class ClassicCommit {

    /** Kafka's default default.api.timeout.ms: how long commitSync waits for a coordinator. */
    static final long DEFAULT_API_TIMEOUT_MS = 60_000;

    private final ClassicMember member;

    ClassicCommit(ClassicMember member) {
        this.member = member;
    }

    /** commitSync of every consumed position; {@code done} gets the outcome. */
    void commitConsumed(Consumer<Errors> done) {
        // The positions as of the call: an auto-commit does not block the thread, which fetches on meanwhile.
        Map<TopicPartition, Long> offsets = member.pollLoop.consumedPositions();
        if (offsets.isEmpty()) {
            done.accept(Errors.NONE);
            return;
        }
        // commitSync first waits for the coordinator (coordinatorUnknownAndUnreadySync), up to
        // default.api.timeout.ms; then a TimeoutException, which the application catches as well.
        member.connection.awaitKnown(DEFAULT_API_TIMEOUT_MS, () -> send(offsets, done),
                () -> done.accept(Errors.REQUEST_TIMED_OUT));
    }

    private void send(Map<TopicPartition, Long> offsets, Consumer<Errors> done) {
        if (member.state != ClientState.STABLE) {
            // generationIfStable() is null: the client fails the commit itself, without a request.
            boolean rebalancing = member.state == ClientState.PREPARING_REBALANCE
                    || member.state == ClientState.COMPLETING_REBALANCE;
            fail(rebalancing ? CommitFailure.REBALANCE_IN_PROGRESS : CommitFailure.COMMIT_FAILED,
                    rebalancing ? "the consumer is rebalancing" : "not part of an active group");
            done.accept(rebalancing ? Errors.REBALANCE_IN_PROGRESS : Errors.ILLEGAL_GENERATION);
            return;
        }
        int sentGeneration = member.generation;
        String sentMemberId = member.memberId;
        OffsetCommitRequest request = new OffsetCommitRequest(sentMemberId, member.instanceId, sentGeneration, offsets);
        member.connection.offsetCommit(request, (OffsetCommitResponse response) -> member.jvm.run(() -> {
            onResponse(response.error(), sentGeneration == member.generation && sentMemberId.equals(member.memberId));
            done.accept(response.error());
        }));
    }

    /** OffsetCommitResponseHandler#handle for the group errors; other errors are passed on as they are. */
    private void onResponse(Errors error, boolean generationUnchanged) {
        boolean preparing = member.state == ClientState.PREPARING_REBALANCE;
        switch (error) {
            case REBALANCE_IN_PROGRESS -> {
                // Between JoinGroup and SyncGroup: rejoin, keeping the generation.
                member.requestRejoin();
                fail(CommitFailure.REBALANCE_IN_PROGRESS, error.name());
            }
            case UNKNOWN_MEMBER_ID, ILLEGAL_GENERATION -> {
                if (!generationUnchanged && preparing) {
                    // Already rejoining with a newer generation: nothing to reset.
                    fail(CommitFailure.REBALANCE_IN_PROGRESS, error.name());
                } else {
                    // resetStateOnResponseError: the member id survives an ILLEGAL_GENERATION.
                    member.resetGeneration(error == Errors.UNKNOWN_MEMBER_ID);
                    member.requestRejoin();
                    fail(CommitFailure.COMMIT_FAILED, error.name());
                }
            }
            case FENCED_INSTANCE_ID -> {
                if (generationUnchanged) {
                    member.fatal(error);
                } else {
                    fail(preparing ? CommitFailure.REBALANCE_IN_PROGRESS : CommitFailure.COMMIT_FAILED, error.name());
                }
            }
            default -> {
            }
        }
    }

    private void fail(CommitFailure failure, String cause) {
        member.ctx.events().publish(new CommitFailed(member.pod, failure, cause));
        member.ctx.events().publish(Story.of(member.pod, "commitSync failed with " + failure.exception() + " ("
                + cause + ")" + (failure == CommitFailure.COMMIT_FAILED ? ": rejoins; the records since its last"
                + " commit go to the next owner again" : ": completes the rebalance at its next poll()")));
    }
}
