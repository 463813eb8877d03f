package org.rebalancesim.consumer;

import java.util.ArrayDeque;
import java.util.Deque;
import org.rebalancesim.engine.Timer;

/**
 * The work a Kafka Streams thread does between two polls of its main consumer: StreamThread#runOnce polls with
 * poll.ms, then takes the tasks its state updater restored (checkStateUpdater, which resumes their partitions),
 * processes what it polled, and StreamThread#runLoop then asks for a follow-up rebalance that has come due.
 * Nothing ends that poll early but records, so a thread with nothing to fetch does this work at the end of its
 * present poll(poll.ms): its polls follow one another from when it began to wait, one poll.ms each; a busy thread
 * does it when its batch is done (docs/kafka-semantics.md §19).
 */
final class BetweenRunOnce {

    private final Deque<Runnable> work = new ArrayDeque<>();
    private final Timer pollEnds;
    /** poll.ms: how long each of the thread's polls waits for records. */
    private final long pollMs;
    /** When the thread began to wait inside poll() with nothing fetched, or -1 while it works on a batch. */
    private long waitingSinceMs = -1;

    BetweenRunOnce(Timer pollEnds, long pollMs) {
        this.pollEnds = pollEnds;
        this.pollMs = pollMs;
    }

    /** Work for the end of the present runOnce. */
    void add(Runnable next) {
        work.add(next);
    }

    boolean isEmpty() {
        return work.isEmpty();
    }

    /** A poll() began or went on: a thread that was not waiting begins to wait now. */
    void waiting(long nowMs) {
        if (waitingSinceMs < 0) {
            waitingSinceMs = nowMs;
        }
    }

    /** The poll() returned records: the thread works on them, and the work waits for the batch's end. */
    void batchStarted() {
        waitingSinceMs = -1;
        pollEnds.cancel();
    }

    /**
     * Schedules {@code atPollEnd} for the end of the waiting thread's present poll(poll.ms), unless a poll end is
     * already due by then.
     */
    void schedulePollEnd(long nowMs, Runnable atPollEnd) {
        if (work.isEmpty()) {
            return;
        }
        WaitTurns.armAtTurnEnd(pollEnds, waitingSinceMs < 0 ? nowMs : waitingSinceMs, nowMs, pollMs, atPollEnd);
    }

    /** Runs the work waiting for the end of this runOnce, in the order it came. */
    void runAll() {
        while (!work.isEmpty()) {
            work.poll().run();
        }
    }

    void stop() {
        work.clear();
        pollEnds.cancel();
    }
}
