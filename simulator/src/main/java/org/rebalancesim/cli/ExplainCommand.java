package org.rebalancesim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.rebalancesim.assignor.Assignors;
import org.rebalancesim.explain.Explainer;
import org.rebalancesim.explain.ExplanationText;
import org.rebalancesim.output.AtomicFiles;
import org.rebalancesim.scenario.Scenario;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code explain PATH...}: runs each scenario and tells its story in plain words, then what would have
 * helped. It is no check: it exits 0 whatever the {@code expect:} rules say (they are shown), 2 on bad input.
 */
@Command(name = "explain", mixinStandardHelpOptions = true,
        header = "Tell what happened in a scenario's run, in time order.",
        description = {"Runs the scenario and tells each rebalance with the chain of causes behind it (checked "
                + "against the configured limits), the faults that caused none and why, and each variant's totals; "
                + "then, per variant, the settings that would have kept its members in the group.",
                "Several files, or a folder (every *.yaml and *.yml in it and below, in name order), are explained "
                        + "one after the other, each under a line ==> FILE <==.",
                "Exit 0, or 2 on bad input."})
final class ExplainCommand implements Callable<Integer>, ScenarioCommand {

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "Scenario files (YAML) or folders of them.")
    List<Path> paths;

    @Option(names = "--variant", paramLabel = "NAME", description = "Explain only this variant (every file must have it).")
    String variant;

    @CommandLine.Mixin
    SeedOption seed = new SeedOption();

    @Option(names = "--out", paramLabel = "DIR",
            description = "Also write each explanation to DIR/<scenario>/explain.txt (next to run's result.json).")
    Path out;

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
        List<Path> files = ScenarioPaths.expand(paths, err);
        List<Scenario> loaded = files == null ? null : ScenarioFiles.loadAll(files, err);
        if (loaded == null || !VariantChoice.inEveryFile(loaded, variant, err)
                || out != null && !ScenarioFiles.uniqueNames(loaded, err)) {
            return Main.BAD_INPUT;
        }
        List<Scenario> scenarios = loaded.stream().map(seed::applyTo).toList();
        try (Assignors assignors = classpath.open(err)) {
            if (assignors == null || !AssignorCheck.allUsable(scenarios, assignors, err)) {
                return Main.BAD_INPUT;
            }
            for (int i = 0; i < scenarios.size(); i++) {
                Scenario scenario = scenarios.get(i);
                String heading = scenarios.size() == 1 ? "" : (i == 0 ? "" : "\n") + "==> " + scenario.sourceFile() + " <==\n";
                int code = explain(scenario, heading, assignors, err);
                if (code != Main.OK) {
                    return code;
                }
            }
            return Main.OK;
        }
    }

    /**
     * Runs one scenario and prints its explanation under {@code heading}: when there are several, a line naming
     * the file, as {@code head} names each of several files. The file written with --out is the text alone, as
     * a single file's run writes it.
     */
    private int explain(Scenario scenario, String heading, Assignors assignors, PrintWriter err) {
        ScenarioRuns.Outcome outcome = ScenarioRuns.run(scenario, variant, maxEvents.maxEvents, assignors, progress, err);
        if (outcome.result() == null) {
            return outcome.exitCode();
        }
        String text = ExplanationText.render(scenario.name(), scenario.seed(),
                Explainer.explain(outcome.result(), scenario, assignors));
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.print(heading + text);
        int code = out == null ? Main.OK : write(scenario, text, stdout, err);
        stdout.flush();
        return code;
    }

    @Override
    public RunLine rerun(String scenarioFile, String onlyVariant, long runSeed) {
        return new RunLine(scenarioFile, runSeed, onlyVariant, List.of(), classpath.classpath, maxEvents.maxEvents,
                false);
    }

    private int write(Scenario scenario, String text, PrintWriter stdout, PrintWriter err) {
        try {
            Path written = AtomicFiles.write(out.resolve(scenario.name()).resolve("explain.txt"), text);
            stdout.println("wrote " + written);
            return Main.OK;
        } catch (IOException e) {
            err.println("rebalance-sim: cannot write the explanation under " + out + " ("
                    + e.getClass().getSimpleName() + ": " + e.getMessage() + "); choose another directory with --out");
            return Main.BAD_INPUT;
        }
    }
}
