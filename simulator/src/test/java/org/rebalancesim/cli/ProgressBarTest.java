package org.rebalancesim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.rebalancesim.sweep.SweepRunner;

/** The progress bar waits a second, redraws at most ten times a second and leaves nothing behind. */
class ProgressBarTest {

    private static final long MS = 1_000_000L;

    @Test
    void drawnAfterASecondThrottledAndErased() {
        StringWriter text = new StringWriter();
        AtomicLong now = new AtomicLong(0);
        ProgressBar bar = new ProgressBar(new PrintWriter(text), now::get);
        now.set(500 * MS);
        bar.update(1, 10);
        assertEquals("", text.toString(), "a short sweep shows no bar");
        now.set(1200 * MS);
        bar.update(4, 10);
        assertEquals("\r[############..................] 4/10 runs, about 2 s left", text.toString());
        now.set(1250 * MS);
        bar.update(5, 10);
        assertTrue(!text.toString().contains("5/10"), "redrawn too soon: " + text);
        now.set(1400 * MS);
        bar.update(5, 10);
        assertTrue(text.toString().endsWith("\r[###############...............] 5/10 runs, about 1 s left"), text.toString());
        bar.finish();
        String erase = "\r" + " ".repeat("[###############...............] 5/10 runs, about 1 s left".length()) + "\r";
        assertTrue(text.toString().endsWith(erase), text.toString());
    }

    @Test
    void noBarWithoutATerminalOrWhenQuiet() {
        StringWriter text = new StringWriter();
        PrintWriter err = new PrintWriter(text);
        // tests run without a console, so even a non-quiet sweep gets no bar
        assertEquals(SweepRunner.Progress.NONE, ProgressBar.forTerminal(err, false));
        assertEquals(SweepRunner.Progress.NONE, ProgressBar.forTerminal(err, true));
    }

    @Test
    void theLineShowsTheFilledShare() {
        assertEquals("[..............................] 0/8 runs", ProgressBar.line(0, 8, 0.5));
        assertEquals("[##############################] 8/8 runs, about 0 s left", ProgressBar.line(8, 8, 3));
    }
}
