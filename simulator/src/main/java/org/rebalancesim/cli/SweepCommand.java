package org.rebalancesim.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.rebalancesim.assignor.AssignorException;
import org.rebalancesim.assignor.Assignors;
import org.rebalancesim.engine.SimulationLimitException;
import org.rebalancesim.metrics.registry.Metric;
import org.rebalancesim.invariant.InvariantViolation;
import org.rebalancesim.scenario.ExpectationParser;
import org.rebalancesim.scenario.KeySuggester;
import org.rebalancesim.scenario.Problem;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.scenario.ScenarioException;
import org.rebalancesim.scenario.ScenarioTemplate;
import org.rebalancesim.scenario.Variant;
import org.rebalancesim.scenario.Setting;
import org.rebalancesim.sweep.SetOption;
import org.rebalancesim.sweep.Shard;
import org.rebalancesim.sweep.SweepCell;
import org.rebalancesim.sweep.SweepKey;
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
@Command(name = "sweep", mixinStandardHelpOptions = true, subcommands = SweepMergeCommand.class,
        header = "Run a scenario over a grid of settings and many seeds.",
        description = {"Runs every cell of the grid with every variant and many seeds, and writes the statistics "
                + "of every metric (mean, median, p95, min, max, sd, 95%% CI of the mean) to DIR/<scenario>-sweep/: "
                + "sweep.csv, runs.csv, sweep.json and a chart per --metric.",
                "Seeds are the root seed (--seed, else the file's seed:) and the next ones (seed, seed+1, ...), the "
                        + "same in every cell, so any run can be run alone with run --set ... --seed.",
                "With --shard K/N it runs only every N-th run from run K (K counts from 0) and writes them to "
                        + "DIR/<scenario>-shard-K-of-N/shard.json, so N machines can share a sweep; sweep merge "
                        + "puts the N folders together into the files one machine would have written.",
                "Exit 2 on bad input."})
final class SweepCommand implements Callable<Integer> {

    static final int DEFAULT_SEEDS = 20;
    static final List<String> DEFAULT_METRICS = List.of(Metric.STOP_THE_WORLD_MS.metricName(),
            Metric.PARTITION_DOWNTIME_MS.metricName());
    /** The default for a Kafka Streams application: its tasks' downtime, in all and at the longest. */
    static final List<String> STREAMS_DEFAULT_METRICS = List.of(Metric.TASK_DOWNTIME_MS.metricName(),
            Metric.MAX_TASK_DOWNTIME_MS.metricName());

    /** Optional to picocli only so that {@code sweep merge} parses; {@link #call} requires it. */
    @Parameters(paramLabel = "FILE", arity = "0..1", description = "The scenario file (YAML).")
    Path file;

    @Option(names = "--set", paramLabel = "KEY=V1,V2,...",
            description = "A key and the values to sweep; repeat for a grid (the first --set varies slowest). KEY: "
                    + "a consumer config (session.timeout.ms), a broker config (group.initial.rebalance.delay.ms) or "
                    + "a YAML path (consumers.count, topics[0].partitions). The value is written in the file and in "
                    + "every variant that sets the same key.")
    List<String> sets = new ArrayList<>();

    @Option(names = "--seeds", paramLabel = "N", description = "Runs per cell and variant (default: ${DEFAULT-VALUE}).")
    int seeds = DEFAULT_SEEDS;

    /** The root seed: the first run's of each cell and variant, the others take the next ones. */
    @CommandLine.Mixin
    SeedOption seed = new SeedOption();

    @Option(names = "--variant", paramLabel = "NAME", description = "Sweep only this variant.")
    String variant;

    @Option(names = "--metric", paramLabel = "NAME",
            description = "A metric for the table and the charts; repeatable (default: stopTheWorldMs, "
                    + "partitionDowntimeMs; for a Kafka Streams application taskDowntimeMs, maxTaskDowntimeMs).")
    List<String> metrics = new ArrayList<>();

    @Option(names = "--threads", paramLabel = "N",
            description = "Runs at once (default: the number of cores, ${DEFAULT-VALUE} here); results do not depend on it.")
    int threads = Runtime.getRuntime().availableProcessors();

    @CommandLine.Mixin
    QuietOption quiet = new QuietOption();

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "reports",
            description = "Where results go (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--shard", paramLabel = "K/N", converter = ShardConverter.class,
            description = "Run only the K-th of N interleaved slices of the runs (K counts from 0: 0/3, 1/3, 2/3) and "
                    + "write them to DIR/<scenario>-shard-K-of-N/shard.json; sweep merge puts the N shards together.")
    Shard shard;

    @CommandLine.Mixin
    MaxEventsOption maxEvents = new MaxEventsOption();

    @CommandLine.Mixin
    ClasspathOption classpath = new ClasspathOption();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        if (file == null) {
            err.println("sweep: give a scenario FILE (sweep FILE --set KEY=V1,V2 ...), or shard folders to put "
                    + "together (sweep merge DIR...)");
            return Main.BAD_INPUT;
        }
        SweepPlan plan = plan(metrics.isEmpty() ? DEFAULT_METRICS : List.copyOf(metrics), err);
        if (plan == null) {
            return Main.BAD_INPUT;
        }
        List<String> chosen = chosenMetrics(plan, err);
        if (chosen == null) {
            return Main.BAD_INPUT;
        }
        try (Assignors assignors = classpath.open(err)) {
            if (assignors == null || !assignorsUsable(plan, assignors, err)) {
                return Main.BAD_INPUT;
            }
            long startNanos = System.nanoTime();
            if (shard != null) {
                return runShard(plan, chosen, assignors, err);
            }
            SweepRunner.Outcomes outcomes = SweepRunner.run(plan, threads, maxEvents.maxEvents, assignors,
                    ProgressBar.forTerminal(err, quiet.quiet));
            return report(SweepResult.of(plan, outcomes), chosen, (System.nanoTime() - startNanos) / 1e9, err);
        } catch (SweepRunException e) {
            return runFailed(e, err);
        }
    }

    private int report(SweepResult result, List<String> chosen, double seconds, PrintWriter err) {
        PrintWriter stdout = spec.commandLine().getOut();
        SweepPlan plan = result.plan();
        SweepOutputs.printTable(result, chosen, stdout);
        List<Path> written = SweepOutputs.write(out, result, chosen, err);
        if (written == null) {
            return Main.BAD_INPUT;
        }
        printTiming(plan.runCount(), seconds, stdout);
        List<String> shaping = new ArrayList<>(ClasspathOption.words(classpath.classpath));
        shaping.addAll(MaxEventsOption.words(maxEvents.maxEvents));
        stdout.println("to run one alone: rebalance-sim run " + file + (plan.parameters().isEmpty() ? ""
                : " --set KEY=VALUE ...") + " --variant NAME --seed S"
                + shaping.stream().map(word -> " " + ReproduceCommand.quoted(word)).collect(Collectors.joining())
                + " (runs.csv has every run's settings and seed)");
        written.forEach(path -> stdout.println("wrote " + path));
        stdout.flush();
        return Main.OK;
    }

    /** Runs this shard's runs only and writes them for sweep merge; the table comes from the merge. */
    private int runShard(SweepPlan plan, List<String> chosen, Assignors assignors, PrintWriter err) {
        if (shard.count() > plan.runCount()) {
            err.println("--shard " + shard + ": the sweep has " + plan.runCount() + " runs, fewer than " + shard.count()
                    + " shards; give N of at most " + plan.runCount());
            return Main.BAD_INPUT;
        }
        long startNanos = System.nanoTime();
        SweepRunner.Outcomes outcomes = SweepRunner.run(plan, shard, threads, maxEvents.maxEvents, assignors,
                ProgressBar.forTerminal(err, quiet.quiet));
        SweepKey key = new SweepKey(plan.base().name(), plan.base().sha256(), sets, variant, seeds, plan.firstSeed(),
                chosen, maxEvents.maxEvents, classpath.classpath, plan.runCount(), shard.count());
        Path written = ShardOutput.write(out, file, plan, key, shard, outcomes, err);
        if (written == null) {
            return Main.BAD_INPUT;
        }
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.print("shard " + shard + " of " + plan.base().name() + ": ");
        printTiming(outcomes.runs().size(), (System.nanoTime() - startNanos) / 1e9, stdout);
        stdout.println("wrote " + written);
        stdout.println("when all " + shard.count() + " shards are done: rebalance-sim sweep merge "
                + out.resolve(plan.base().name() + "-shard-*-of-" + shard.count()));
        stdout.flush();
        return Main.OK;
    }

    private void printTiming(int runs, double seconds, PrintWriter stdout) {
        int used = Math.min(threads, runs);
        stdout.printf(Locale.ROOT, "%d runs in %.1f s on %d thread%s%n", runs, seconds, used, used == 1 ? "" : "s");
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
            return SweepPlanner.plan(ScenarioTemplate.read(file), options, variant, seeds, seed.seed);
        } catch (IllegalArgumentException e) {
            err.println(file + ": " + e.getMessage());
        } catch (ScenarioException e) {
            e.problems().stream().map(Problem::toString).forEach(err::println);
        }
        err.flush();
        return null;
    }

    /**
     * The --metric names, or the default for the file's application; null (with the reason printed) when one
     * is not reported by a variant of the file (a Kafka Streams metric of plain consumers).
     */
    private List<String> chosenMetrics(SweepPlan plan, PrintWriter err) {
        List<Variant> variants = plan.cells().get(0).scenario().variants();
        boolean allStreams = variants.stream().allMatch(v -> v.consumers().isStreams());
        if (metrics.isEmpty()) {
            return allStreams ? STREAMS_DEFAULT_METRICS : DEFAULT_METRICS;
        }
        for (String metric : metrics) {
            for (Variant variant : variants) {
                if (!Metric.of(metric).appliesTo(variant.consumers().runKind())) {
                    String[] only = Metric.of(metric).reportedOnlyFor();
                    err.println("--metric " + metric + ": reported for " + only[0] + ", and variant " + variant.name()
                            + " of " + file + " " + only[1]);
                    err.flush();
                    return null;
                }
            }
        }
        return List.copyOf(metrics);
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

    /**
     * As {@code run}: the event bound and a user's assignor are bad input (2); anything else is a bug (3),
     * and a broken invariant prints the {@code run} command that runs that cell, variant and seed alone.
     */
    int runFailed(SweepRunException e, PrintWriter err) {
        Throwable cause = e.getCause();
        if (cause instanceof InvariantViolation violation && violation.scenarioFile() != null) {
            return Main.brokenInvariant(violation, rerun(e.run(), violation.scenarioFile()), err);
        }
        boolean badInput = cause instanceof SimulationLimitException
                || cause instanceof AssignorException assignor && assignor.isBadInput();
        err.println((badInput ? "" : "rebalance-sim: internal error: ") + file + ": " + e.getMessage()
                + (badInput ? "" : " (please report it with the scenario file, the --set values and the seed)"));
        return badInput ? Main.BAD_INPUT : Main.INTERNAL_ERROR;
    }

    /** The cell's settings become run's --set options, in --set order: run writes them into the file as sweep did. */
    private RunLine rerun(SweepPlan.RunId run, String scenarioFile) {
        List<String> cellSets = run.cell().settings().stream().map(Setting::toString).toList();
        return new RunLine(scenarioFile, run.seed(), run.variant(), cellSets, classpath.classpath,
                maxEvents.maxEvents, false);
    }
}
