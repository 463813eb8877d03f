package org.rebalancesim.bench;

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
import org.rebalancesim.scenario.Scenario;

/**
 * Cost against simulated time (300 consumers for 15, 30 and 60 minutes) and against group size (100,
 * 300 and 1,000 consumers for 30 minutes) on bench/scaling.yaml, a group whose work per consumer and
 * per minute is the same at every size and length: linear growth means the wall time per event and
 * per consumer-minute stays flat.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xmx1g"})
public class ScalingBenchmark {

    /** consumers x duration; partitions are 10 per consumer, 2 records/s per consumer. */
    @Param({"300x15m", "300x30m", "300x60m", "100x30m", "1000x30m"})
    public String size;

    private Scenario scenario;

    @Setup(Level.Trial)
    public void load() {
        String[] parts = size.split("x");
        int consumers = Integer.parseInt(parts[0]);
        scenario = BenchScenarios.bench("scaling.yaml", "CONSUMERS", parts[0],
                "PARTITIONS", Integer.toString(consumers * 10), "RATE", Integer.toString(consumers * 2),
                "DURATION", parts[1]);
    }

    @Benchmark
    public void run(RunFigures figures) {
        figures.add(BenchScenarios.run(scenario), BenchScenarios.simulatedMs(scenario));
    }
}
