package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.partition.TaskId;
import org.rebalancesim.scenario.Distributions;

/**
 * One Streams instance's restore consumer: it restores one fetched chunk of a changelog at a time, taking
 * the changelogs in turn, and standbys wait while an active task restores (Fetcher, FetchCollector, the
 * state updater; docs/kafka-semantics.md §19).
 */
class StateRestorerTest {

    private final Simulation sim = new Simulation(10_000);
    private final List<String> caughtUp = new ArrayList<>();
    private long chunk = Long.MAX_VALUE;
    /** poll.ms, Kafka Streams' default. */
    private static final long POLL_MS = 100;
    private final StateRestorer restorer = new StateRestorer(sim, sim.timer(), 100,
            new PollTurns(POLL_MS, new DurationDraws(Distributions.NO_TIME, 1, "restore-poll-lateness", "c1")), task -> chunk,
            (task, active, offset) -> caughtUp.add(task + (active ? " active" : " standby") + " at "
                    + sim.nowMs() + " ms, offset " + offset));

    private static final TaskId T0 = new TaskId(0, 0);
    private static final TaskId T1 = new TaskId(0, 1);

    @Test
    void changelogsSmallerThanAChunkRestoreOneAfterTheOther() {
        // 1,000 records each at 100 records/s, each within one fetch: 0_0 is drained first (10 s), then 0_1.
        restorer.restore(T0, 0, 1000, true);
        restorer.restore(T1, 0, 1000, true);
        sim.runUntil(60_000);
        assertEquals(List.of("0_0 active at 10000 ms, offset 1000", "0_1 active at 20000 ms, offset 1000"), caughtUp);
    }

    @Test
    void largerChangelogsTakeTurnsChunkByChunk() {
        // Chunks of 100 records (1 s each), alternating: 0_0's tenth chunk ends at 19 s, 0_1's at 20 s.
        chunk = 100;
        restorer.restore(T0, 0, 1000, true);
        restorer.restore(T1, 0, 1000, true);
        sim.runUntil(60_000);
        assertEquals(List.of("0_0 active at 19000 ms, offset 1000", "0_1 active at 20000 ms, offset 1000"), caughtUp);
    }

    @Test
    void aTaskRestoresOnlyFromItsCheckpointAndALaterOneJoinsTheTurnLast() {
        // Chunks of 1,000: 0_0 needs 500 (from 500), done at 5 s; 0_1 needs 1,500: a chunk to 15 s, the rest
        // alone to 20 s.
        chunk = 1000;
        restorer.restore(T0, 500, 1000, true);
        restorer.restore(T1, 0, 1500, true);
        sim.runUntil(60_000);
        assertEquals(List.of("0_0 active at 5000 ms, offset 1000", "0_1 active at 20000 ms, offset 1500"), caughtUp);
    }

    @Test
    void aTaskAddedDuringAChunkWaitsForItsEnd() {
        // Chunks of 300: 0_0's first chunk 0 -> 3 s; 0_1, added at 1 s, its whole 300 from 3 s to 6 s; then
        // 0_0's last 700 to 13 s.
        chunk = 300;
        restorer.restore(T0, 0, 1000, true);
        sim.runUntil(1_000);
        restorer.restore(T1, 0, 300, true);
        sim.runUntil(60_000);
        assertEquals(List.of("0_1 active at 6000 ms, offset 300", "0_0 active at 13000 ms, offset 1000"), caughtUp);
    }

    @Test
    void aStandbyWaitsWhileAnActiveTaskRestores() {
        restorer.restore(T1, 0, 200, false);
        restorer.restore(T0, 0, 1000, true);
        sim.runUntil(5_000);
        assertEquals(0, restorer.position(T1), "no standby progress while 0_0 restores");
        sim.runUntil(60_000);
        assertEquals(List.of("0_0 active at 10000 ms, offset 1000", "0_1 standby at 12000 ms, offset 200"), caughtUp);
    }

    @Test
    void aPauseOfTheProcessDelaysTheRestorationByItsLength() {
        restorer.restore(T0, 0, 1000, true);
        sim.runUntil(4_000);
        restorer.pausedFor(3_000);
        sim.runUntil(6_000);
        assertEquals(400, restorer.position(T0), "no progress while paused");
        sim.runUntil(60_000);
        assertEquals(List.of("0_0 active at 13000 ms, offset 1000"), caughtUp);
    }

    @Test
    void aStoppedRestorationKeepsTheOffsetItReached() {
        restorer.restore(T0, 0, 1000, true);
        sim.runUntil(4_000);
        assertEquals(400, restorer.stop(T0));
        sim.runUntil(60_000);
        assertEquals(List.of(), caughtUp);
    }

    @Test
    void anActiveTaskAlreadyAtItsEndIsFoundDoneByAPollThatWaitsPollMs() {
        // StoreChangelogReader#restore: the poll(poll.ms) finds no record (standbys are paused meanwhile), and
        // only after it does the reader see the changelog restored to its end.
        restorer.restore(T1, 0, 200, false);
        sim.runUntil(1_000);
        restorer.restore(T0, 700, 700, true);
        sim.runUntil(1_050);
        assertEquals(100, restorer.position(T1), "the standby waits while the active task's poll runs");
        sim.runUntil(60_000);
        assertEquals(List.of("0_0 active at 1100 ms, offset 700", "0_1 standby at 2100 ms, offset 200"), caughtUp);
    }

    @Test
    void anActiveTaskAtItsEndIsDoneAtOnceWhileOtherActiveTasksRecordsEndThePolls() {
        restorer.restore(T0, 0, 1000, true);
        sim.runUntil(2_000);
        restorer.restore(T1, 300, 300, true);
        sim.runUntil(60_000);
        assertEquals(List.of("0_1 active at 2000 ms, offset 300", "0_0 active at 10000 ms, offset 1000"), caughtUp);
    }

    @Test
    void aPauseOfTheProcessHoldsTheEmptyPollToo() {
        restorer.restore(T0, 700, 700, true);
        sim.runUntil(50);
        restorer.pausedFor(1_000);
        sim.runUntil(60_000);
        assertEquals(List.of("0_0 active at 1100 ms, offset 700"), caughtUp);
    }

    /**
     * Taking a task back from the state updater (StateUpdater#remove) waits for the rest of its loop turn: it takes
     * removals when a turn begins (DefaultStateUpdater#runOnce), and while it restores a turn writes the batch of
     * up to max.poll.records (1,000) records its restore consumer's poll returned. At 100 records/s a batch takes
     * 10 s; the last one holds only what is left.
     */
    @Test
    void takingATaskBackWaitsForTheBatchBeingWritten() {
        restorer.restore(T0, 0, 2_800, false);
        sim.runUntil(4_000);
        assertEquals(6_000, restorer.turnEndsInMs(false, -1), "400 of the first 1,000 written");
        sim.runUntil(12_500);
        assertEquals(7_500, restorer.turnEndsInMs(false, -1), "1,250 written: 250 of the second batch");
        sim.runUntil(25_000);
        assertEquals(3_000, restorer.turnEndsInMs(false, -1), "2,500 written: the last batch holds the 300 left");
    }

    /**
     * With nothing left to restore, an updater that follows standbys' changelogs waits in its restore consumer's
     * poll(poll.ms), turn after turn, from when it ran out of records; one that follows nothing is idle and takes a
     * removal at once (waitIfAllChangelogsCompletelyRead wakes on it). A record written to a followed changelog ends
     * the present poll early (StoreChangelogReader polls with poll.ms), so the next poll(poll.ms) starts then.
     */
    @Test
    void afterItsRestorationsTheUpdaterTurnsEveryPollMs() {
        restorer.restore(T0, 0, 100, false);
        sim.runUntil(1_030);
        assertEquals(List.of("0_0 standby at 1000 ms, offset 100"), caughtUp);
        assertEquals(70, restorer.turnEndsInMs(true, -1));
        assertEquals(0, restorer.turnEndsInMs(false, -1));
        sim.runUntil(1_250);
        assertEquals(50, restorer.turnEndsInMs(true, -1));
        assertEquals(80, restorer.turnEndsInMs(true, 1_230), "a record at 1230 ms: the poll after it ends at 1330");
    }

    /** An active task at its changelog's end holds the turn for the poll(poll.ms) that finds it restored. */
    @Test
    void anActiveTaskAtItsEndHoldsTheTurnForItsPoll() {
        restorer.restore(T0, 700, 700, true);
        sim.runUntil(40);
        assertEquals(60, restorer.turnEndsInMs(false, -1));
    }
}
