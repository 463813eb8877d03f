package org.rebalancesim.calibration;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.rebalancesim.scenario.Slowness;
import org.rebalancesim.scenario.ConsumerSelector;

/**
 * The pods of a calibration run and what the timeline does to them, mirroring the simulator's
 * ConsumerPod: start (a new JVM), stop (close()), crash (SIGKILL), restart (close, then a new JVM
 * {@code downtime} after the old one exited), GC pause (SIGSTOP ... SIGCONT), slow record. Only the
 * timeline's single scheduler thread calls these methods, so the state needs no locking.
 */
final class CalibrationPods {

    /** Writes a pod's worker settings and returns the command that starts its JVM. */
    interface Launcher {
        List<String> command(String pod, int incarnation, List<String> subscription) throws IOException;
    }

    private static final class PodState {
        PodProcess process;
        int incarnations;
        boolean stopRequested;
        int pauses;
        List<String> subscription;
    }

    private final Map<String, PodState> pods = new LinkedHashMap<>();
    private final List<String> unexpectedExits = new CopyOnWriteArrayList<>();
    private final ChildProcesses children;
    private final EventLog log;
    private final CalibrationScheduler scheduler;
    private final Launcher launcher;
    private final Path podDir;

    CalibrationPods(List<String> names, List<String> subscription, ChildProcesses children, EventLog log,
                    CalibrationScheduler scheduler, Launcher launcher, Path podDir) {
        for (String name : names) {
            PodState state = new PodState();
            state.subscription = List.copyOf(subscription);
            pods.put(name, state);
        }
        this.children = children;
        this.log = log;
        this.scheduler = scheduler;
        this.launcher = launcher;
        this.podDir = podDir;
    }

    /** Running: started, not crashed or asked to stop (it may be paused). */
    boolean isRunning(String pod) {
        PodState state = pods.get(pod);
        return state.process != null && state.process.isAlive() && !state.stopRequested;
    }

    /** The pods a selector names; {@code all} means those running now, as in the simulator. */
    List<String> select(ConsumerSelector selector) {
        if (!selector.all()) {
            return selector.names();
        }
        return pods.keySet().stream().filter(this::isRunning).toList();
    }

    void start(String pod) throws IOException {
        PodState state = pods.get(pod);
        if (isRunning(pod)) {
            return;
        }
        state.incarnations++;
        List<String> command = launcher.command(pod, state.incarnations, state.subscription);
        log.pod("podStart", pod);
        PodProcess started = PodProcess.launch(children, command, pod, state.incarnations, podDir, log);
        state.process = started;
        state.stopRequested = false;
        state.pauses = 0;
        started.process().onExit().thenRun(() -> {
            log.pod("exited", pod);
            scheduler.now(() -> checkExit(started));
        });
    }

    /**
     * A worker that exits although the run did not ask it to either failed to start (a bad classpath,
     * no Java: the run fails at once, with the worker's stderr) or hit a fatal consumer error (it logged
     * {@code fatal}: the run goes on and notes it).
     */
    private void checkExit(PodProcess exited) throws InterruptedException {
        if (exited.exitExpected()) {
            return;
        }
        int code = exited.process().exitValue();
        String where = "pods/" + exited.pod() + "-" + exited.incarnation() + ".stderr";
        if (exited.eventCount() == 0) {
            throw new CalibrationException("the consumer worker of pod " + exited.pod() + " exited with code " + code
                    + " before it logged anything; its stderr (" + where + ") ends with: "
                    + EmbeddedBroker.tail(exited.stderr()));
        }
        unexpectedExits.add("pod " + exited.pod() + " (incarnation " + exited.incarnation() + ") exited on its own"
                + " with code " + code + "; see " + where);
    }

    /** Graceful shutdown: the worker closes its consumer after the batch in progress. */
    void stop(String pod) {
        if (isRunning(pod)) {
            PodState state = pods.get(pod);
            log.pod("stopRequested", pod);
            state.stopRequested = true;
            state.process.expectExit();
            state.process.send("close");
        }
    }

    void crash(String pod, long restartAfterMs) {
        PodState state = pods.get(pod);
        if (state.process != null && state.process.isAlive()) {
            state.process.kill();
            log.pod("killed", pod);
            state.stopRequested = true;
        }
        if (restartAfterMs >= 0) {
            scheduler.after(restartAfterMs, () -> start(pod));
        }
    }

    /** Graceful stop, then a new JVM {@code downtimeMs} after the old one exited (as the simulator counts it). */
    void restart(String pod, long downtimeMs) {
        if (!isRunning(pod)) {
            scheduler.after(downtimeMs, () -> start(pod));
            return;
        }
        PodProcess stopping = pods.get(pod).process;
        stop(pod);
        stopping.process().onExit().thenRun(() -> scheduler.now(() -> scheduler.after(downtimeMs, () -> start(pod))));
    }

    void gcPause(String pod, long durationMs) {
        if (!isRunning(pod)) {
            return;
        }
        PodState state = pods.get(pod);
        PodProcess paused = state.process;
        if (state.pauses++ == 0) {
            paused.stop();
            log.pod("paused", pod);
        }
        scheduler.after(durationMs, () -> {
            if (state.process == paused && --state.pauses == 0 && paused.isAlive()) {
                // The time before the signal: the worker may log its next event within microseconds of it.
                long atMs = log.clock().nowMs();
                paused.resume();
                log.pod("resumed", pod, atMs);
            }
        });
    }

    void slowRecord(String pod, long durationMs, boolean attemptOnly) {
        if (isRunning(pod)) {
            log.slowRecord(pod, null);
            pods.get(pod).process.send("slow " + durationMs + (attemptOnly ? " " + Slowness.ATTEMPT.key() : ""));
        }
    }

    void subscribe(String pod, List<String> topics) {
        PodState state = pods.get(pod);
        state.subscription = List.copyOf(topics);
        if (isRunning(pod)) {
            state.process.send("subscribe " + String.join(",", topics));
        }
    }

    /**
     * The end of the run: resumes paused pods, asks every live one to close, waits up to
     * {@code timeoutMs} for them, then kills the rest.
     */
    void closeAll(long timeoutMs) throws InterruptedException {
        List<PodProcess> alive = new ArrayList<>();
        for (PodState state : pods.values()) {
            if (state.process != null && state.process.isAlive()) {
                if (state.pauses > 0) {
                    state.process.resume();
                    state.pauses = 0;
                }
                state.process.expectExit();
                state.process.send("close");
                alive.add(state.process);
            }
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        for (PodProcess process : alive) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (!process.awaitExit(Math.max(1, left))) {
                process.kill();
                process.awaitExit(5_000);
            }
        }
    }

    /** Workers that exited although the run did not ask them to (after a fatal consumer error). */
    List<String> unexpectedExits() {
        return List.copyOf(unexpectedExits);
    }
}
