package org.rebalancesim.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.rebalancesim.assignor.Assignors;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.run.ScenarioRunner;

/**
 * Runs every run of a plan on a pool of threads. Each run is a world of its own (no shared state),
 * its outcome is stored under its run number, and the caller reads them in number order, so the
 * results do not depend on the thread count or on which run finished first.
 */
public final class SweepRunner {

    /** How often the waiting thread reports progress. */
    private static final long PROGRESS_INTERVAL_MS = 100;
    /** Threads get the stack a main thread has, so a run behaves the same on any of them. */
    private static final long STACK_BYTES = 8L << 20;

    /** Told how far the sweep is, from the thread that started it. */
    public interface Progress {
        Progress NONE = new Progress() {
            @Override
            public void update(int done, int total) {
            }

            @Override
            public void finish() {
            }
        };

        void update(int done, int total);

        void finish();
    }

    /** The outcomes in run-number order (of the runs that were run) and the metric names their values follow. */
    public record Outcomes(List<String> metricNames, List<RunOutcome> runs) {
        public Outcomes {
            metricNames = List.copyOf(metricNames);
            runs = List.copyOf(runs);
        }
    }

    private final SweepPlan plan;
    /** The run numbers to run, in increasing order: all of the plan's, or one shard's. */
    private final int[] runs;
    private final long maxEvents;
    private final Assignors assignors;
    private final AtomicReferenceArray<RunOutcome> outcomes;
    private final AtomicReference<List<String>> metricNames = new AtomicReference<>();
    private final AtomicInteger next = new AtomicInteger();
    private final AtomicInteger done = new AtomicInteger();
    private final AtomicBoolean failed = new AtomicBoolean();
    private final List<Failure> failures = new ArrayList<>();

    private record Failure(int index, SweepRunException exception) {
    }

    private SweepRunner(SweepPlan plan, int[] runs, long maxEvents, Assignors assignors) {
        this.plan = plan;
        this.runs = runs.clone();
        this.maxEvents = maxEvents;
        this.assignors = assignors;
        this.outcomes = new AtomicReferenceArray<>(runs.length);
    }

    /** With Kafka's built-in assignors only. */
    public static Outcomes run(SweepPlan plan, int threads, long maxEvents, Progress progress) {
        return run(plan, threads, maxEvents, Assignors.builtIn(), progress);
    }

    /**
     * @param assignors shared by all threads: a registry only loads classes, every member gets its own instances
     * @throws SweepRunException for the lowest-numbered run that failed (the sweep stops starting runs
     *                           at the first failure)
     */
    public static Outcomes run(SweepPlan plan, int threads, long maxEvents, Assignors assignors, Progress progress) {
        return run(plan, new Shard(0, 1), threads, maxEvents, assignors, progress);
    }

    /** Only the runs of {@code shard}; their outcomes come in run-number order, as in the whole sweep. */
    public static Outcomes run(SweepPlan plan, Shard shard, int threads, long maxEvents, Assignors assignors,
                               Progress progress) {
        int[] runs = shard.runs(plan.runCount());
        return new SweepRunner(plan, runs, maxEvents, assignors)
                .runAll(Math.max(1, Math.min(threads, runs.length)), progress);
    }

    private Outcomes runAll(int threads, Progress progress) {
        ExecutorService pool = Executors.newFixedThreadPool(threads, task -> {
            Thread thread = new Thread(null, task, "sweep-run", STACK_BYTES);
            thread.setDaemon(true);
            return thread;
        });
        for (int t = 0; t < threads; t++) {
            pool.execute(this::work);
        }
        pool.shutdown();
        try {
            while (!pool.awaitTermination(PROGRESS_INTERVAL_MS, TimeUnit.MILLISECONDS)) {
                progress.update(done.get(), runs.length);
            }
        } catch (InterruptedException e) {
            pool.shutdownNow();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("the sweep was interrupted", e);
        } finally {
            progress.finish();
        }
        synchronized (failures) {
            failures.stream().min((a, b) -> Integer.compare(a.index(), b.index())).ifPresent(failure -> {
                throw failure.exception();
            });
        }
        List<RunOutcome> ordered = new ArrayList<>(runs.length);
        for (int i = 0; i < runs.length; i++) {
            ordered.add(outcomes.get(i));
        }
        return new Outcomes(metricNames.get(), ordered);
    }

    private void work() {
        for (int slot = next.getAndIncrement(); slot < runs.length && !failed.get(); slot = next.getAndIncrement()) {
            SweepPlan.RunId id = plan.run(runs[slot]);
            try {
                outcomes.set(slot, runOne(id));
            } catch (RuntimeException | StackOverflowError e) {
                // A run that fails must stop the sweep and be named, on whichever thread it ran.
                failed.set(true);
                synchronized (failures) {
                    failures.add(new Failure(runs[slot], new SweepRunException(id, e)));
                }
            }
            done.incrementAndGet();
        }
    }

    private RunOutcome runOne(SweepPlan.RunId id) {
        RunResult result = ScenarioRunner.run(id.cell().scenario().withSeed(id.seed()), id.variant(), maxEvents,
                assignors);
        VariantResult variant = result.variants().get(0);
        return new RunOutcome(values(variant.metrics()), variant.protocol(), variant.allExpectationsPassed());
    }

    /** Values in the order of the first run's metric names; every run reports the same names. */
    private double[] values(Map<String, Number> metrics) {
        List<String> names = List.copyOf(metrics.keySet());
        metricNames.compareAndSet(null, names);
        if (!metricNames.get().equals(names)) {
            throw new IllegalStateException("runs report different metrics: " + metricNames.get() + " and " + names);
        }
        double[] values = new double[names.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = metrics.get(names.get(i)).doubleValue();
        }
        return values;
    }
}
