package org.rebalancesim.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.rebalancesim.assignor.Assignors;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.scenario.Scenario;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code compare PATH[@VARIANT]...}: variants of one or several scenario files (or of every file in a
 * folder) side by side in one report, with every column's configuration differences against the first.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        header = "Compare variants of scenario files side by side in one report.",
        description = {"FILE takes all its variants, FILE@VARIANT one of them; a folder stands for every *.yaml and "
                + "*.yml in it and below, in name order (FOLDER@VARIANT: that variant of each); columns are named "
                + "<scenario>/<variant>. Prints the metrics and each column's configuration differences against the "
                + "first, and writes DIR/compare-<a>-vs-<b>.../ with metrics.csv, summary.md, report.html and the "
                + "charts.",
                "Exit 1 when an expect: rule fails, 2 on bad input."})
final class CompareCommand implements Callable<Integer>, ScenarioCommand {

    @Parameters(arity = "1..*", paramLabel = "PATH[@VARIANT]",
            description = "A scenario file (all its variants) or FILE@VARIANT (that variant); a folder of them.")
    List<String> targets;

    @CommandLine.Mixin
    SeedOption seed = new SeedOption();

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "reports",
            description = "Where the comparison's folder goes (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "What to print: text (the table and the differences) or json (the columns as run "
                    + "--format json prints a run). Default: ${DEFAULT-VALUE}.")
    RunCommand.Format format;

    @Option(names = "--name", paramLabel = "NAME",
            description = "The folder's name instead of compare-<a>-vs-<b>...")
    String name;

    @CommandLine.Mixin
    MaxEventsOption maxEvents = new MaxEventsOption();

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
        List<CompareTarget> parsed = expand(targets.stream().map(CompareTarget::parse).toList(), err);
        Map<String, Scenario> scenarios = parsed == null ? null : load(parsed, err);
        if (scenarios == null) {
            return Main.BAD_INPUT;
        }
        ComparePlan plan = ComparePlan.of(parsed, scenarios);
        String badName = name == null ? null : ComparePlan.whyBadFolderName(name);
        List<String> problems = new ArrayList<>(plan.problems());
        if (badName != null) {
            problems.add(badName);
        }
        problems.forEach(err::println);
        List<String> sources = problems.isEmpty() ? ScenarioFiles.sourceTexts(plan.scenarios(), err) : null;
        if (sources == null) {
            err.flush();
            return Main.BAD_INPUT;
        }
        try (Assignors assignors = classpath.open(err)) {
            if (assignors == null || !AssignorCheck.allUsable(plan.scenarios(), assignors, err)) {
                return Main.BAD_INPUT;
            }
            return runAndReport(plan, sources, assignors, err);
        }
    }

    /**
     * Each argument that names a folder becomes one argument per scenario file in it (as check reads a
     * folder), with the folder's @VARIANT if it had one; null when a folder has none (printed).
     */
    private static List<CompareTarget> expand(List<CompareTarget> typed, PrintWriter err) {
        List<CompareTarget> expanded = new ArrayList<>();
        for (CompareTarget target : typed) {
            if (!target.folder()) {
                expanded.add(target);
                continue;
            }
            List<Path> files = ScenarioPaths.expand(List.of(Path.of(target.file())), err);
            if (files == null) {
                return null;
            }
            files.forEach(file -> expanded.add(target.in(file)));
        }
        return expanded;
    }

    /** Every distinct file once, keyed by the file as typed; null when any has a problem (printed). */
    private Map<String, Scenario> load(List<CompareTarget> parsed, PrintWriter err) {
        List<String> files = parsed.stream().map(CompareTarget::file).distinct().toList();
        List<Scenario> loaded = ScenarioFiles.loadAll(files.stream().map(Path::of).toList(), err);
        if (loaded == null) {
            return null;
        }
        Map<String, Scenario> byFile = new LinkedHashMap<>();
        for (int i = 0; i < files.size(); i++) {
            byFile.put(files.get(i), seed.applyTo(loaded.get(i)));
        }
        return byFile;
    }

    private int runAndReport(ComparePlan plan, List<String> sources, Assignors assignors, PrintWriter err) {
        List<VariantResult> results = new ArrayList<>();
        for (ComparePlan.Column column : plan.columns()) {
            Scenario scenario = column.scenario();
            ScenarioRuns.Outcome outcome = ScenarioRuns.run(scenario, column.variant().name(), maxEvents.maxEvents, assignors,
                    progress.asRun(results.size() + 1, plan.columns().size()), err);
            if (outcome.result() == null) {
                return outcome.exitCode();
            }
            results.add(CompareReport.renamed(outcome.result().variants().get(0), column.name()));
        }
        CompareReport report = new CompareReport(plan, results, sources, reproduceCommand(plan), assignors);
        Path dir = out.resolve(name != null ? name : plan.folderName());
        List<Path> written = ReportOutput.write(dir, report.files(), out, err);
        if (written == null) {
            return Main.BAD_INPUT;
        }
        PrintWriter stdout = spec.commandLine().getOut();
        if (format == RunCommand.Format.json) {
            stdout.print(report.json());
        } else {
            stdout.print(report.terminalText());
            ReportOutput.printPaths(written, stdout);
        }
        stdout.flush();
        return results.stream().allMatch(VariantResult::allExpectationsPassed) ? Main.OK : Main.EXPECTATION_FAILED;
    }

    /** The arguments as typed; the seed too when it is given or every file has the same one. */
    private String reproduceCommand(ComparePlan plan) {
        List<String> words = new ArrayList<>(List.of("compare"));
        words.addAll(targets);
        List<Long> seeds = plan.scenarios().stream().map(Scenario::seed).distinct().toList();
        if (seeds.size() == 1) {
            words.addAll(List.of("--seed", Long.toString(seeds.get(0))));
        }
        if (name != null) {
            words.addAll(List.of("--name", name));
        }
        words.addAll(ClasspathOption.words(classpath.classpath));
        words.addAll(MaxEventsOption.words(maxEvents.maxEvents));
        return ReproduceCommand.of(words);
    }

    @Override
    public RunLine rerun(String file, String variant, long runSeed) {
        return new RunLine(file, runSeed, variant, List.of(), classpath.classpath, maxEvents.maxEvents, false);
    }
}
