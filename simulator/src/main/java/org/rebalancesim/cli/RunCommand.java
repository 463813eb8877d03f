package org.rebalancesim.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.rebalancesim.assignor.Assignors;
import org.rebalancesim.invariant.Checks;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.SeedRuns;
import org.rebalancesim.report.JsonReport;
import org.rebalancesim.report.SeedsJson;
import org.rebalancesim.report.TextReport;
import org.rebalancesim.scenario.Scenario;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code run PATH...}: runs every variant of every file (a folder: every scenario file in it, as check reads
 * it), prints the metrics and writes, per scenario, result.json, metrics.csv, summary.md, report.html,
 * story.txt.gz and the charts into DIR/&lt;scenario&gt;/.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        header = "Run scenario files and write their reports and charts.",
        description = {"Runs every variant of each file (a folder: every *.yaml and *.yml in it and below, in name "
                + "order), prints a metrics table per scenario and writes DIR/<scenario>/: result.json, metrics.csv, "
                + "summary.md, report.html, story.txt.gz (the whole story) and the charts (PNG and SVG).",
                "Exit 1 when an expect: rule fails, 2 on bad input (including a --classpath assignor that cannot be "
                        + "loaded or throws)."})
final class RunCommand implements Callable<Integer>, ScenarioCommand {

    enum Format { text, json }

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "Scenario files (YAML) or folders of them.")
    List<Path> paths;

    @CommandLine.Mixin
    SeedOption seed = new SeedOption();

    @CommandLine.Mixin
    SeedsOption seeds = new SeedsOption();

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "reports",
            description = "Where results go (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--variant", paramLabel = "NAME", description = "Run only this variant.")
    String variant;

    @Option(names = "--set", paramLabel = "KEY=VALUE",
            description = "Write a setting into the file before it runs, as one cell of a sweep (repeatable): a "
                    + "consumer config (session.timeout.ms=10000), a broker config or a YAML path "
                    + "(consumers.count=6); the value wins in every variant.")
    List<String> sets = new ArrayList<>();

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "What to print: text (a table) or json (result.json). Default: ${DEFAULT-VALUE}.")
    Format format;

    @CommandLine.Mixin
    MaxEventsOption maxEvents = new MaxEventsOption();

    @Option(names = "--no-checks", description = "Check record conservation once at the end of a run instead of "
            + "at every lag sample (a pass over every partition each time); the other invariant checks stay on.")
    boolean noChecks;

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
        PrintWriter stdout = spec.commandLine().getOut();
        progress = RunProgressLine.forTerminal(err, quiet.quiet);
        List<Path> files = ScenarioPaths.expand(paths, err);
        List<Scenario> scenarios = files == null ? null : sets.isEmpty() ? ScenarioFiles.loadAll(files, err)
                : SettingOptions.loadAll(files, sets, err);
        if (scenarios == null || !ScenarioFiles.uniqueNames(scenarios, err)
                || !VariantChoice.inEveryFile(scenarios, variant, err)) {
            return Main.BAD_INPUT;
        }
        ScenarioWarnings.printIgnoredSettings(scenarios, variant, err);
        List<String> sources = ScenarioFiles.sourceTexts(scenarios, err);
        if (sources == null || !seeds.valid(scenarios.stream().map(seed::applyTo).toList(), err)) {
            return Main.BAD_INPUT;
        }
        try (Assignors assignors = classpath.open(err)) {
            if (assignors == null || !AssignorCheck.allUsable(scenarios, assignors, err)) {
                return Main.BAD_INPUT;
            }
            return runAll(scenarios, sources, assignors, err, stdout);
        }
    }

    private int runAll(List<Scenario> scenarios, List<String> sources, Assignors assignors, PrintWriter err,
                       PrintWriter stdout) {
        boolean allPassed = true;
        for (int i = 0; i < scenarios.size(); i++) {
            Scenario scenario = scenarios.get(i);
            Scenario seeded = seed.applyTo(scenario);
            if (seeds.given()) {
                int code = runSeeds(seeded, sources.get(i), assignors, err, stdout);
                if (code != Main.OK && code != Main.EXPECTATION_FAILED) {
                    return code;
                }
                allPassed &= code == Main.OK;
                continue;
            }
            ScenarioRuns.Outcome outcome = ScenarioRuns.run(seeded, variant, maxEvents.maxEvents, assignors,
                    noChecks ? Checks.CHEAP : Checks.ALL, progress, err);
            if (outcome.result() == null) {
                return outcome.exitCode();
            }
            RunResult result = outcome.result();
            ScenarioWarnings.printMissedAnchors(scenario, result, err);
            String json = JsonReport.render(result);
            String reproduce = rerun(seeded.sourceFile(), variant, seeded.seed()).text();
            Map<String, byte[]> rendered = RunOutputs.render(result, seeded, assignors, sources.get(i), json, reproduce);
            if (!writeAndPrint(scenario.name(), rendered, json, () -> TextReport.render(result), err, stdout)) {
                return Main.BAD_INPUT;
            }
            allPassed &= result.allExpectationsPassed();
        }
        stdout.flush();
        return allPassed ? Main.OK : Main.EXPECTATION_FAILED;
    }

    /**
     * {@code --seeds N}: every variant over the seeds, the tables with each metric's median and range,
     * result.json and metrics.csv with every run, the charts of each variant's typical run.
     *
     * @return OK, EXPECTATION_FAILED when a rule failed in a seed, or the exit code of a failure
     */
    private int runSeeds(Scenario seeded, String source, Assignors assignors, PrintWriter err, PrintWriter stdout) {
        ScenarioRuns.SeedsOutcome outcome = ScenarioRuns.runSeeds(seeded, variant, seeds.seeds, maxEvents.maxEvents,
                assignors, noChecks ? Checks.CHEAP : Checks.ALL, progress, err);
        SeedRuns runs = outcome.runs();
        if (runs == null) {
            return outcome.exitCode();
        }
        String json = SeedsJson.render(runs);
        List<String> words = new ArrayList<>(rerun(seeded.sourceFile(), variant, seeded.seed()).words());
        words.addAll(seeds.words());
        Map<String, byte[]> rendered = RunOutputs.render(runs, seeded, assignors, source, json,
                ReproduceCommand.of(words));
        if (!writeAndPrint(seeded.name(), rendered, json, () -> TextReport.render(runs), err, stdout)) {
            return Main.BAD_INPUT;
        }
        return runs.allExpectationsPassed() ? Main.OK : Main.EXPECTATION_FAILED;
    }

    /** Writes a scenario's folder, then prints the table (or the JSON) and the paths; false when writing failed. */
    private boolean writeAndPrint(String scenario, Map<String, byte[]> rendered, String json, Supplier<String> table,
                                  PrintWriter err, PrintWriter stdout) {
        List<Path> written = ReportOutput.write(out.resolve(scenario), rendered, out, err);
        if (written == null) {
            return false;
        }
        stdout.print(format == Format.json ? json : table.get());
        if (format == Format.text) {
            ReportOutput.printPaths(written, stdout);
            stdout.println();
        }
        return true;
    }

    @Override
    public RunLine rerun(String file, String onlyVariant, long runSeed) {
        return new RunLine(file, runSeed, onlyVariant, sets, classpath.classpath, maxEvents.maxEvents, noChecks);
    }
}
