package org.rebalancesim.cli;

import java.io.File;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.rebalancesim.assignor.Assignors;
import picocli.CommandLine.Option;

/** {@code --classpath JARS}, shared by the commands that run or validate scenarios: where a scenario's own assignor classes are. */
final class ClasspathOption {

    @Option(names = "--classpath", paramLabel = "JARS",
            description = "Jars (or class directories) holding the assignor classes named in "
                    + "partition.assignment.strategy, separated by '${sys:path.separator}'.")
    String classpath;

    /** The option as a command line writes it: nothing without a classpath. */
    static List<String> words(String classpath) {
        return classpath == null ? List.of() : List.of("--classpath", classpath);
    }

    /** The registry for this command line, or null when an entry does not exist (printed to {@code err}). */
    Assignors open(PrintWriter err) {
        List<Path> jars = jars(err);
        return jars == null ? null : Assignors.withClasspath(jars);
    }

    /** The entries that exist, in order, or null when one does not (printed to {@code err}). */
    List<Path> jars(PrintWriter err) {
        List<Path> jars = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        String[] entries = classpath == null ? new String[0] : classpath.split(Pattern.quote(File.pathSeparator));
        for (String entry : entries) {
            if (entry.isBlank()) {
                continue;
            }
            try {
                Path jar = Path.of(entry);
                if (Files.exists(jar)) {
                    jars.add(jar);
                    continue;
                }
            } catch (InvalidPathException e) {
                // reported below like a missing file: either way there is nothing to load from
            }
            missing.add(entry);
        }
        for (String entry : missing) {
            err.println("rebalance-sim: --classpath: no such file or directory: " + entry);
        }
        err.flush();
        return missing.isEmpty() ? jars : null;
    }
}
