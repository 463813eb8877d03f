package org.rebalancesim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.function.Supplier;
import org.rebalancesim.assignor.Assignors;
import org.rebalancesim.calibration.Calibration;
import org.rebalancesim.calibration.CalibrationCharts;
import org.rebalancesim.calibration.CalibrationException;
import org.rebalancesim.calibration.CalibrationReport;
import org.rebalancesim.calibration.MeasurementSource;
import org.rebalancesim.calibration.MeasurementSources;
import org.rebalancesim.calibration.TimeScale;
import org.rebalancesim.engine.SimulationLimitException;
import org.rebalancesim.output.AtomicFiles;
import org.rebalancesim.report.chart.ChartFiles;
import org.rebalancesim.scenario.Scenario;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code calibrate FILE}: simulates a scenario, replays it on real Kafka (an embedded broker or
 * {@code --bootstrap-server}) {@code --repeat} times per variant, prints simulated against measured
 * per variant and writes DIR/&lt;scenario&gt;/calibration.json.
 */
@Command(name = "calibrate", mixinStandardHelpOptions = true,
        header = "Compare a scenario's simulation with a replay on real Kafka.",
        description = {"Replays the scenario on real Kafka (real KafkaConsumers, one JVM each) and compares every "
                + "metric with the simulation: a table per variant and DIR/<scenario>/calibration.json.",
                "The simulation runs --seeds seeds, the replay --repeat runs; a metric agrees when the medians are "
                        + "within tolerance and, when both sides have a spread, the ranges overlap. Times must be within "
                        + "max(--tolerance %% of the measured median, one heartbeat interval); rebalances, evictions and "
                        + "poll timeouts must match exactly (within half a count once a side has a spread); record "
                        + "counts and lag are for information. A time further apart than the tolerance, with "
                        + "overlapping ranges, is UNDECIDED when the permutation test of the medians gives p >= 0.05 "
                        + "(chance explains the gap with this many runs; more --repeat runs decide).",
                "Exit 0 when all are within tolerance or undecided, 1 when one is not, 2 on bad input (missing file, an operation "
                        + "real Kafka cannot replay, a broker that does not start)."})
final class CalibrateCommand implements Callable<Integer> {

    @Parameters(paramLabel = "FILE", description = "The scenario file (YAML).")
    Path file;

    @Option(names = "--variant", paramLabel = "NAME", description = "Calibrate only this variant.")
    String variant;

    @Option(names = "--bootstrap-server", paramLabel = "HOST:PORT",
            description = "Use this cluster (a topic and a group of its own are created and deleted)"
                    + " instead of an embedded single-node broker on loopback.")
    String bootstrapServer;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "reports",
            description = "Where results and the runs' event logs go (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--time-scale", paramLabel = "X", defaultValue = "1",
            description = "Wall-clock time per scenario time: 0.5 runs twice as fast, timeouts scaled alike"
                    + " (default: ${DEFAULT-VALUE}).")
    double timeScale;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "1",
            description = "Runs per variant; the measured value is their median, their spread is shown"
                    + " (default: ${DEFAULT-VALUE}).")
    int repeat;

    @Option(names = "--seeds", paramLabel = "N", defaultValue = "20",
            description = "Seeds the simulation runs per variant, the file's seed: and the next ones: the simulated "
                    + "spread that the measured one is compared with (default: ${DEFAULT-VALUE}).")
    int seeds;

    @Option(names = "--tolerance", paramLabel = "PCT", defaultValue = "10",
            description = "Relative tolerance of times in percent, at least one heartbeat interval"
                    + " (default: ${DEFAULT-VALUE}).")
    double tolerancePct;

    @Option(names = "--broker-request-log",
            description = "Also write every request the embedded broker completes (client, API, request, answer,"
                    + " times) to each run's broker.log, to see when each client sent what; the log costs the broker"
                    + " CPU, so measured times move a little.")
    boolean brokerRequestLog;

    @Option(names = "--scenario-startup",
            description = "Simulate with the scenario's own startup.jvmStart, clientWarmup, closeWork, jvmExit,"
                    + " firstAssignment, firstActiveTask and coresPerStart. By default the simulation uses those the"
                    + " measured runs had (lone JVM starts and their warm-up, close()'s own work, close to exit, a cold"
                    + " leader's first assignment, a Kafka"
                    + " Streams process's first active tasks, fitted as lognormals): they are this machine's, not"
                    + " Kafka's.")
    boolean scenarioStartup;

    @Option(names = "--replay-startups",
            description = "Simulate seed i with the JVM starts and client warm-ups of measured run (i mod N) + 1,"
                    + " pod by pod, instead of drawing them from the fit: both sides then meet the heartbeat phases"
                    + " the measured start-ups gave the group, and what is compared is what Kafka does with them."
                    + " For metrics set by that phase (a rolling restart on a fixed grid), where a few runs draw a"
                    + " few phases.")
    boolean replayStartups;

    @Option(names = "--recorded-runs",
            description = "Measure nothing: compare with the runs an earlier calibrate left in --out"
                    + " (DIR/<scenario>/<variant>/run-1 .. run-N/events.jsonl, N = --repeat) and simulate again, to see"
                    + " what a change of the simulator, --tolerance or --seeds does against the same measurements.")
    boolean recordedRuns;

    @Option(names = "--runs-from", paramLabel = "DIR",
            description = "With --recorded-runs: read the runs from these earlier --out directories instead of --out"
                    + " (repeat the option), one after the other: run i is the i-th run of the variant found in them, so"
                    + " two batches of 3 runs are judged as one of 6 with --repeat 6. The results go to --out.")
    List<Path> runsFrom = new ArrayList<>();

    /** A user's assignor: the simulation loads it as run does, and every worker JVM gets the jars. */
    @CommandLine.Mixin
    ClasspathOption classpath = new ClasspathOption();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The measurement source for the --classpath jars. */
    private final Function<List<Path>, MeasurementSource> sources;

    public CalibrateCommand() {
        this.sources = jars -> MeasurementSources.realKafka(jars);
    }

    /** With another source of measurements (tests: a fixed event log). */
    CalibrateCommand(Supplier<MeasurementSource> sources) {
        this.sources = jars -> sources.get();
    }

    private Calibration.Startups startups() {
        return scenarioStartup ? Calibration.Startups.SCENARIO
                : replayStartups ? Calibration.Startups.REPLAYED : Calibration.Startups.FITTED;
    }

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter stdout = spec.commandLine().getOut();
        try {
            Calibration.Settings settings = new Calibration.Settings(bootstrapServer, new TimeScale(timeScale), repeat,
                    tolerancePct, out, seeds, brokerRequestLog, startups());
            List<Scenario> scenarios = ScenarioFiles.loadAll(List.of(file), err);
            if (scenarios == null || !VariantChoice.inEveryFile(scenarios, variant, err)) {
                return Main.BAD_INPUT;
            }
            List<Path> jars = classpath.jars(err);
            if (jars == null) {
                return Main.BAD_INPUT;
            }
            if (recordedRuns && (bootstrapServer != null || brokerRequestLog)) {
                err.println("rebalance-sim calibrate: --recorded-runs measures nothing, so "
                        + (bootstrapServer != null ? "--bootstrap-server" : "--broker-request-log")
                        + " has nothing to do; drop one of the two");
                return Main.BAD_INPUT;
            }
            if (scenarioStartup && replayStartups) {
                err.println("rebalance-sim calibrate: --scenario-startup and --replay-startups both say where the"
                        + " simulated start-ups come from: drop one of the two");
                return Main.BAD_INPUT;
            }
            if (!runsFrom.isEmpty() && !recordedRuns) {
                err.println("rebalance-sim calibrate: --runs-from names recorded runs to read: add --recorded-runs");
                return Main.BAD_INPUT;
            }
            for (Path batch : runsFrom) {
                if (!Files.isDirectory(batch)) {
                    err.println("rebalance-sim calibrate: --runs-from " + batch + ": no such directory (name the --out"
                            + " of an earlier calibrate)");
                    return Main.BAD_INPUT;
                }
            }
            MeasurementSource source = recordedRuns ? MeasurementSources.recordedRuns(runsFrom) : sources.apply(jars);
            try (Assignors assignors = Assignors.withClasspath(jars)) {
                if (!AssignorCheck.allUsable(scenarios, assignors, err)) {
                    return Main.BAD_INPUT;
                }
                return calibrate(scenarios.get(0), settings, assignors, source, stdout, err);
            }
        } catch (CalibrationException | UnsupportedOperationException e) {
            err.println("rebalance-sim calibrate: " + e.getMessage());
            return Main.BAD_INPUT;
        } finally {
            stdout.flush();
            err.flush();
        }
    }

    private int calibrate(Scenario scenario, Calibration.Settings settings, Assignors assignors,
                          MeasurementSource source, PrintWriter stdout, PrintWriter err) {
        List<String> unsupported = Calibration.unsupported(scenario, variant, source);
        if (!unsupported.isEmpty()) {
            unsupported.forEach(problem -> err.println(scenario.sourceFile() + ": " + problem));
            return Main.BAD_INPUT;
        }
        Calibration.Outcome outcome;
        try {
            outcome = Calibration.run(scenario, variant, source, settings, assignors, line -> {
                stdout.println(line);
                stdout.flush();
            });
        } catch (CalibrationException | UnsupportedOperationException | SimulationLimitException e) {
            err.println(scenario.sourceFile() + ": " + e.getMessage());
            return Main.BAD_INPUT;
        } catch (IOException e) {
            err.println(scenario.sourceFile() + ": the measurement failed: " + e.getClass().getSimpleName() + ": "
                    + e.getMessage());
            return Main.BAD_INPUT;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("rebalance-sim calibrate: interrupted");
            return Main.INTERNAL_ERROR;
        } catch (Exception e) {
            err.println("rebalance-sim: internal error: the measurement of " + scenario.sourceFile() + " failed: " + e
                    + " (please report it with the scenario file and the run's events.jsonl)");
            return Main.INTERNAL_ERROR;
        }
        stdout.print(CalibrationReport.text(outcome));
        Path target = out.resolve(scenario.name()).resolve("calibration.json");
        try {
            stdout.println("wrote " + AtomicFiles.write(target, CalibrationReport.json(outcome)));
            for (Path chart : ChartFiles.write(target.getParent(), CalibrationCharts.of(outcome))) {
                stdout.println("wrote " + chart);
            }
        } catch (IOException e) {
            err.println("rebalance-sim: cannot write " + target + " (" + e.getClass().getSimpleName() + ": "
                    + e.getMessage() + "); choose another directory with --out");
            return Main.BAD_INPUT;
        }
        return outcome.passed() ? Main.OK : Main.EXPECTATION_FAILED;
    }
}
