package org.rebalancesim.consumer;

import java.util.function.Consumer;
import org.rebalancesim.coordinator.Errors;
import org.rebalancesim.scenario.ClientDefaults;

/**
 * commitSync's loop, under either protocol (ConsumerCoordinator#commitOffsetsSync; the consumer protocol's
 * CommitRequestManager, whose sync commits retry until their deadline; docs/kafka-semantics.md §18): until
 * default.api.timeout.ms has passed, wait for a coordinator, send the commit, and on a retriable error (the coordinator
 * unknown, moved or loading, no answer in time) wait retry.backoff.ms, growing as the client's backoff does, and send
 * it again. The application thread waits all along. Any other answer ends it; so does the deadline, with the
 * TimeoutException the modelled application catches and goes on from.
 */
final class SyncCommitLoop {

    /** One attempt: sends the commit to the known coordinator and hands its answer on. */
    interface Attempt {
        void send(Consumer<Errors> answered);
    }

    private final ConsumerProcessBase member;
    private final Attempt attempt;
    private final Consumer<Errors> done;
    private final long deadlineMs;
    private int failures;

    private SyncCommitLoop(ConsumerProcessBase member, Attempt attempt, Consumer<Errors> done) {
        this.member = member;
        this.attempt = attempt;
        this.done = done;
        this.deadlineMs = member.now() + ClientDefaults.DEFAULT_API_TIMEOUT_MS;
    }

    /** Runs the loop; {@code done} gets the last answer, or REQUEST_TIMED_OUT at the deadline. */
    static void run(ConsumerProcessBase member, Attempt attempt, Consumer<Errors> done) {
        new SyncCommitLoop(member, attempt, done).next();
    }

    private void next() {
        long remainingMs = deadlineMs - member.now();
        if (remainingMs <= 0) {
            done.accept(Errors.REQUEST_TIMED_OUT);
            return;
        }
        member.connection.awaitKnown(remainingMs, () -> attempt.send(this::answered),
                () -> done.accept(Errors.REQUEST_TIMED_OUT));
    }

    private void answered(Errors error) {
        if (!CommitCall.isRetriable(error)) {
            done.accept(error);
            return;
        }
        long backoffMs = member.config.retryBackoffAfter(failures++);
        if (member.now() + backoffMs >= deadlineMs) {
            done.accept(Errors.REQUEST_TIMED_OUT);
            return;
        }
        member.ctx.sim().after(backoffMs, () -> member.jvm.run(this::next));
    }
}
