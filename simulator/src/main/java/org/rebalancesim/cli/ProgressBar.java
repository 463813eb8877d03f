package org.rebalancesim.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.LongSupplier;
import org.rebalancesim.sweep.SweepRunner;

/**
 * A one-line progress bar on stderr for sweeps that last more than about a second, drawn by a
 * {@link StatusLine}: in place, at most ten times a second, erased at the end. Only for a terminal and
 * not with {@code --quiet}.
 */
final class ProgressBar implements SweepRunner.Progress {

    private static final long SHOW_AFTER_NANOS = 1_000_000_000L;
    private static final int BAR_CHARS = 30;

    private final StatusLine status;

    /** @param nanoClock the wall clock (System::nanoTime), a parameter so tests can move it */
    ProgressBar(PrintWriter err, LongSupplier nanoClock) {
        this.status = new StatusLine(err, nanoClock, SHOW_AFTER_NANOS);
    }

    /** A bar when {@code err} is a terminal and the user did not ask for quiet; else nothing. */
    static SweepRunner.Progress forTerminal(PrintWriter err, boolean quiet) {
        return quiet || !StatusLine.onTerminal() ? SweepRunner.Progress.NONE : new ProgressBar(err, System::nanoTime);
    }

    @Override
    public void update(int done, int total) {
        status.update(elapsedNanos -> line(done, total, elapsedNanos / 1e9));
    }

    @Override
    public void finish() {
        status.erase();
    }

    static String line(int done, int total, double elapsedSeconds) {
        int filled = total == 0 ? BAR_CHARS : (int) ((long) done * BAR_CHARS / total);
        String eta = done == 0 ? "" : String.format(Locale.ROOT, ", about %.0f s left",
                elapsedSeconds * (total - done) / done);
        return String.format(Locale.ROOT, "[%s%s] %d/%d runs%s", "#".repeat(filled), ".".repeat(BAR_CHARS - filled),
                done, total, eta);
    }
}
