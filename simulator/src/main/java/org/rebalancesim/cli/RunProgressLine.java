package org.rebalancesim.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.LongSupplier;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.explain.TimeText;
import org.rebalancesim.run.RunProgress;

/**
 * The progress line of the commands that run simulations one after another (run, compare, explain,
 * check), on a {@link StatusLine}: which run (with its number among the scenario's runs when there are
 * several), how far its simulated clock is, the events per second and an estimate of the wall time the
 * run has left:
 * <pre>big/base seed 43 (2 of 6)  simulated 12 min 30 s of 1 h (20%)  0.81M events/s  ~47 s left</pre>
 * It shows once the command has run for two seconds, only on a terminal and not with {@code --quiet}.
 * It reads the wall clock, but only the line depends on it: the simulation tells it the simulated
 * time and the event count ({@link Simulation.Progress}) and hears nothing back.
 */
final class RunProgressLine implements RunProgress {

    /** No line: the simulations get no listener at all. */
    static final RunProgressLine OFF = new RunProgressLine(null, 0, 0);

    private static final long SHOW_AFTER_NANOS = 2_000_000_000L;
    /** Below a second of the run or a hundredth of its simulated time, the rate seen so far says too little. */
    private static final long ESTIMATE_AFTER_NANOS = 1_000_000_000L;
    private static final long ESTIMATE_AFTER_PERCENT = 1;

    private final StatusLine status;
    /** The run's number and the total the line shows instead of the runner's (a comparison's columns); 0: the runner's. */
    private final int number;
    private final int total;

    private RunProgressLine(StatusLine status, int number, int total) {
        this.status = status;
        this.number = number;
        this.total = total;
    }

    /** @param nanoClock the wall clock (System::nanoTime), a parameter so tests can move it */
    RunProgressLine(PrintWriter err, LongSupplier nanoClock) {
        this(new StatusLine(err, nanoClock, SHOW_AFTER_NANOS), 0, 0);
    }

    /** A line when {@code err} is a terminal and the user did not ask for quiet; else {@link #OFF}. */
    static RunProgressLine forTerminal(PrintWriter err, boolean quiet) {
        return quiet || !StatusLine.onTerminal() ? OFF : new RunProgressLine(err, System::nanoTime);
    }

    /**
     * The same line for a command that runs one variant at a time itself (compare, a column each): the
     * run it starts next is run {@code number} of {@code total}.
     */
    RunProgressLine asRun(int runNumber, int runTotal) {
        return status == null ? OFF : new RunProgressLine(status, runNumber, runTotal);
    }

    @Override
    public Simulation.Progress started(Run told) {
        if (status == null) {
            return null;
        }
        Run run = number == 0 ? told : new Run(told.label(), number, total, told.durationMs());
        long runStartNanos = status.elapsedNanos();
        Simulation.Progress progress = (nowMs, eventsRun) ->
                status.update(elapsedNanos -> line(run, nowMs, eventsRun, elapsedNanos - runStartNanos));
        progress.reached(0, 0);
        return progress;
    }

    /** Erases the line, before the command prints what the runs found (or why they stopped). */
    void finish() {
        if (status != null) {
            status.erase();
        }
    }

    /** The line of {@code run} at simulated time {@code nowMs}, {@code runNanos} of wall time after it started. */
    static String line(Run run, long nowMs, long eventsRun, long runNanos) {
        String which = run.total() == 1 ? run.label() : run.label() + " (" + run.number() + " of " + run.total() + ")";
        long percent = run.durationMs() == 0 ? 100 : nowMs * 100 / run.durationMs();
        return String.format(Locale.ROOT, "%s  simulated %s of %s (%d%%)  %s  %s", which, TimeText.duration(nowMs),
                TimeText.duration(run.durationMs()), percent, rate(eventsRun, runNanos),
                timeLeft(nowMs, run.durationMs(), runNanos));
    }

    /** Events per wall second of the run: "0.81M events/s", "45.2k events/s". */
    static String rate(long eventsRun, long runNanos) {
        double perSecond = runNanos <= 0 ? 0 : eventsRun * 1e9 / runNanos;
        return perSecond >= 100_000 ? String.format(Locale.ROOT, "%.2fM events/s", perSecond / 1e6)
                : String.format(Locale.ROOT, "%.1fk events/s", perSecond / 1e3);
    }

    /**
     * The wall time left if the rest of the simulated time goes at the pace of what is done: the time spent
     * times (total − done) / done, in whole seconds; "estimating..." until there is enough done to say.
     */
    static String timeLeft(long nowMs, long durationMs, long runNanos) {
        if (runNanos < ESTIMATE_AFTER_NANOS || nowMs == 0 || nowMs * 100 < durationMs * ESTIMATE_AFTER_PERCENT) {
            return "estimating...";
        }
        double leftSeconds = runNanos / 1e9 * (durationMs - nowMs) / nowMs;
        return "~" + TimeText.duration(Math.max(1, Math.round(leftSeconds)) * 1000) + " left";
    }
}
