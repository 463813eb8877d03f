package org.rebalancesim.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.scenario.MeasureWindow;

/** The rule of recoveryTimeMs (docs/metrics.md "Lag in time and recovery") on lag series written by hand. */
class RecoveriesTest {

    private static final MeasureWindow WHOLE_MINUTE = new MeasureWindow(0, 60_000);
    /** 50 records a second: the tolerance is 50 records above a level under 500. */
    private static final double RATE_PER_MS = 0.05;

    /** A sample every second; {@code lagBySecond[i]} is the lag at i s. */
    private static List<Series.LagSample> lag(long... lagBySecond) {
        List<Series.LagSample> samples = new ArrayList<>();
        for (int i = 0; i < lagBySecond.length; i++) {
            samples.add(new Series.LagSample(i * 1_000L, lagBySecond[i]));
        }
        return samples;
    }

    private static Series.RebalanceSpan rebalance(long startMs, long stableMs) {
        return new Series.RebalanceSpan(1, startMs, stableMs, "test", 0);
    }

    private static Series.StoryEvent pause(long atMs, long durationMs) {
        return new Series.StoryEvent(atMs, "c1", "paused", StoryKind.GC_PAUSE, "c1", durationMs, -1, null);
    }

    /** Level 20 before the rebalance at 2 s: back at the first sample at or under 20 + 50 from its end on. */
    @Test
    void backWhenTheLagIsWithinToleranceOfItsLevelBefore() {
        List<Recoveries.Incident> incidents = Recoveries.incidents(List.of(rebalance(2_000, 3_000)), List.of());
        Recoveries recoveries = new Recoveries(incidents, lag(20, 20, 20, 300, 200, 71, 70, 20), RATE_PER_MS,
                WHOLE_MINUTE, 60_000);
        assertEquals(6_000 - 2_000, recoveries.longestMs());
        assertEquals(0, recoveries.notRecovered());
    }

    /** The lag within tolerance during the incident does not end it: recovery is looked for from its end. */
    @Test
    void theIncidentsOwnTimeCountsEvenWithoutLag() {
        List<Recoveries.Incident> incidents = Recoveries.incidents(List.of(), List.of(pause(1_000, 3_000)));
        Recoveries recoveries = new Recoveries(incidents, lag(0, 0, 0, 0, 0, 0), RATE_PER_MS, WHOLE_MINUTE, 60_000);
        assertEquals(3_000, recoveries.longestMs());
    }

    /** A pause whose session timeout starts a rebalance inside it is one incident, measured from the pause. */
    @Test
    void overlappingDisruptionsAreOneIncident() {
        List<Recoveries.Incident> incidents = Recoveries.incidents(List.of(rebalance(3_000, 5_000)),
                List.of(pause(1_000, 4_000)));
        assertEquals(List.of(new Recoveries.Incident(1_000, 5_000)), incidents);
    }

    /** Not back by the end of the window (10 s): counted until then, and counted as not recovered. */
    @Test
    void notRecoveredCountsToTheEndOfTheWindow() {
        List<Recoveries.Incident> incidents = Recoveries.incidents(List.of(rebalance(4_000, 5_000)), List.of());
        Recoveries recoveries = new Recoveries(incidents, lag(0, 0, 0, 0, 0, 100, 200, 300, 400, 500, 600),
                RATE_PER_MS, new MeasureWindow(0, 10_000), 12_000);
        assertEquals(10_000 - 4_000, recoveries.longestMs());
        assertEquals(1, recoveries.notRecovered());
    }

    /** An empty group's rebalance (the start-up) had nothing consuming before it: no incident. */
    @Test
    void anEmptyGroupsRebalanceIsNoIncident() {
        Series.RebalanceSpan startUp = new Series.RebalanceSpan(1, 0, 3_000, "joined", 0,
                org.rebalancesim.events.RebalanceTrigger.NONE, null, true);
        assertEquals(List.of(), Recoveries.incidents(List.of(startUp), List.of()));
    }
}
