package org.rebalancesim.consumer;

import java.util.Map;
import java.util.function.Consumer;
import org.rebalancesim.coordinator.Errors;
import org.rebalancesim.coordinator.Messages.OffsetCommitRequest;
import org.rebalancesim.coordinator.Messages.OffsetCommitResponse;
import org.rebalancesim.events.CommitFailure;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.scenario.ClientDefaults;

/**
 * A classic member's offset commit, as ConsumerCoordinator sends and answers it
 * (sendOffsetCommitRequest, OffsetCommitResponseHandler; docs/kafka-semantics.md §18). The modelled
 * application catches the CommitFailedException or RebalanceInProgressException and goes on polling:
 * the next poll() rejoins, and whatever it processed since its last successful commit is processed
 * again by the partitions' next owner.
 */
final class ClassicCommit {

    private final ClassicMember member;

    ClassicCommit(ClassicMember member) {
        this.member = member;
    }

    /** {@code call}'s commit of every consumed position; {@code done} gets the outcome. */
    void commitConsumed(CommitCall call, Consumer<Errors> done) {
        // The positions as of the call: an auto-commit does not block the thread, which fetches on meanwhile.
        Map<TopicPartition, Long> offsets = member.pollLoop.consumedPositions();
        if (offsets.isEmpty()) {
            done.accept(Errors.NONE);
            return;
        }
        if (call == CommitCall.COMMIT_ASYNC) {
            // commitOffsetsAsync does not wait: an unknown coordinator is looked up once, the commit chained to
            // that lookup, and a failed lookup fails the commit (RetriableCommitFailedException), never retried.
            member.connection.afterNextLookup(() -> send(call, offsets, done), () -> {
                fail(call, CommitFailure.RETRIABLE_COMMIT_FAILED, Errors.COORDINATOR_NOT_AVAILABLE.name());
                done.accept(Errors.COORDINATOR_NOT_AVAILABLE);
            });
            return;
        }
        if (call == CommitCall.COMMIT_SYNC) {
            SyncCommitLoop.run(member, answered -> send(call, offsets, answered), done);
            return;
        }
        // The auto-commit before a revocation waits for the coordinator (coordinatorUnknownAndUnreadySync), up to
        // default.api.timeout.ms here; then a TimeoutException, which the client logs.
        member.connection.awaitKnown(ClientDefaults.DEFAULT_API_TIMEOUT_MS, () -> send(call, offsets, done),
                () -> done.accept(Errors.REQUEST_TIMED_OUT));
    }

    private void send(CommitCall call, Map<TopicPartition, Long> offsets, Consumer<Errors> done) {
        if (member.state != ClientState.STABLE) {
            // generationIfStable() is null: the client fails the commit itself, without a request.
            boolean rebalancing = member.state == ClientState.PREPARING_REBALANCE
                    || member.state == ClientState.COMPLETING_REBALANCE;
            fail(call, rebalancing ? CommitFailure.REBALANCE_IN_PROGRESS : CommitFailure.COMMIT_FAILED,
                    rebalancing ? "the consumer is rebalancing" : "not part of an active group");
            done.accept(rebalancing ? Errors.REBALANCE_IN_PROGRESS : Errors.ILLEGAL_GENERATION);
            return;
        }
        int sentGeneration = member.generation;
        String sentMemberId = member.memberId;
        OffsetCommitRequest request = new OffsetCommitRequest(sentMemberId, member.instanceId, sentGeneration, offsets);
        member.connection.offsetCommit(request, (OffsetCommitResponse response) -> member.jvm.run(() -> {
            onResponse(call, response.error(), sentGeneration == member.generation && sentMemberId.equals(member.memberId));
            done.accept(response.error());
        }));
    }

    /**
     * OffsetCommitResponseHandler#handle for the group errors; a retriable error fails a commitAsync (commitSync and
     * the auto-commit are answered the same, their callers go on); other errors are passed on as they are.
     */
    private void onResponse(CommitCall call, Errors error, boolean generationUnchanged) {
        boolean preparing = member.state == ClientState.PREPARING_REBALANCE;
        switch (error) {
            case REBALANCE_IN_PROGRESS -> {
                // Between JoinGroup and SyncGroup: rejoin, keeping the generation.
                member.requestRejoin();
                fail(call, CommitFailure.REBALANCE_IN_PROGRESS, error.name());
            }
            case UNKNOWN_MEMBER_ID, ILLEGAL_GENERATION -> {
                if (!generationUnchanged && preparing) {
                    // Already rejoining with a newer generation: nothing to reset.
                    fail(call, CommitFailure.REBALANCE_IN_PROGRESS, error.name());
                } else {
                    // resetStateOnResponseError: the member id survives an ILLEGAL_GENERATION.
                    member.resetGeneration(error == Errors.UNKNOWN_MEMBER_ID);
                    member.requestRejoin();
                    fail(call, CommitFailure.COMMIT_FAILED, error.name());
                }
            }
            case FENCED_INSTANCE_ID -> {
                if (generationUnchanged) {
                    member.fatal(error);
                } else {
                    fail(call, preparing ? CommitFailure.REBALANCE_IN_PROGRESS : CommitFailure.COMMIT_FAILED, error.name());
                }
            }
            default -> {
                if (CommitCall.losesCoordinator(error)) {
                    // markCoordinatorUnknown: the next request looks the coordinator up again.
                    member.connection.markUnknownAndDisconnect();
                }
                failIfAsync(call, error);
            }
        }
    }

    /** A retriable error fails a commitAsync (RetriableCommitFailedException); commitSync's caller just goes on. */
    private void failIfAsync(CommitCall call, Errors error) {
        if (call == CommitCall.COMMIT_ASYNC && CommitCall.isRetriable(error)) {
            fail(call, CommitFailure.RETRIABLE_COMMIT_FAILED, error.name());
        }
    }

    private void fail(CommitCall call, CommitFailure failure, String cause) {
        call.failed(member, failure, cause, switch (failure) {
            case COMMIT_FAILED -> ": rejoins; the records since its last commit go to the next owner again";
            case REBALANCE_IN_PROGRESS -> ": completes the rebalance at its next poll()";
            case RETRIABLE_COMMIT_FAILED -> CommitCall.NOT_RETRIED;
        });
    }
}
