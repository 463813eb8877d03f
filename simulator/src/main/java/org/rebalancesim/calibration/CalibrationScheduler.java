package org.rebalancesim.calibration;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs the timeline in wall-clock time on one thread, so operations apply one at a time in the order
 * their times come (equal times: in the order they were scheduled). The first failure of a task is
 * kept for the run to report; later tasks still run.
 */
final class CalibrationScheduler implements AutoCloseable {

    /** A timeline action; may throw. */
    interface Task {
        void run() throws Exception;
    }

    private final RunClock clock;
    private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "calibration-timeline");
        thread.setDaemon(true);
        return thread;
    });
    private final AtomicReference<Throwable> failure = new AtomicReference<>();

    CalibrationScheduler(RunClock clock) {
        this.clock = clock;
    }

    /** At scenario time {@code atMs} since the run's start. */
    void at(long atMs, Task task) {
        schedule(Math.max(0, clock.wallDelayUntil(atMs)), task);
    }

    /** {@code scenarioMs} from now. */
    void after(long scenarioMs, Task task) {
        schedule(clock.scale().wallMs(Math.max(0, scenarioMs)), task);
    }

    /** As soon as the thread is free (from another thread, e.g. a process exit callback). */
    void now(Task task) {
        schedule(0, task);
    }

    private void schedule(long wallDelayMs, Task task) {
        try {
            executor.schedule(() -> {
                try {
                    task.run();
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, wallDelayMs, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            // the run is over: nothing more happens
        }
    }

    Throwable failure() {
        return failure.get();
    }

    /** Drops what has not run yet and waits for the task in progress. */
    @Override
    public void close() {
        executor.shutdownNow();
        try {
            executor.awaitTermination(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Runs {@code task} on the scheduler's thread and waits for it (so pod state stays single-threaded). */
    void runAndWait(Task task) throws InterruptedException {
        Future<?> future;
        try {
            future = executor.submit(() -> {
                task.run();
                return null;
            });
        } catch (RejectedExecutionException e) {
            throw new CalibrationException("the timeline has already been shut down", e);
        }
        try {
            future.get(5, TimeUnit.MINUTES);
        } catch (ExecutionException e) {
            throw new CalibrationException("a timeline action failed: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            future.cancel(true);
            throw new CalibrationException("a timeline action did not finish within 5 minutes", e);
        }
    }
}
