package org.rebalancesim.sweep;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.rebalancesim.scenario.Problem;
import org.rebalancesim.scenario.ScenarioException;
import org.rebalancesim.scenario.Setting;

/**
 * Rewrites the loader's problems with a swept value as problems of that value: each is prefixed with
 * the --set that caused it and ends with the way out. A swept value is written into every variant
 * that sets its key, so the same problem would come once per variant; it is shown once, naming them
 * (or none, when the base has it too: then every variant does).
 */
final class SettingProblems {

    /** The loader's prefix for a variant's own problem, e.g. "variants[1](static).consumers...". */
    private static final Pattern VARIANT_PREFIX = Pattern.compile("variants\\[\\d+\\]\\(([^)]*)\\)\\.?(.*)");

    private SettingProblems() {
    }

    static List<Problem> attributed(String file, List<Setting> settings, ScenarioException e, String fix) {
        Map<List<String>, List<String>> variantsByProblem = new LinkedHashMap<>();
        for (Problem problem : e.problems()) {
            Matcher variant = VARIANT_PREFIX.matcher(problem.path());
            boolean ofVariant = variant.matches();
            String path = ofVariant ? variant.group(2) : problem.path();
            List<String> key = List.of(path, problem.message());
            boolean seenInBase = variantsByProblem.containsKey(key) && variantsByProblem.get(key) == null;
            if (!ofVariant || seenInBase) {
                variantsByProblem.put(key, null); // the base's problem: every variant has it
            } else {
                variantsByProblem.computeIfAbsent(key, k -> new ArrayList<>()).add(variant.group(1));
            }
        }
        String cause = "--set " + settings.stream().map(Setting::toString).collect(Collectors.joining(" with "));
        List<Problem> problems = new ArrayList<>();
        variantsByProblem.forEach((problem, variants) -> {
            String where = problem.get(0) + (variants == null ? ""
                    : " (variant" + (variants.size() == 1 ? " " : "s ") + String.join(", ", variants) + ")");
            problems.add(new Problem(file, "", cause + ": " + (where.isEmpty() ? "" : where + ": ") + problem.get(1)
                    + fix));
        });
        return problems;
    }
}
