package org.rebalancesim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.run.RunProgress.Run;

/**
 * The progress line of a run: nothing for two seconds, then which run, how far its simulated clock is, its
 * events per second and the wall time left at the pace so far; erased at the end; never without a terminal.
 */
class RunProgressLineTest {

    private static final long SECOND = 1_000_000_000L;
    private static final long HOUR_MS = 3_600_000L;
    private static final Run ONE_HOUR = new Run("big/base", 1, 1, HOUR_MS);

    private final StringWriter text = new StringWriter();
    private final AtomicLong now = new AtomicLong(0);
    private final RunProgressLine line = new RunProgressLine(new PrintWriter(text), now::get);

    @Test
    void aQuarterOfTheHourInThirtySecondsLeavesNinetySeconds() {
        Simulation.Progress progress = line.started(ONE_HOUR);
        now.set(1900 * SECOND / 1000);
        progress.reached(60_000, 1_000_000);
        assertEquals("", text.toString(), "a run shorter than two seconds shows no line");
        now.set(30 * SECOND);
        // 15 min of 1 h in 30 s: the other three quarters take 3 × 30 s; 24.3 million events in 30 s
        progress.reached(15 * 60_000, 24_300_000);
        String expected = "big/base  simulated 15 min of 1 h (25%)  0.81M events/s  ~1 min 30 s left";
        assertEquals("\r" + expected, text.toString());
        line.finish();
        assertTrue(text.toString().endsWith("\r" + " ".repeat(expected.length()) + "\r"), "erased: " + text);
    }

    @Test
    void theLineFollowsTheRunThatRunsNow() {
        line.started(ONE_HOUR);
        now.set(40 * SECOND);
        Simulation.Progress second = line.started(new Run("big/coop", 2, 2, HOUR_MS));
        now.set(40 * SECOND + SECOND / 2);
        second.reached(30_000, 10_000);
        // 10,000 events in the half second since this run started, not in the 40.5 s of the command
        String drawn = text.toString();
        assertTrue(drawn.startsWith("\rbig/coop (2 of 2)  simulated 0 ms of 1 h (0%)"), "drawn as it starts: " + drawn);
        assertTrue(drawn.endsWith("\rbig/coop (2 of 2)  simulated 30 s of 1 h (0%)  20.0k events/s  estimating..."), drawn);
    }

    @Test
    void theEstimateWaitsForASecondAndAHundredthOfTheRun() {
        assertEquals("estimating...", RunProgressLine.timeLeft(HOUR_MS / 2, HOUR_MS, SECOND - 1));
        assertEquals("estimating...", RunProgressLine.timeLeft(HOUR_MS / 100 - 1, HOUR_MS, 60 * SECOND));
        // a hundredth in a minute: the other 99 hundredths at that pace
        assertEquals("~1 h 39 min left", RunProgressLine.timeLeft(HOUR_MS / 100, HOUR_MS, 60 * SECOND));
        assertEquals("~4 s left", RunProgressLine.timeLeft(HOUR_MS * 4 / 5, HOUR_MS, 16 * SECOND));
    }

    @Test
    void severalRunsSayWhichAndHowMany() {
        String seeded = RunProgressLine.line(new Run("big/base seed 43", 2, 6, HOUR_MS), 45 * 60_000, 0, 0);
        assertTrue(seeded.startsWith("big/base seed 43 (2 of 6)  simulated 45 min of 1 h (75%)  "), seeded);
    }

    @Test
    void aComparisonNumbersItsColumns() {
        Simulation.Progress column = line.asRun(3, 4).started(ONE_HOUR);
        now.set(3 * SECOND);
        column.reached(0, 0);
        assertTrue(text.toString().startsWith("\rbig/base (3 of 4)  simulated 0 ms of 1 h (0%)"), text.toString());
    }

    @Test
    void eventsPerSecondAsPeopleReadThem() {
        assertEquals("45.2k events/s", RunProgressLine.rate(45_200, SECOND));
        assertEquals("1.25M events/s", RunProgressLine.rate(2_500_000, 2 * SECOND));
    }

    @Test
    void noLineWithoutATerminalOrWhenQuiet() {
        PrintWriter err = new PrintWriter(text);
        // tests run with stderr in a pipe, so even a run that is not quiet gets no line
        assertSame(RunProgressLine.OFF, RunProgressLine.forTerminal(err, false));
        assertSame(RunProgressLine.OFF, RunProgressLine.forTerminal(err, true));
        assertNull(RunProgressLine.OFF.started(ONE_HOUR), "the simulation gets no listener at all");
        assertSame(RunProgressLine.OFF, RunProgressLine.OFF.asRun(1, 2));
    }
}
