package org.rebalancesim.calibration;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One incarnation of a pod: a {@link ConsumerWorker} child JVM. Its stdout lines go to the run's
 * {@link EventLog} (and, as printed, to {@code pods/<pod>-<n>.jsonl}); its stderr to
 * {@code pods/<pod>-<n>.stderr}; commands go to its stdin.
 */
final class PodProcess {

    private final String pod;
    private final int incarnation;
    private final Process process;
    private final Writer stdin;
    private final Thread reader;
    private final AtomicLong eventCount;
    private final Path stderr;
    private volatile boolean exitExpected;

    private PodProcess(String pod, int incarnation, Process process, Thread reader,
                       AtomicLong eventCount, Path stderr) {
        this.pod = pod;
        this.incarnation = incarnation;
        this.process = process;
        this.stdin = new BufferedWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8));
        this.reader = reader;
        this.eventCount = eventCount;
        this.stderr = stderr;
    }

    static PodProcess launch(ChildProcesses children, List<String> command, String pod, int incarnation,
                             Path podDir, EventLog log) throws IOException {
        Path copy = podDir.resolve(pod + "-" + incarnation + ".jsonl");
        Path stderr = podDir.resolve(pod + "-" + incarnation + ".stderr");
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.to(stderr.toFile()));
        Process process = children.start(builder);
        AtomicLong eventCount = new AtomicLong();
        Thread reader = new Thread(() -> copyEvents(process, copy, log, eventCount),
                "calibration-events-" + pod + "-" + incarnation);
        reader.setDaemon(true);
        reader.start();
        return new PodProcess(pod, incarnation, process, reader, eventCount, stderr);
    }

    private static void copyEvents(Process process, Path copy, EventLog log,
                                   AtomicLong eventCount) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
             Writer out = Files.newBufferedWriter(copy, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                out.write(line);
                out.write('\n');
                MeasuredEvent event = log.parse(line);
                if (event != null) {
                    log.add(event);
                    eventCount.incrementAndGet();
                }
            }
        } catch (IOException e) {
            // the process is gone; what it printed is in the log
        }
    }

    String pod() {
        return pod;
    }

    int incarnation() {
        return incarnation;
    }

    Process process() {
        return process;
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** Sends one command line; false if the process no longer reads its stdin. */
    boolean send(String command) {
        try {
            stdin.write(command);
            stdin.write('\n');
            stdin.flush();
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    void stop() {
        ChildProcesses.signal(process, "STOP");
    }

    void resume() {
        ChildProcesses.signal(process, "CONT");
    }

    /** SIGKILL (a crash: no commit, no LeaveGroup). */
    void kill() {
        exitExpected = true;
        process.destroyForcibly();
    }

    /** The run asked the process to go (close or kill): its exit is no failure. */
    void expectExit() {
        exitExpected = true;
    }

    boolean exitExpected() {
        return exitExpected;
    }

    /** Events the worker printed so far (after the process ended: all of them, once the output is read). */
    long eventCount() throws InterruptedException {
        reader.join(5_000);
        return eventCount.get();
    }

    Path stderr() {
        return stderr;
    }

    /** Waits until the process and its output are finished (at most {@code timeoutMs} in all). */
    boolean awaitExit(long timeoutMs) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        if (!process.waitFor(timeoutMs, TimeUnit.MILLISECONDS)) {
            return false;
        }
        reader.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
        return true;
    }
}
