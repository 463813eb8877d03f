package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.partition.TaskId;

/**
 * One Streams instance's restore consumer: the changelogs it reads at once share its restore rate, and
 * standbys wait while an active task restores (StoreChangelogReader; docs/kafka-semantics.md §19).
 */
class StateRestorerTest {

    private final Simulation sim = new Simulation(10_000);
    private final List<String> caughtUp = new ArrayList<>();
    private final StateRestorer restorer = new StateRestorer(sim, sim.timer(), 100,
            (task, active, offset) -> caughtUp.add(task + (active ? " active" : " standby") + " at "
                    + sim.nowMs() + " ms, offset " + offset));

    private static final TaskId T0 = new TaskId(0, 0);
    private static final TaskId T1 = new TaskId(0, 1);

    @Test
    void twoRestoringTasksShareTheRate() {
        // 1,000 records each at 100 records/s shared by two: each gets 50/s, both done after 20 s.
        restorer.restore(T0, 0, 1000, true);
        restorer.restore(T1, 0, 1000, true);
        sim.runUntil(60_000);
        assertEquals(List.of("0_0 active at 20000 ms, offset 1000", "0_1 active at 20000 ms, offset 1000"), caughtUp);
    }

    @Test
    void aTaskRestoresOnlyFromItsCheckpointAndTheRestGetsTheWholeRateOnceOneIsDone() {
        // 0_0 needs 500 (from 500), 0_1 needs 1,500: 50/s each until 0_0 is done at 10 s (0_1 at 500),
        // then 0_1 alone at 100/s for its last 1,000: done at 20 s.
        restorer.restore(T0, 500, 1000, true);
        restorer.restore(T1, 0, 1500, true);
        sim.runUntil(60_000);
        assertEquals(List.of("0_0 active at 10000 ms, offset 1000", "0_1 active at 20000 ms, offset 1500"), caughtUp);
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
}
