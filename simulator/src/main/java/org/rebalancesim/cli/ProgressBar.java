package org.rebalancesim.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.LongSupplier;
import org.rebalancesim.sweep.SweepRunner;

/**
 * A one-line progress bar on stderr for sweeps that last more than about a second: drawn in place
 * with a carriage return, at most ten times a second, and erased at the end so that only the
 * results remain. Only for a terminal: in a pipe or a log it would be noise.
 */
final class ProgressBar implements SweepRunner.Progress {

    private static final long SHOW_AFTER_NANOS = 1_000_000_000L;
    private static final long REDRAW_NANOS = 100_000_000L;
    private static final int BAR_CHARS = 30;

    private final PrintWriter err;
    private final LongSupplier nanoClock;
    private final long startNanos;
    private long lastDrawNanos;
    private int drawnLength;
    private String drawn = "";

    /** @param nanoClock the wall clock (System::nanoTime), a parameter so tests can move it */
    ProgressBar(PrintWriter err, LongSupplier nanoClock) {
        this.err = err;
        this.nanoClock = nanoClock;
        this.startNanos = nanoClock.getAsLong();
    }

    /** A bar when {@code err} is a terminal and the user did not ask for quiet; else nothing. */
    static SweepRunner.Progress forTerminal(PrintWriter err, boolean quiet) {
        return quiet || System.console() == null ? SweepRunner.Progress.NONE : new ProgressBar(err, System::nanoTime);
    }

    @Override
    public void update(int done, int total) {
        long now = nanoClock.getAsLong();
        if (now - startNanos < SHOW_AFTER_NANOS || drawnLength > 0 && now - lastDrawNanos < REDRAW_NANOS) {
            return;
        }
        lastDrawNanos = now;
        String line = line(done, total, (now - startNanos) / 1e9);
        if (line.equals(drawn)) {
            return;
        }
        drawn = line;
        err.print("\r" + line + " ".repeat(Math.max(0, drawnLength - line.length())));
        err.flush();
        drawnLength = line.length();
    }

    @Override
    public void finish() {
        if (drawnLength > 0) {
            err.print("\r" + " ".repeat(drawnLength) + "\r");
            err.flush();
            drawnLength = 0;
            drawn = "";
        }
    }

    static String line(int done, int total, double elapsedSeconds) {
        int filled = total == 0 ? BAR_CHARS : (int) ((long) done * BAR_CHARS / total);
        String eta = done == 0 ? "" : String.format(Locale.ROOT, ", about %.0f s left",
                elapsedSeconds * (total - done) / done);
        return String.format(Locale.ROOT, "[%s%s] %d/%d runs%s", "#".repeat(filled), ".".repeat(BAR_CHARS - filled),
                done, total, eta);
    }
}
