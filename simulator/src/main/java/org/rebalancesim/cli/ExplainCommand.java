package org.rebalancesim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.rebalancesim.assignor.AssignorException;
import org.rebalancesim.assignor.Assignors;
import org.rebalancesim.engine.SimulationLimitException;
import org.rebalancesim.explain.Explainer;
import org.rebalancesim.explain.ExplanationText;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.output.AtomicFiles;
import org.rebalancesim.run.ScenarioRunner;
import org.rebalancesim.scenario.Scenario;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code explain FILE}: runs the scenario and tells its story in plain words. It is no check: it exits 0
 * whatever the {@code expect:} rules say (they are shown), 2 on bad input.
 */
@Command(name = "explain", mixinStandardHelpOptions = true,
        header = "Tell what happened in a scenario's run, in time order.",
        description = {"Runs the scenario and tells each rebalance with the chain of causes behind it (checked "
                + "against the configured limits), the faults that caused none and why, and each variant's totals.",
                "Exit 0, or 2 on bad input."})
final class ExplainCommand implements Callable<Integer>, ScenarioCommand {

    @Parameters(paramLabel = "FILE", description = "Scenario file (YAML).")
    Path file;

    @Option(names = "--variant", paramLabel = "NAME", description = "Explain only this variant.")
    String variant;

    @CommandLine.Mixin
    SeedOption seed = new SeedOption();

    @Option(names = "--out", paramLabel = "DIR",
            description = "Also write the explanation to DIR/<scenario>/explain.txt (next to run's result.json).")
    Path out;

    @CommandLine.Mixin
    MaxEventsOption maxEvents = new MaxEventsOption();

    @CommandLine.Mixin
    ClasspathOption classpath = new ClasspathOption();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter stdout = spec.commandLine().getOut();
        List<Scenario> loaded = ScenarioFiles.loadAll(List.of(file), err);
        if (loaded == null || !VariantChoice.inEveryFile(loaded, variant, err)) {
            return Main.BAD_INPUT;
        }
        Scenario scenario = seed.applyTo(loaded.get(0));
        try (Assignors assignors = classpath.open(err)) {
            if (assignors == null || !AssignorCheck.allUsable(List.of(scenario), assignors, err)) {
                return Main.BAD_INPUT;
            }
            RunResult result;
            try {
                result = ScenarioRunner.run(scenario, variant, maxEvents.maxEvents, assignors);
            } catch (SimulationLimitException | AssignorException e) {
                err.println(scenario.sourceFile() + ": " + e.getMessage());
                return Main.BAD_INPUT;
            }
            String text = ExplanationText.render(scenario.name(), scenario.seed(), Explainer.explain(result, scenario, assignors));
            stdout.print(text);
            stdout.flush();
            return out == null ? Main.OK : write(scenario, text, stdout, err);
        }
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
            stdout.flush();
            return Main.OK;
        } catch (IOException e) {
            err.println("rebalance-sim: cannot write the explanation under " + out + " ("
                    + e.getClass().getSimpleName() + ": " + e.getMessage() + "); choose another directory with --out");
            return Main.BAD_INPUT;
        }
    }
}
