package org.rebalancesim.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class StateCountsTest {

    private static final int HEALTHY = 0;
    private static final int STOPPED = 1;

    @Test
    void changesAtTheSameMillisecondAreOneInstant() {
        StateCounts counts = new StateCounts(2, HEALTHY);
        for (int pod = 0; pod < 3; pod++) {
            counts.move(0, StateCounts.NONE, HEALTHY);
        }
        // A rebalance stops all three at 1,000 ms and frees them at 1,500 ms.
        for (int pod = 0; pod < 3; pod++) {
            counts.move(1_000, HEALTHY, STOPPED);
        }
        for (int pod = 0; pod < 3; pod++) {
            counts.move(1_500, STOPPED, HEALTHY);
        }
        assertEquals(List.of(step(0, 3, 0), step(1_000, 0, 3), step(1_500, 3, 0)), counts.steps());
    }

    @Test
    void aLongBusyRunKeepsEveryBriefStopAtItsDepthWithinTheBound() {
        // 1,000 pods for an hour; every 3 s a rebalance stops 200 of them for 400 ms: 2,400 instants of change,
        // more than the bins, so they are binned; each bin must still show 200 stopped at its worst instant.
        int pods = 1_000;
        StateCounts counts = new StateCounts(2, HEALTHY);
        for (int pod = 0; pod < pods; pod++) {
            counts.move(0, StateCounts.NONE, HEALTHY);
        }
        long hourMs = 3_600_000;
        for (long at = 3_000; at < hourMs; at += 3_000) {
            for (int pod = 0; pod < 200; pod++) {
                counts.move(at, HEALTHY, STOPPED);
            }
            for (int pod = 0; pod < 200; pod++) {
                counts.move(at + 400, STOPPED, HEALTHY);
            }
        }
        List<Series.CountStep> steps = counts.steps();
        assertTrue(steps.size() <= StateCounts.MAX_BINS + 1, steps.size() + " steps");
        long binsWithAStop = steps.stream().filter(s -> s.count(STOPPED) == 200).count();
        // Every bin after the first stop holds one (bins are at most ~3 s long: 2^11 ms = 2,048 ms here).
        assertTrue(binsWithAStop >= 1_199, binsWithAStop + " bins show a stop");
        steps.forEach(s -> assertEquals(pods, s.count(HEALTHY) + s.count(STOPPED), "bands add up at " + s));
    }

    @Test
    void aBinThatBeganBeforeItsFirstChangeShowsWhatWasCarriedIntoIt() {
        StateCounts counts = new StateCounts(2, HEALTHY);
        counts.move(0, StateCounts.NONE, STOPPED);
        // Force coarse bins: many changes of one thing far apart, then check a later bin.
        for (long at = 10; at < 100_000; at += 10) {
            counts.move(at, STOPPED, HEALTHY);
            counts.move(at + 5, HEALTHY, STOPPED);
        }
        // The thing was STOPPED at the start of every bin and healthy only for 5 ms stretches: every bin shows 0
        // healthy (its worst), none shows it healthy.
        counts.steps().forEach(s -> assertEquals(0, s.count(HEALTHY), "at " + s));
    }

    private static Series.CountStep step(long atMs, int healthy, int stopped) {
        return new Series.CountStep(atMs, new int[] {healthy, stopped});
    }
}
