package org.rebalancesim.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.rebalancesim.scenario.Scenario;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code validate FILE...}: checks scenario files without running them. */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = "Check scenario files and print every problem. Exit 0 when all are valid, 2 otherwise.")
final class ValidateCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Scenario files (YAML).")
    List<Path> files;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        List<Scenario> scenarios = ScenarioFiles.loadAll(files, spec.commandLine().getErr());
        if (scenarios == null) {
            return Main.BAD_INPUT;
        }
        for (Scenario scenario : scenarios) {
            spec.commandLine().getOut().printf("ok: %s (%d variant%s)%n", scenario.sourceFile(),
                    scenario.variants().size(), scenario.variants().size() == 1 ? "" : "s");
        }
        return Main.OK;
    }
}
