package org.rebalancesim.scenario;

import java.util.ArrayList;
import java.util.List;

/**
 * Collects the problems of one validation pass, so that a file reports everything wrong with it at
 * once instead of making the user fix one error per run.
 */
final class Problems {

    /** A problem before it is given its file name and, for variants, its variant prefix. */
    record Issue(YamlPath path, String message) {
    }

    private final List<Issue> issues = new ArrayList<>();

    void add(YamlPath path, String message) {
        issues.add(new Issue(path, message));
    }

    int count() {
        return issues.size();
    }

    boolean isEmpty() {
        return issues.isEmpty();
    }

    List<Issue> issues() {
        return List.copyOf(issues);
    }
}
