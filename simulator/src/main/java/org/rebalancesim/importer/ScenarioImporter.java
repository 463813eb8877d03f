package org.rebalancesim.importer;

import java.nio.file.Path;
import java.util.List;
import org.rebalancesim.scenario.Problem;

/**
 * Imports Kubernetes manifests and a properties file into a scenario's YAML text (docs/scenario-format.md).
 * Every problem of every input is reported at once, and there is no scenario while any remains; warnings say
 * what was left out or guessed.
 */
public final class ScenarioImporter {

    /**
     * An imported scenario.
     *
     * @param yaml     the scenario file's text
     * @param warnings what was left out or guessed, each naming the input and the key
     */
    public record Result(String yaml, List<Problem> warnings) {
    }

    private ScenarioImporter() {
    }

    /** @param files the inputs, named in messages and in the scenario's header as given */
    public static Result importFiles(List<Path> files) throws ImportException {
        ImportLog log = new ImportLog();
        ImportInputs.Inputs inputs = ImportInputs.read(files, log);
        if (log.hasProblems()) {
            throw new ImportException(log.problems());
        }
        ImportedScenario scenario = ScenarioAssembly.assemble(inputs, log);
        List<Problem> problems = ImportedScenarioCheck.problems(scenario);
        if (!problems.isEmpty()) {
            throw new ImportException(problems);
        }
        return new Result(scenario.text(), log.warnings());
    }
}
