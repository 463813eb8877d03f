package org.rebalancesim.consumer;

/**
 * The polls of a Kafka Streams consumer that find nothing to return, one after the other from when its wait began:
 * each waits poll.ms and a little more (topology.pollLateness, drawn per poll), so a long wait drifts from the
 * poll.ms grid, as measured (docs/kafka-semantics.md §19). The stream thread's main consumer and the state updater's
 * restore consumer each have their own.
 */
final class PollTurns {

    private final long pollMs;
    private final DurationDraws lateness;
    /** When the wait this grid belongs to began, or -1 without one. */
    private long sinceMs = -1;
    /** When the present poll of the wait ends. */
    private long endsMs;

    PollTurns(long pollMs, DurationDraws lateness) {
        this.pollMs = pollMs;
        this.lateness = lateness;
    }

    /** A wait began at {@code waitSinceMs}; one that began then already goes on. */
    void waitingSince(long waitSinceMs) {
        if (sinceMs != waitSinceMs) {
            sinceMs = waitSinceMs;
            endsMs = waitSinceMs + nextPollMs();
        }
    }

    /** The wait ended (a poll returned records). */
    void stop() {
        sinceMs = -1;
    }

    /** poll.ms: 0 makes every poll return at once. */
    long pollMs() {
        return pollMs;
    }

    boolean isWaiting() {
        return sinceMs >= 0;
    }

    /**
     * The end of the poll under way at {@code nowMs}: the first poll end after it. Polls of a constant length (the
     * default, no lateness) are on a fixed grid, found at once; drawn ones are drawn one poll at a time.
     */
    long pollEndAfter(long nowMs) {
        if (endsMs <= nowMs && lateness.isConstant()) {
            long pollLength = nextPollMs();
            endsMs = WaitTurns.turnEndMs(endsMs - pollLength, nowMs, pollLength);
        }
        while (endsMs <= nowMs) {
            endsMs += nextPollMs();
        }
        return endsMs;
    }

    /** How long one poll that returns nothing waits: poll.ms, its lateness, and at least a millisecond. */
    long nextPollMs() {
        return Math.max(1, pollMs + lateness.nextMs());
    }
}
