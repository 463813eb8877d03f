package org.rebalancesim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The progress hook hears the simulated time and the event count every {@link Simulation#PROGRESS_EVERY_EVENTS}
 * events, and nothing it does changes what the model does.
 */
class SimulationProgressTest {

    private static final long EVERY = Simulation.PROGRESS_EVERY_EVENTS;

    /** One event a millisecond from 1 ms on, each appending its time: event n runs at n ms. */
    private static List<Long> tickEveryMs(Simulation sim, long events) {
        List<Long> ran = new ArrayList<>();
        for (long t = 1; t <= events; t++) {
            sim.at(t, () -> ran.add(sim.nowMs()));
        }
        return ran;
    }

    @Test
    void heardEveryFewThousandEventsWithTheClockOfThatEvent() {
        Simulation sim = new Simulation(1_000_000);
        tickEveryMs(sim, 3 * EVERY + 5);
        List<long[]> heard = new ArrayList<>();
        sim.reportProgress((nowMs, eventsRun) -> heard.add(new long[] {nowMs, eventsRun}));
        sim.runUntil(10 * EVERY);
        // event n runs at n ms, so the k-th report comes after event k × EVERY, at k × EVERY ms
        assertEquals(3, heard.size());
        for (int k = 1; k <= 3; k++) {
            assertEquals(k * EVERY, heard.get(k - 1)[0], "simulated time of report " + k);
            assertEquals(k * EVERY, heard.get(k - 1)[1], "event count of report " + k);
        }
    }

    @Test
    void countsOnAcrossRunUntilCallsAndStopsWhenRemoved() {
        Simulation sim = new Simulation(1_000_000);
        tickEveryMs(sim, 4 * EVERY);
        List<Long> counts = new ArrayList<>();
        sim.reportProgress((nowMs, eventsRun) -> counts.add(eventsRun));
        sim.runUntil(EVERY / 2);
        sim.runUntil(2 * EVERY);
        assertEquals(List.of(EVERY, 2 * EVERY), counts, "half a period in one call and the rest in the next");
        sim.reportProgress(null);
        sim.runUntil(4 * EVERY);
        assertEquals(List.of(EVERY, 2 * EVERY), counts, "no one listens any more");
    }

    @Test
    void aListenedRunRunsTheSameEventsAtTheSameTimes() {
        Simulation quiet = new Simulation(1_000_000);
        List<Long> alone = tickEveryMs(quiet, 2 * EVERY + 3);
        quiet.runUntil(3 * EVERY);

        Simulation watched = new Simulation(1_000_000);
        List<Long> followed = tickEveryMs(watched, 2 * EVERY + 3);
        watched.reportProgress((nowMs, eventsRun) -> { });
        watched.runUntil(3 * EVERY);

        assertEquals(alone, followed);
        assertEquals(quiet.eventsRun(), watched.eventsRun());
        assertEquals(quiet.nowMs(), watched.nowMs());
    }
}
