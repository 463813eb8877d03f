package org.rebalancesim.scenario;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Turns the problems found in each variant into the problems shown to the user. A problem the
 * variant wrote itself is prefixed with the variant ("variants[1](static).consumers.config..."); a
 * problem every variant shares comes from the base and is shown once, unprefixed, instead of once
 * per variant; anything else is prefixed, since only some variants end up invalid.
 */
final class VariantProblemReporter {

    /** One validated variant and what was wrong with it. */
    record Checked(VariantListParser.Definition definition, List<Problems.Issue> issues) {
    }

    private VariantProblemReporter() {
    }

    /** @param explicit false for the implicit "base" variant, whose problems are never prefixed */
    static List<Problem> report(String file, List<Checked> variants, boolean explicit) {
        List<Problem> problems = new ArrayList<>();
        Set<Problems.Issue> shownOnce = new HashSet<>();
        List<Set<Problems.Issue>> issuesByVariant = variants.stream()
                .map(variant -> Set.copyOf(variant.issues())).toList();
        for (Checked variant : variants) {
            for (Problems.Issue issue : variant.issues()) {
                boolean own = VariantMerger.writtenBy(variant.definition().override(), issue.path());
                if (!explicit || (!own && sharedByAll(issue, issuesByVariant))) {
                    if (shownOnce.add(issue)) {
                        problems.add(new Problem(file, issue.path().toString(), issue.message()));
                    }
                } else {
                    problems.add(new Problem(file, prefixed(variant.definition().label(), issue.path()),
                            issue.message()));
                }
            }
        }
        return problems;
    }

    private static boolean sharedByAll(Problems.Issue issue, List<Set<Problems.Issue>> issuesByVariant) {
        return issuesByVariant.stream().allMatch(issues -> issues.contains(issue));
    }

    private static String prefixed(String label, YamlPath path) {
        String text = path.toString();
        return text.isEmpty() ? label : text.startsWith("[") ? label + text : label + "." + text;
    }
}
