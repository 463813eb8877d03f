package org.rebalancesim.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.rebalancesim.assignor.Assignors;
import org.rebalancesim.engine.SimulationLimitException;
import org.rebalancesim.run.EventBudget;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.scenario.Variant;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code validate PATH...}: checks scenario files (a folder: every scenario file in it, as check reads it)
 * without running them.
 */
@Command(name = "validate", mixinStandardHelpOptions = true,
        header = "Check scenario files without running them.",
        description = {"Prints every problem of every file (a folder: every *.yaml and *.yml in it and below), "
                + "including assignor classes that cannot be loaded from "
                + "--classpath and variants whose estimated events are over the budget (which run would refuse), "
                + "and a warning for each consumer config Kafka refuses under a variant's group.protocol that the "
                + "variant inherits (the run ignores it).",
                "Exit 0 when all are valid, 2 otherwise."})
final class ValidateCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "Scenario files (YAML) or folders of them.")
    List<Path> paths;

    @CommandLine.Mixin
    ClasspathOption classpath = new ClasspathOption();

    @CommandLine.Mixin
    MaxEventsOption maxEvents = new MaxEventsOption();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        List<Path> files = ScenarioPaths.expand(paths, err);
        List<Scenario> scenarios = files == null ? null : ScenarioFiles.loadAll(files, err);
        if (scenarios == null) {
            return Main.BAD_INPUT;
        }
        try (Assignors assignors = classpath.open(err)) {
            if (assignors == null || !AssignorCheck.allUsable(scenarios, assignors, err)) {
                return Main.BAD_INPUT;
            }
        }
        if (!withinBudget(scenarios, err)) {
            return Main.BAD_INPUT;
        }
        ScenarioWarnings.printIgnoredSettings(scenarios, null, err);
        for (Scenario scenario : scenarios) {
            spec.commandLine().getOut().printf("ok: %s (%d variant%s)%n", scenario.sourceFile(),
                    scenario.variants().size(), scenario.variants().size() == 1 ? "" : "s");
        }
        return Main.OK;
    }

    /** What run refuses before it starts: a variant whose estimated events are over the budget. */
    private boolean withinBudget(List<Scenario> scenarios, PrintWriter err) {
        boolean ok = true;
        for (Scenario scenario : scenarios) {
            for (Variant variant : scenario.variants()) {
                try {
                    EventBudget.check(variant, maxEvents.maxEvents);
                } catch (SimulationLimitException e) {
                    err.println(scenario.sourceFile() + ": " + e.getMessage());
                    ok = false;
                }
            }
        }
        err.flush();
        return ok;
    }
}
