package org.rebalancesim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.rebalancesim.assignor.Assignors;
import org.rebalancesim.check.Baseline;
import org.rebalancesim.check.BaselineException;
import org.rebalancesim.check.BaselineFiles;
import org.rebalancesim.check.CheckJson;
import org.rebalancesim.check.CheckText;
import org.rebalancesim.check.Checker;
import org.rebalancesim.check.JUnitXml;
import org.rebalancesim.check.ScenarioCheck;
import org.rebalancesim.check.ToleranceChoice;
import org.rebalancesim.invariant.Checks;
import org.rebalancesim.output.AtomicFiles;
import org.rebalancesim.report.JsonReport;
import org.rebalancesim.report.SeedsJson;
import org.rebalancesim.run.ScenarioRunner;
import org.rebalancesim.scenario.Scenario;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code check PATH...}: expect: rules and baselines, for CI. */
@Command(name = "check", mixinStandardHelpOptions = true,
        header = "Check expect: rules and baselines, for CI.",
        description = {"Runs scenario files and folders (searched for *.yaml, *.yml), checks every expect: rule "
                + "and, with --baseline, compares every metric with the stored baseline: a metric that got worse by "
                + "more than its tolerance fails.",
                "Exit 0 all pass, 1 any fail, 2 bad input."})
final class CheckCommand implements Callable<Integer>, ScenarioCommand {

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "Scenario files or folders.")
    List<Path> paths;

    @Option(names = "--baseline", paramLabel = "DIR",
            description = "Folder of baselines (one <scenario>.json each) to compare against.")
    Path baselineDir;

    @Option(names = "--tolerance", paramLabel = "TOLERANCE",
            description = "How much worse a metric may get: 5%% for every metric, or METRIC=5%%, METRIC=100 (its "
                    + "unit), METRIC=2s (time metrics); repeatable. Beats the file's tolerance: block. Default: the "
                    + "file's, else exact (the simulator is deterministic).")
    List<String> tolerances = new ArrayList<>();

    @Option(names = "--update-baseline", description = "Write the current results as the new baselines (needs --baseline).")
    boolean updateBaseline;

    @Option(names = "--require-baseline", description = "A variant without a baseline fails instead of passing as new "
            + "(needs --baseline).")
    boolean requireBaseline;

    @Option(names = "--junit", paramLabel = "FILE", description = "Also write the verdicts as JUnit XML.")
    Path junit;

    @Option(names = "--out", paramLabel = "DIR", description = "Also write each scenario's reports there, as run does.")
    Path out;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "What to print: text (a line per variant, then the failures) or json (the same verdicts "
                    + "as data, for scripts). Default: ${DEFAULT-VALUE}.")
    RunCommand.Format format;

    /** Each metric's mean over the seeds against the baseline, with a bound (check.SeedStatistic). */
    @CommandLine.Mixin
    SeedsOption seeds = new SeedsOption();

    @CommandLine.Mixin
    QuietOption quiet = new QuietOption();

    @CommandLine.Mixin
    ClasspathOption classpath = new ClasspathOption();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The progress line on stderr, from the start of {@link #call}. */
    private RunProgressLine progress = RunProgressLine.OFF;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        progress = RunProgressLine.forTerminal(err, quiet.quiet);
        PrintWriter stdout = spec.commandLine().getOut();
        if (updateBaseline && baselineDir == null) {
            err.println("--update-baseline needs --baseline DIR: the folder to write the baselines to");
            return Main.BAD_INPUT;
        }
        if (requireBaseline && baselineDir == null) {
            err.println("--require-baseline needs --baseline DIR: the folder the baselines are in");
            return Main.BAD_INPUT;
        }
        ToleranceChoice choice = ToleranceOptions.parse(tolerances, err);
        List<Path> files = ScenarioPaths.expand(paths, err);
        List<Scenario> scenarios = files == null ? null : ScenarioFiles.loadAll(files, err);
        if (choice == null || scenarios == null || !ScenarioFiles.uniqueNames(scenarios, err) || !seeds.valid(scenarios, err)) {
            return Main.BAD_INPUT;
        }
        List<String> sources = out == null ? null : ScenarioFiles.sourceTexts(scenarios, err);
        if (out != null && sources == null) {
            return Main.BAD_INPUT;
        }
        try (Assignors assignors = classpath.open(err)) {
            if (assignors == null || !AssignorCheck.allUsable(scenarios, assignors, err)) {
                return Main.BAD_INPUT;
            }
            return checkAll(scenarios, sources, new Checker(choice, baselineDir != null, requireBaseline && !updateBaseline), assignors, err, stdout);
        }
    }

    private int checkAll(List<Scenario> scenarios, List<String> sources, Checker checker, Assignors assignors,
                         PrintWriter err, PrintWriter stdout) {
        BaselineFiles baselines = baselineDir == null ? null : new BaselineFiles(baselineDir);
        List<ScenarioCheck> checks = new ArrayList<>();
        List<Baseline> results = new ArrayList<>();
        List<String> reportLines = new ArrayList<>();
        for (Scenario scenario : scenarios) {
            Optional<Baseline> baseline;
            try {
                baseline = baselines == null ? Optional.empty() : baselines.read(scenario.name());
            } catch (BaselineException e) {
                err.println(e.getMessage());
                return Main.BAD_INPUT;
            }
            String yaml = sources == null ? null : sources.get(results.size());
            int code = seeds.given() ? checkSeeds(scenario, yaml, checker, baseline, assignors, checks, results, err,
                    reportLines) : checkOne(scenario, yaml, checker, baseline, assignors, checks, results, err,
                    reportLines);
            if (code != Main.OK) {
                return code;
            }
        }
        boolean json = format == RunCommand.Format.json;
        stdout.print(json ? CheckJson.render(checks) : CheckText.render(checks));
        if (!json) {
            reportLines.forEach(stdout::println);
        }
        try {
            writeOutputs(scenarios, results, checks, baselines, json ? new PrintWriter(PrintWriter.nullWriter())
                    : stdout);
        } catch (IOException e) {
            err.println("rebalance-sim: cannot write " + e.getMessage() + " (" + e.getClass().getSimpleName()
                    + "); choose another path");
            return Main.BAD_INPUT;
        }
        stdout.flush();
        boolean failed = checks.stream().anyMatch(ScenarioCheck::failed);
        return failed && !acceptedByUpdate(checks) ? Main.EXPECTATION_FAILED : Main.OK;
    }

    /** One run of the scenario, judged; OK, or the exit code of a failure (printed). */
    private int checkOne(Scenario scenario, String yaml, Checker checker, Optional<Baseline> baseline,
                         Assignors assignors, List<ScenarioCheck> checks, List<Baseline> results, PrintWriter err,
                         List<String> reportLines) {
        ScenarioRuns.Outcome outcome = ScenarioRuns.run(scenario, null, ScenarioRunner.DEFAULT_MAX_EVENTS, assignors, progress,
                err);
        if (outcome.result() == null) {
            return outcome.exitCode();
        }
        results.add(Baseline.of(outcome.result()));
        checks.add(checker.check(scenario, outcome.result(), baseline));
        if (out != null && !writeReports(scenario, RunOutputs.render(outcome.result(), scenario, assignors, yaml,
                JsonReport.render(outcome.result()), rerunText(scenario)), err, reportLines)) {
            return Main.BAD_INPUT;
        }
        return Main.OK;
    }

    /** --seeds N: the scenario over its seeds, each metric's mean judged with its bound. */
    private int checkSeeds(Scenario scenario, String yaml, Checker checker, Optional<Baseline> baseline,
                           Assignors assignors, List<ScenarioCheck> checks, List<Baseline> results, PrintWriter err,
                           List<String> reportLines) {
        ScenarioRuns.SeedsOutcome outcome = ScenarioRuns.runSeeds(scenario, null, seeds.seeds,
                ScenarioRunner.DEFAULT_MAX_EVENTS, assignors, Checks.ALL, progress, err);
        if (outcome.runs() == null) {
            return outcome.exitCode();
        }
        results.add(Baseline.of(outcome.runs()));
        checks.add(checker.check(scenario, outcome.runs(), baseline));
        if (out != null && !writeReports(scenario, RunOutputs.render(outcome.runs(), scenario, assignors, yaml,
                SeedsJson.render(outcome.runs()), rerunText(scenario)), err, reportLines)) {
            return Main.BAD_INPUT;
        }
        return Main.OK;
    }

    private String rerunText(Scenario scenario) {
        List<String> words = new ArrayList<>(rerun(scenario.sourceFile(), null, scenario.seed()).words());
        words.addAll(seeds.words());
        return ReproduceCommand.of(words);
    }

    /** With --update-baseline, regressions become the new baseline; failed expect: rules still fail. */
    private boolean acceptedByUpdate(List<ScenarioCheck> checks) {
        return updateBaseline && checks.stream().flatMap(c -> c.variants().stream())
                .allMatch(v -> v.failedExpectations().isEmpty());
    }

    /** The run's reports, as {@code run} writes them, for CI artifacts. */
    private boolean writeReports(Scenario scenario, Map<String, byte[]> rendered, PrintWriter err,
                                 List<String> reportLines) {
        List<Path> written = ReportOutput.write(out.resolve(scenario.name()), rendered, out, err);
        if (written != null) {
            reportLines.add("wrote " + out.resolve(scenario.name()) + "/ (" + written.size() + " files)");
        }
        return written != null;
    }

    /** Check runs every variant with the default event budget and every check. */
    @Override
    public RunLine rerun(String file, String variant, long seed) {
        return new RunLine(file, seed, variant, List.of(), classpath.classpath, ScenarioRunner.DEFAULT_MAX_EVENTS,
                false);
    }

    private void writeOutputs(List<Scenario> scenarios, List<Baseline> results, List<ScenarioCheck> checks,
                              BaselineFiles baselines, PrintWriter stdout) throws IOException {
        if (junit != null) {
            stdout.println("wrote " + AtomicFiles.write(junit, JUnitXml.render(checks)));
        }
        if (updateBaseline) {
            for (Baseline result : results) {
                stdout.println("wrote " + baselines.write(result));
            }
        }
    }
}
