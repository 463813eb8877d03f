package org.rebalancesim.calibration;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The child processes one owner (a broker, a calibration run) started, so that none outlives it: the
 * owner kills them when it closes, and a JVM shutdown hook kills them when the JVM exits first
 * (Ctrl-C, an uncaught error). Only a SIGKILL of this JVM itself can leave children behind.
 */
final class ChildProcesses implements AutoCloseable {

    private final Set<Process> processes = new LinkedHashSet<>();
    private final Thread hook;
    private volatile Runnable afterKill = () -> { };
    private boolean closed;

    ChildProcesses(String owner) {
        hook = new Thread(() -> {
            killAll();
            afterKill.run();
        }, "calibration-cleanup-" + owner);
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** What the shutdown hook does after killing the processes (e.g. delete their data). */
    void afterKill(Runnable cleanup) {
        afterKill = cleanup;
    }

    /** Starts {@code builder}'s process and registers it. */
    synchronized Process start(ProcessBuilder builder) throws IOException {
        if (closed) {
            throw new CalibrationException("cannot start " + builder.command().get(0) + ": the run is shutting down");
        }
        Process process = builder.start();
        processes.add(process);
        return process;
    }

    /** SIGKILL to every registered process that is still alive, then waits briefly for them to go. */
    void killAll() {
        List<Process> alive;
        synchronized (this) {
            alive = new ArrayList<>(processes);
            processes.clear();
        }
        for (Process process : alive) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
        for (Process process : alive) {
            try {
                process.waitFor(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    @Override
    public void close() {
        synchronized (this) {
            closed = true;
        }
        killAll();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is already shutting down; the hook is running or has run
        }
    }

    /** Sends a POSIX signal ("STOP", "CONT") with the system's kill command; Java has no API for these. */
    static void signal(Process process, String signal) {
        try {
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid()))
                    .redirectErrorStream(true).start();
            if (!kill.waitFor(10, TimeUnit.SECONDS)) {
                kill.destroyForcibly();
                throw new CalibrationException("kill -" + signal + " " + process.pid() + " did not return within 10 s");
            }
            if (kill.exitValue() != 0 && process.isAlive()) {
                throw new CalibrationException("kill -" + signal + " " + process.pid() + " failed: "
                        + new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim());
            }
        } catch (IOException e) {
            throw new CalibrationException("could not run 'kill -" + signal + "': " + e.getMessage()
                    + " (GC pauses need a POSIX system with the kill command)", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CalibrationException("interrupted while sending SIG" + signal, e);
        }
    }
}
