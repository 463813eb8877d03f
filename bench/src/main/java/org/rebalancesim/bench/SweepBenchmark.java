package org.rebalancesim.bench;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.rebalancesim.scenario.ScenarioException;
import org.rebalancesim.scenario.ScenarioTemplate;
import org.rebalancesim.sweep.RunOutcome;
import org.rebalancesim.sweep.SweepPlan;
import org.rebalancesim.sweep.SweepPlanner;
import org.rebalancesim.sweep.SweepRunner;

/**
 * (c) A sweep of 100 runs (100 seeds) of bench/sweep-50.yaml, 50 consumers for 10 minutes, on 1 and
 * on 2 threads: the speed-up is the 1-thread time over the 2-thread time.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 3)
@Fork(1)
public class SweepBenchmark {

    static final int RUNS = 100;

    @Param({"1", "2"})
    public int threads;

    private SweepPlan plan;

    @Setup(Level.Trial)
    public void plan() throws ScenarioException {
        ScenarioTemplate template = ScenarioTemplate.fromText(BenchScenarios.resource("sweep-50.yaml"), "sweep-50.yaml");
        plan = SweepPlanner.plan(template, List.of(), null, RUNS);
        if (plan.runCount() != RUNS) {
            throw new IllegalStateException("expected " + RUNS + " runs, the plan has " + plan.runCount());
        }
    }

    @Benchmark
    public List<RunOutcome> sweep(RunFigures figures) {
        List<RunOutcome> runs = SweepRunner.run(plan, threads, 200_000_000L, SweepRunner.Progress.NONE).runs();
        for (int i = 0; i < RUNS; i++) {
            figures.add(0, BenchScenarios.simulatedMs(plan.base()));
        }
        return runs;
    }
}
