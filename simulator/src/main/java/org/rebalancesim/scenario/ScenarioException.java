package org.rebalancesim.scenario;

import java.util.List;
import java.util.stream.Collectors;

/** A scenario file that cannot run, with every problem found in it (not only the first). */
public final class ScenarioException extends Exception {

    private static final long serialVersionUID = 1L;
    private final List<Problem> problems;

    public ScenarioException(List<Problem> problems) {
        super(problems.stream().map(Problem::toString).collect(Collectors.joining("\n")));
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("a ScenarioException needs at least one problem");
        }
        this.problems = List.copyOf(problems);
    }

    public static ScenarioException of(String file, String path, String message) {
        return new ScenarioException(List.of(new Problem(file, path, message)));
    }

    public List<Problem> problems() {
        return problems;
    }
}
