package org.rebalancesim.consumer;

import org.rebalancesim.engine.Timer;

/**
 * A thread waiting inside poll() in turns of a fixed length from when its wait began: the classic consumer's
 * network poll woken every retry.backoff.ms. (A Kafka Streams consumer's polls that return nothing drift: PollTurns.)
 * Work for "the end of this turn" fires at the first turn boundary after now.
 */
final class WaitTurns {

    private WaitTurns() {
    }

    /** The first turn boundary after {@code nowMs} of a wait that began at {@code sinceMs}, turns of {@code turnMs}. */
    static long turnEndMs(long sinceMs, long nowMs, long turnMs) {
        long turn = Math.max(1, turnMs);
        return sinceMs + ((nowMs - sinceMs) / turn + 1) * turn;
    }

    /**
     * Arms {@code timer} for the end of the turn under way of a wait that began at {@code sinceMs}, turns of
     * {@code turnMs} (at least 1 ms), unless it is already due by then.
     */
    static void armAtTurnEnd(Timer timer, long sinceMs, long nowMs, long turnMs, Runnable action) {
        armUnlessDueSooner(timer, turnEndMs(sinceMs, nowMs, turnMs), action);
    }

    /** Arms {@code timer} for {@code endsMs}, unless it is already due by then. */
    static void armUnlessDueSooner(Timer timer, long endsMs, Runnable action) {
        if (!timer.isPending() || timer.dueMs() > endsMs) {
            timer.scheduleAt(endsMs, action);
        }
    }
}
