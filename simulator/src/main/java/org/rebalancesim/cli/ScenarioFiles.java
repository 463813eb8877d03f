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
                for (Problem problem : e.problems()) {
                    err.println(problem);
                }
            }
        }
        err.flush();
        return ok ? scenarios : null;
    }
}
