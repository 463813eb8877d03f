package org.rebalancesim.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.rebalancesim.scenario.Scenario;

/**
 * Whole runs, single-shot (each measured iteration is one run, or a batch of short ones): wall
 * time, events per second and simulated time per wall time.
 * (a) scenarios/rolling-restart.yaml, every variant, 10 runs per iteration;
 * (b) bench/large-group.yaml: 1,000 consumers, 10,000 partitions, one simulated hour, in a JVM of
 *     its own with -Xmx1g, reporting the heap's peak.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class ScenarioBenchmark {

    static final int ROLLING_RESTART_BATCH = 10;

    private Scenario rollingRestart;
    private Scenario largeGroup;

    @Setup(Level.Trial)
    public void load() {
        rollingRestart = BenchScenarios.library("rolling-restart.yaml");
        largeGroup = BenchScenarios.bench("large-group.yaml");
    }

    @Benchmark
    @Warmup(iterations = 5)
    @Measurement(iterations = 10)
    @Fork(1)
    public void rollingRestart(RunFigures figures) {
        for (int i = 0; i < ROLLING_RESTART_BATCH; i++) {
            figures.add(BenchScenarios.run(rollingRestart), BenchScenarios.simulatedMs(rollingRestart));
        }
    }

    @Benchmark
    @Warmup(iterations = 1)
    @Measurement(iterations = 3)
    @Fork(value = 1, jvmArgsAppend = {"-Xmx1g"})
    public void largeGroup(RunFigures figures) {
        figures.add(BenchScenarios.run(largeGroup), BenchScenarios.simulatedMs(largeGroup));
        figures.readPeakHeap();
    }
}
