package org.rebalancesim.importer;

import java.util.ArrayList;
import java.util.List;
import org.rebalancesim.scenario.Problem;

/**
 * What an import found: problems (the input cannot be imported; nothing is written) and warnings (something
 * left out or guessed; the scenario is written). Each names the input file and the key, as the scenario
 * loader's problems name the file and the YAML path.
 */
final class ImportLog {

    private final List<Problem> problems = new ArrayList<>();
    private final List<Problem> warnings = new ArrayList<>();

    void problem(String file, String path, String message) {
        problems.add(new Problem(file, path, message));
    }

    void warning(String file, String path, String message) {
        warnings.add(new Problem(file, path, message));
    }

    /** A warning about the inputs as a whole, not one file of them. */
    void warning(String message) {
        warnings.add(new Problem("rebalance-sim import", "", message));
    }

    boolean hasProblems() {
        return !problems.isEmpty();
    }

    List<Problem> problems() {
        return List.copyOf(problems);
    }

    List<Problem> warnings() {
        return List.copyOf(warnings);
    }
}
