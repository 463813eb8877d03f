package org.rebalancesim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.LongFunction;
import java.util.function.LongSupplier;

/**
 * One line of status on stderr for a command that lasts: drawn in place with a carriage return once the
 * command has run for a while, redrawn at most ten times a second, erased at the end so that only the
 * results remain. The one place for drawing in place; what the line says is its user's (the sweep's bar,
 * a run's progress). Only for a terminal ({@link #onTerminal}): in a pipe or a log it would be noise.
 */
final class StatusLine {

    private static final long REDRAW_NANOS = 100_000_000L;

    private final PrintWriter err;
    private final LongSupplier nanoClock;
    private final long startNanos;
    private final long showAfterNanos;
    private long lastDrawNanos;
    private int drawnLength;
    private String drawn = "";

    /**
     * @param nanoClock      the wall clock (System::nanoTime), a parameter so tests can move it
     * @param showAfterNanos how long the command runs before the line first shows: a short one shows none
     */
    StatusLine(PrintWriter err, LongSupplier nanoClock, long showAfterNanos) {
        this.err = err;
        this.nanoClock = nanoClock;
        this.startNanos = nanoClock.getAsLong();
        this.showAfterNanos = showAfterNanos;
    }

    /**
     * Whether stderr is a terminal, where a line redrawn in place reads as one. Java has no test for stderr
     * alone: on Linux the link of file descriptor 2 says where it goes (a terminal also when stdout goes to
     * a file; not when stderr goes to a log); elsewhere a console, that is stdin and stdout on a terminal,
     * stands for it.
     */
    static boolean onTerminal() {
        Path stderr = Path.of("/proc/self/fd/2");
        if (!Files.isSymbolicLink(stderr)) {
            return System.console() != null;
        }
        try {
            String target = Files.readSymbolicLink(stderr).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (IOException | SecurityException e) {
            return false;
        }
    }

    /** The wall time since the line was made. */
    long elapsedNanos() {
        return nanoClock.getAsLong() - startNanos;
    }

    /**
     * Draws the line {@code text} makes of the wall time since the line was made, unless that is before the
     * line shows or within a tenth of a second of the last drawing (then {@code text} is not even asked).
     */
    void update(LongFunction<String> text) {
        long now = nanoClock.getAsLong();
        if (now - startNanos < showAfterNanos || drawnLength > 0 && now - lastDrawNanos < REDRAW_NANOS) {
            return;
        }
        lastDrawNanos = now;
        String line = text.apply(now - startNanos);
        if (line.equals(drawn)) {
            return;
        }
        drawn = line;
        err.print("\r" + line + " ".repeat(Math.max(0, drawnLength - line.length())));
        err.flush();
        drawnLength = line.length();
    }

    /** Leaves the terminal as it was before the line, the cursor at the start of its row. */
    void erase() {
        if (drawnLength > 0) {
            err.print("\r" + " ".repeat(drawnLength) + "\r");
            err.flush();
            drawnLength = 0;
            drawn = "";
        }
    }
}
