package org.rebalancesim.calibration;

import java.io.IOException;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.apache.commons.math3.random.RandomGenerator;
import org.rebalancesim.engine.Rng;
import org.rebalancesim.scenario.Distribution;

/**
 * "Processes" records by sleeping: each record takes a draw of the scenario's processing time, plus
 * the slowness of a slow record, scaled to wall-clock time. Short draws accumulate and are slept
 * together, so sleep granularity does not add up over thousands of records. Time the process spends
 * stopped (a SIGSTOP GC pause) does not count as work: the work continues after the pause, as in the
 * simulator.
 */
final class RecordProcessor {

    /** Sleep in slices this long so that a stop is noticed within one slice. */
    private static final long SLICE_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    /** A slice that took this much longer than asked was interrupted by a stop (or the machine stalled). */
    private static final long STALL_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
    private static final long MIN_SLEEP_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private final Distribution processing;
    private final RandomGenerator random;
    private final TimeScale scale;
    private final SlowRecordRegistry registry;
    private final Queue<Long> slowCommands = new ConcurrentLinkedQueue<>();
    /** For each command of {@link #slowCommands}, in the same order: whether it slows that attempt only. */
    private final Queue<Boolean> slowCommandIsAttempt = new ConcurrentLinkedQueue<>();
    private double owedNanos;

    /** A worker's: its processing times from Rng.stream(seed, "processing:" + pod), the run's slow records. */
    static RecordProcessor of(WorkerSettings settings) {
        return new RecordProcessor(settings.processing(), Rng.stream(settings.seed(), "processing:" + settings.pod()),
                settings.scale(), new SlowRecordRegistry(settings.slowRecords()));
    }

    RecordProcessor(Distribution processing, RandomGenerator random, TimeScale scale, SlowRecordRegistry registry) {
        this.processing = processing;
        this.random = random;
        this.scale = scale;
        this.registry = registry;
    }

    /**
     * From the command thread: the next record processed takes {@code ms} scenario ms more; with
     * {@code attemptOnly}, this processing only (it is not marked in the registry for later attempts).
     */
    void slowNext(long ms, boolean attemptOnly) {
        slowCommandIsAttempt.add(attemptOnly);
        slowCommands.add(ms);
    }

    /** Before a batch: learns slow records other workers found. */
    void beforeBatch() throws IOException {
        registry.refresh();
        owedNanos = 0;
    }

    void process(String partition, long offset) throws IOException, InterruptedException {
        double ms = processing.sample(random);
        Long commanded = slowCommands.poll();
        if (commanded != null) {
            if (!slowCommandIsAttempt.poll()) {
                registry.mark(partition, offset, commanded);
            }
            ms += commanded;
        } else {
            ms += registry.slowMsOf(partition, offset);
        }
        owedNanos += ms * scale.factor() * 1e6;
        if (owedNanos >= MIN_SLEEP_NANOS) {
            owedNanos -= work((long) owedNanos);
        }
    }

    /** At the end of a batch: sleeps what is still owed. */
    void afterBatch() throws InterruptedException {
        if (owedNanos > 0) {
            work((long) owedNanos);
        }
        owedNanos = 0;
    }

    /** Sleeps {@code nanos} of working time; returns the working time slept. */
    private static long work(long nanos) throws InterruptedException {
        long remaining = nanos;
        while (remaining > 0) {
            long slice = Math.min(remaining, SLICE_NANOS);
            long start = System.nanoTime();
            TimeUnit.NANOSECONDS.sleep(slice);
            long elapsed = System.nanoTime() - start;
            remaining -= Math.min(elapsed, slice + STALL_NANOS);
        }
        return nanos - remaining;
    }
}
