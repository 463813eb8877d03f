package org.rebalancesim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.rebalancesim.importer.ImportException;
import org.rebalancesim.importer.ScenarioImporter;
import org.rebalancesim.output.AtomicFiles;
import org.rebalancesim.scenario.Problem;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code import FILE... [--out SCENARIO]}: a scenario from the manifests and configs a user already runs. */
@Command(name = "import", mixinStandardHelpOptions = true,
        header = "Write a scenario from Kubernetes manifests and .properties files.",
        description = {"Reads a Deployment or StatefulSet, a KEDA ScaledObject or a HorizontalPodAutoscaler "
                + "(manifests, several per file with ---), and a consumer's or a Kafka Streams application's "
                + "properties file, and writes a scenario of that consumer group: the pods, their configs, the workload and "
                + "the autoscaler.",
                "What the model does not read is left out with a warning naming the file and the key; what no input "
                + "says (partitions, produce rate, a Streams topology) is a placeholder marked TODO.",
                "Exit 0 with the scenario, 2 on bad input (nothing is written)."})
final class ImportCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "FILE",
            description = "Manifests (YAML, recognised by their kind:) and properties files (by their extension).")
    List<Path> files;

    @Option(names = "--out", paramLabel = "SCENARIO",
            description = "Write the scenario to this file, replacing it whole, instead of printing it.")
    Path out;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter stdout = spec.commandLine().getOut();
        if (out != null && isAnInput(out)) {
            err.println("rebalance-sim: --out " + out + " is one of the inputs; choose another file for the scenario");
            return Main.BAD_INPUT;
        }
        ScenarioImporter.Result result;
        try {
            result = ScenarioImporter.importFiles(files);
        } catch (ImportException e) {
            List<Problem> problems = e.problems();
            problems.stream().limit(ScenarioFiles.MAX_PROBLEMS_SHOWN).forEach(err::println);
            if (problems.size() > ScenarioFiles.MAX_PROBLEMS_SHOWN) {
                err.println("rebalance-sim import: and " + (problems.size() - ScenarioFiles.MAX_PROBLEMS_SHOWN)
                        + " more problems");
            }
            err.flush();
            return Main.BAD_INPUT;
        }
        result.warnings().forEach(warning -> err.println("warning: " + warning));
        err.flush();
        if (out == null) {
            stdout.print(result.yaml());
            stdout.flush();
            return Main.OK;
        }
        try {
            stdout.println("wrote " + AtomicFiles.write(out, result.yaml()));
            stdout.flush();
            return Main.OK;
        } catch (IOException e) {
            err.println("rebalance-sim: cannot write the scenario (" + AtomicFiles.describe(e)
                    + "); choose another file with --out");
            return Main.BAD_INPUT;
        }
    }

    /** Writing over an input would lose it: the same file, however the two paths are spelled. */
    private boolean isAnInput(Path target) {
        for (Path file : files) {
            try {
                if (file.toAbsolutePath().normalize().equals(target.toAbsolutePath().normalize())
                        || (Files.exists(target) && Files.exists(file) && Files.isSameFile(file, target))) {
                    return true;
                }
            } catch (IOException e) {
                // Unreadable: the import itself reports the file.
            }
        }
        return false;
    }
}
