package org.rebalancesim.importer;

import java.util.List;
import java.util.stream.Collectors;
import org.rebalancesim.scenario.Problem;

/** Inputs that cannot be imported, with every problem found in them (not only the first). */
public final class ImportException extends Exception {

    private static final long serialVersionUID = 1L;
    private final List<Problem> problems;

    ImportException(List<Problem> problems) {
        super(problems.stream().map(Problem::toString).collect(Collectors.joining("\n")));
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("an ImportException needs at least one problem");
        }
        this.problems = List.copyOf(problems);
    }

    public List<Problem> problems() {
        return problems;
    }
}
