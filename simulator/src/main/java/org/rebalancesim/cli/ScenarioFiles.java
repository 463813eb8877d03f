package org.rebalancesim.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rebalancesim.scenario.Problem;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.scenario.ScenarioException;
import org.rebalancesim.scenario.ScenarioLoader;

/** Loads every file first and reports every problem of every file, so nothing runs on bad input. */
final class ScenarioFiles {

    /** A file with thousands of mistakes (a generated one, say) prints the first ones and a count. */
    static final int MAX_PROBLEMS_SHOWN = 50;

    private ScenarioFiles() {
    }

    /** The loaded scenarios, or null when any file had a problem (all printed to {@code err}). */
    static List<Scenario> loadAll(List<Path> files, PrintWriter err) {
        List<Scenario> scenarios = new ArrayList<>();
        boolean ok = true;
        for (Path file : files) {
            try {
                scenarios.add(ScenarioLoader.load(file));
            } catch (ScenarioException e) {
                ok = false;
                List<Problem> problems = e.problems();
                problems.stream().limit(MAX_PROBLEMS_SHOWN).forEach(err::println);
                if (problems.size() > MAX_PROBLEMS_SHOWN) {
                    err.println(file + ": and " + (problems.size() - MAX_PROBLEMS_SHOWN) + " more problems");
                }
            }
        }
        err.flush();
        return ok ? scenarios : null;
    }
}
