package org.rebalancesim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.rebalancesim.assignor.AssignorException;
import org.rebalancesim.assignor.Assignors;
import org.rebalancesim.engine.SimulationLimitException;
import org.rebalancesim.metrics.registry.Metric;
import org.rebalancesim.report.AtomicFiles;
import org.rebalancesim.report.SweepCsv;
import org.rebalancesim.report.SweepJson;
import org.rebalancesim.report.SweepTable;
import org.rebalancesim.report.chart.ChartFiles;
import org.rebalancesim.report.chart.SweepChart;
import org.rebalancesim.run.ScenarioRunner;
import org.rebalancesim.scenario.ExpectationParser;
import org.rebalancesim.scenario.KeySuggester;
import org.rebalancesim.scenario.Problem;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.scenario.ScenarioException;
import org.rebalancesim.scenario.ScenarioTemplate;
import org.rebalancesim.sweep.SetOption;
import org.rebalancesim.sweep.SweepCell;
import org.rebalancesim.sweep.SweepPlan;
import org.rebalancesim.sweep.SweepPlanner;
import org.rebalancesim.sweep.SweepResult;
import org.rebalancesim.sweep.SweepRunException;
import org.rebalancesim.sweep.SweepRunner;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code sweep FILE --set KEY=V1,V2 ...}: runs a grid of settings × variants × seeds and summarises it. */
@Command(name = "sweep", mixinStandardHelpOptions = true,
        description = {"Run a scenario over a grid of settings, every variant and many seeds, and write",
                "the statistics of every metric (mean, median, p95, min, max, sd, 95%% CI of the mean) to",
                "DIR/<scenario>-sweep/: sweep.csv, runs.csv, sweep.json and a chart per --metric.",
                "Seeds are the file's seed: and the next ones (seed, seed+1, ...). Exit 2 on bad input."})
final class SweepCommand implements Callable<Integer> {

    static final int DEFAULT_SEEDS = 20;
    static final List<String> DEFAULT_METRICS = List.of(Metric.STOP_THE_WORLD_MS.metricName(), Metric.PARTITION_DOWNTIME_MS.metricName());

    @Parameters(paramLabel = "FILE", description = "The scenario file (YAML).")
    Path file;

    @Option(names = "--set", paramLabel = "KEY=V1,V2,...",
            description = {"A key and the values to sweep; repeat for a grid (the first --set varies slowest).",
                    "KEY: a consumer config (session.timeout.ms), a broker config",
                    "(group.initial.rebalance.delay.ms) or a YAML path (consumers.count, topics[0].partitions).",
                    "The value is written in the file and in every variant that sets the same key."})
    List<String> sets = new ArrayList<>();

    @Option(names = "--seeds", paramLabel = "N", description = "Runs per cell and variant (default: ${DEFAULT-VALUE}).")
    int seeds = DEFAULT_SEEDS;

    @Option(names = "--variant", paramLabel = "NAME", description = "Sweep only this variant.")
    String variant;

    @Option(names = "--metric", paramLabel = "NAME",
            description = "A metric for the table and the charts; repeatable (default: stopTheWorldMs, partitionDowntimeMs).")
    List<String> metrics = new ArrayList<>();

    @Option(names = "--threads", paramLabel = "N",
            description = "Runs at once (default: the number of cores, ${DEFAULT-VALUE} here); results do not depend on it.")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--quiet", description = "No progress bar.")
    boolean quiet;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "reports",
            description = "Where results go (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--max-events", paramLabel = "N", hidden = true, description = "Bound on simulated events per run.")
    long maxEvents = ScenarioRunner.DEFAULT_MAX_EVENTS;

    @CommandLine.Mixin
    ClasspathOption classpath = new ClasspathOption();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        List<String> chosen = metrics.isEmpty() ? DEFAULT_METRICS : List.copyOf(metrics);
        SweepPlan plan = plan(chosen, err);
        if (plan == null) {
            return Main.BAD_INPUT;
        }
        try (Assignors assignors = classpath.open(err)) {
            if (assignors == null || !assignorsUsable(plan, assignors, err)) {
                return Main.BAD_INPUT;
            }
            long startNanos = System.nanoTime();
            SweepRunner.Outcomes outcomes = SweepRunner.run(plan, threads, maxEvents, assignors,
                    ProgressBar.forTerminal(err, quiet));
            return report(SweepResult.of(plan, outcomes), chosen, (System.nanoTime() - startNanos) / 1e9, err);
        } catch (SweepRunException e) {
            return runFailed(e, err);
        }
    }

    private int report(SweepResult result, List<String> chosen, double seconds, PrintWriter err) {
        PrintWriter stdout = spec.commandLine().getOut();
        SweepPlan plan = result.plan();
        stdout.print(SweepTable.render(result, chosen));
        List<Path> written = write(result, chosen, err);
        if (written == null) {
            return Main.BAD_INPUT;
        }
        int used = Math.min(threads, plan.runCount());
        stdout.printf(Locale.ROOT, "%d runs in %.1f s on %d thread%s%n", plan.runCount(), seconds, used,
                used == 1 ? "" : "s");
        stdout.println("to run one alone: rebalance-sim run " + file + (plan.parameters().isEmpty() ? ""
                : " --set KEY=VALUE ...") + " --variant NAME --seed S (runs.csv has every run's settings and seed)");
        written.forEach(path -> stdout.println("wrote " + path));
        stdout.flush();
        return Main.OK;
    }

    /** As run checks them, for every cell (a swept partition.assignment.strategy may name a class); each problem once. */
    private static boolean assignorsUsable(SweepPlan plan, Assignors assignors, PrintWriter err) {
        StringWriter problems = new StringWriter();
        List<Scenario> scenarios = plan.cells().stream().map(SweepCell::scenario).toList();
        boolean usable = AssignorCheck.allUsable(scenarios, assignors, new PrintWriter(problems));
        problems.toString().lines().distinct().forEach(err::println);
        err.flush();
        return usable;
    }

    /** The validated plan, or null with every problem printed. */
    private SweepPlan plan(List<String> chosen, PrintWriter err) {
        if (!optionsValid(chosen, err)) {
            return null;
        }
        try {
            List<SetOption> options = new ArrayList<>();
            for (String set : sets) {
                options.add(SetOption.parse(set));
            }
            return SweepPlanner.plan(ScenarioTemplate.read(file), options, variant, seeds);
        } catch (IllegalArgumentException e) {
            err.println(file + ": " + e.getMessage());
        } catch (ScenarioException e) {
            e.problems().stream().map(Problem::toString).forEach(err::println);
        }
        err.flush();
        return null;
    }

    private boolean optionsValid(List<String> chosen, PrintWriter err) {
        boolean valid = true;
        for (String metric : chosen) {
            if (!ExpectationParser.KNOWN_METRICS.contains(metric)) {
                err.println("--metric " + metric + ": unknown metric; "
                        + KeySuggester.hint(metric, ExpectationParser.KNOWN_METRICS, "known metrics"));
                valid = false;
            }
        }
        if (threads < 1) {
            err.println("--threads " + threads + ": give 1 or more");
            valid = false;
        }
        return valid;
    }

    /** Every file written (sweep.csv, runs.csv, sweep.json, the charts' PNGs), or null with the reason printed. */
    private List<Path> write(SweepResult result, List<String> chosen, PrintWriter err) {
        Path dir = out.resolve(result.plan().base().name() + "-sweep");
        try {
            List<Path> written = new ArrayList<>();
            written.add(AtomicFiles.write(dir.resolve("sweep.csv"), SweepCsv.statistics(result)));
            written.add(AtomicFiles.write(dir.resolve("runs.csv"), SweepCsv.runs(result)));
            written.add(AtomicFiles.write(dir.resolve("sweep.json"), SweepJson.render(result)));
            written.addAll(ChartFiles.write(dir, SweepChart.of(result, chosen)));
            return written;
        } catch (IOException e) {
            err.println("rebalance-sim: cannot write the sweep under " + dir + " (" + e.getClass().getSimpleName()
                    + ": " + e.getMessage() + "); choose another directory with --out");
            return null;
        }
    }

    /** As {@code run}: the event bound and a user's assignor are bad input (2); anything else is a bug (3). */
    private int runFailed(SweepRunException e, PrintWriter err) {
        Throwable cause = e.getCause();
        boolean badInput = cause instanceof SimulationLimitException
                || cause instanceof AssignorException assignor && assignor.isUsersAssignor();
        err.println((badInput ? "" : "rebalance-sim: internal error: ") + file + ": " + e.getMessage()
                + (badInput ? "" : " (please report it with the scenario file, the --set values and the seed)"));
        return badInput ? Main.BAD_INPUT : Main.INTERNAL_ERROR;
    }
}
