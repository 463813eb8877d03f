package org.rebalancesim.importer;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.rebalancesim.scenario.Problem;
import org.rebalancesim.scenario.ScenarioException;
import org.rebalancesim.scenario.ScenarioLoader;

/**
 * Loads the imported scenario with the scenario loader, so that what import writes is a file the simulator
 * accepts: a value of an input the loader refuses (a session.timeout.ms below the broker's minimum, say) is a
 * problem reported against the input file and key that set it.
 */
final class ImportedScenarioCheck {

    private static final String CHECKED_AS = "imported scenario";

    private ImportedScenarioCheck() {
    }

    /** The problems the loader finds, each traced back to the input that set the value where it can be. */
    static List<Problem> problems(ImportedScenario scenario) {
        try {
            ScenarioLoader.fromText(CommentedYaml.write(scenario.root(), new YamlComments()), CHECKED_AS + ".yaml");
            return List.of();
        } catch (ScenarioException e) {
            List<Problem> problems = new ArrayList<>();
            for (Problem problem : e.problems()) {
                problems.add(traced(problem, scenario.origins()));
            }
            return problems;
        }
    }

    private static Problem traced(Problem problem, Map<TreePath, ImportedScenario.Origin> origins) {
        ImportedScenario.Origin origin = null;
        int longest = -1;
        for (Map.Entry<TreePath, ImportedScenario.Origin> entry : origins.entrySet()) {
            String path = entry.getKey().toString();
            boolean covers = problem.path().equals(path) || problem.path().startsWith(path + ".")
                    || problem.path().startsWith(path + "[");
            if (covers && path.length() > longest) {
                origin = entry.getValue();
                longest = path.length();
            }
        }
        if (origin == null) {
            return new Problem(CHECKED_AS, problem.path(), problem.message());
        }
        return new Problem(origin.file(), origin.path(), problem.message() + " (imported as " + problem.path() + ")");
    }
}
