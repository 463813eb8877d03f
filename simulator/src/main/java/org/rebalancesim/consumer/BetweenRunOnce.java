package org.rebalancesim.consumer;

import java.util.ArrayDeque;
import java.util.Deque;
import org.rebalancesim.engine.Timer;

/**
 * The work a Kafka Streams thread does between two polls of its main consumer: StreamThread#runOnce polls with
 * poll.ms, then exchanges tasks with its state updater (checkStateUpdater: hands it the new tasks, takes back the
 * restored ones and resumes their partitions), processes what it polled, checking the state updater again between
 * processing iterations, and StreamThread#runLoop then asks for a follow-up rebalance that has come due. Nothing
 * ends that poll early but records, so a thread with nothing to fetch does this work at the end of its present
 * poll(poll.ms): its polls follow one another from when it began to wait, one poll.ms each; a thread whose poll
 * returned records checks the state updater at once and again when the batch is done, and does the end-of-runOnce
 * work then. Each poll that returns nothing waits a little longer than poll.ms (topology.pollLateness, drawn per
 * poll: measured at about 1 ms a poll on a busy host), so an idle thread's turns drift from the poll.ms grid
 * (docs/kafka-semantics.md §19).
 */
final class BetweenRunOnce {

    /** For the next checkStateUpdater. */
    private final Deque<Runnable> checks = new ArrayDeque<>();
    /** For the end of the present runOnce. */
    private final Deque<Runnable> work = new ArrayDeque<>();
    private final Timer pollEnds;
    /** The thread's polls while it waits inside poll() with nothing fetched. */
    private final PollTurns polls;

    BetweenRunOnce(Timer pollEnds, PollTurns polls) {
        this.pollEnds = pollEnds;
        this.polls = polls;
    }

    /** Work for the end of the present runOnce. */
    void add(Runnable next) {
        work.add(next);
    }

    /** Work for the thread's next checkStateUpdater. */
    void addCheck(Runnable next) {
        checks.add(next);
    }

    boolean isEmpty() {
        return work.isEmpty() && checks.isEmpty();
    }

    /** A poll() began or went on: a thread that was not waiting begins to wait now. */
    void waiting(long nowMs) {
        if (!polls.isWaiting()) {
            polls.waitingSince(nowMs);
        }
    }

    /** The poll() returned records: the thread works on them, and the work waits for the batch's end. */
    void batchStarted() {
        polls.stop();
        pollEnds.cancel();
    }

    /**
     * Schedules {@code atPollEnd} for the end of the waiting thread's present poll(poll.ms), unless a poll end is
     * already due by then.
     */
    void schedulePollEnd(long nowMs, Runnable atPollEnd) {
        if (isEmpty()) {
            return;
        }
        long endsMs = polls.isWaiting() ? polls.pollEndAfter(nowMs) : nowMs + polls.nextPollMs();
        WaitTurns.armUnlessDueSooner(pollEnds, endsMs, atPollEnd);
    }

    /** The poll() returned records: the thread checks its state updater before it processes them. */
    void runChecks() {
        while (!checks.isEmpty()) {
            checks.poll().run();
        }
    }

    /** The runOnce ends: a last check of the state updater, then the work for its end, each in the order it came. */
    void runAll() {
        runChecks();
        while (!work.isEmpty()) {
            work.poll().run();
        }
    }

    void stop() {
        checks.clear();
        work.clear();
        pollEnds.cancel();
    }
}
