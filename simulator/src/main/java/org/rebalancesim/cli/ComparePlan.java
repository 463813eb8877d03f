package org.rebalancesim.cli;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.scenario.Variant;

/**
 * What {@code compare} runs: one column per selected variant, named {@code <scenario>/<variant>}, in the
 * order of the arguments. When two different files carry the same scenario name (an old and a new copy
 * of one file, say), their columns are named after the file instead: {@code old/app.yaml/base}.
 */
final class ComparePlan {

    /** One column: the variant of a scenario and its heading. */
    record Column(String name, Scenario scenario, Variant variant) {
    }

    /** A file or directory name that is safe on every file system (and '@', which all of them allow). */
    private static final Pattern UNSAFE = Pattern.compile("[^A-Za-z0-9._@-]");
    private static final int MAX_NAME_LENGTH = 120;

    private final List<Column> columns;
    private final List<String> problems;
    private final String folderName;

    private ComparePlan(List<Column> columns, List<String> problems, String folderName) {
        this.columns = columns;
        this.problems = problems;
        this.folderName = folderName;
    }

    /** @param scenarios each argument's file, loaded (keyed by the file as typed) */
    static ComparePlan of(List<CompareTarget> targets, Map<String, Scenario> scenarios) {
        List<String> problems = new ArrayList<>();
        Map<String, String> prefixes = columnPrefixes(scenarios);
        Map<String, Column> columns = new LinkedHashMap<>();
        for (CompareTarget target : targets) {
            Scenario scenario = scenarios.get(target.file());
            List<Variant> selected = target.wholeFile() ? scenario.variants()
                    : scenario.variant(target.variant()).stream().toList();
            if (selected.isEmpty()) {
                problems.add(target.file() + ": " + target.argument() + ": no variant named '" + target.variant()
                        + "'; the file has " + scenario.variantNames() + " (FILE@VARIANT picks one, FILE all of them)");
            }
            for (Variant variant : selected) {
                String name = prefixes.get(target.file()) + "/" + variant.name();
                if (columns.containsKey(name)) {
                    problems.add(target.file() + ": " + target.argument() + ": the column " + name
                            + " is already compared; name each variant once");
                } else {
                    columns.put(name, new Column(name, scenario, variant));
                }
            }
        }
        if (problems.isEmpty() && columns.size() < 2) {
            problems.add("compare needs at least two columns, got " + columns.size() + " ("
                    + String.join(", ", columns.keySet()) + "); name more files or FILE@VARIANT arguments");
        }
        return new ComparePlan(List.copyOf(columns.values()), problems, folderName(targets, prefixes));
    }

    /** The scenario name of each file, or the file itself where another file has the same scenario name. */
    private static Map<String, String> columnPrefixes(Map<String, Scenario> scenarios) {
        Map<String, Integer> filesPerName = new HashMap<>();
        scenarios.values().forEach(s -> filesPerName.merge(s.name(), 1, Integer::sum));
        Map<String, String> prefixes = new HashMap<>();
        scenarios.forEach((file, s) -> prefixes.put(file, filesPerName.get(s.name()) > 1 ? file : s.name()));
        return prefixes;
    }

    List<Column> columns() {
        return columns;
    }

    /** Why the plan cannot run (empty when it can). */
    List<String> problems() {
        return problems;
    }

    /** The distinct scenarios of the columns, in order of first use. */
    List<Scenario> scenarios() {
        Set<Scenario> scenarios = new LinkedHashSet<>();
        columns.forEach(column -> scenarios.add(column.scenario()));
        return List.copyOf(scenarios);
    }

    /**
     * The output folder's name: {@code compare-<a>-vs-<b>...}, each part the argument's scenario name
     * (its file where two files share a name), with {@code @<variant>} for a FILE@VARIANT argument;
     * characters unsafe in a file name become '_'. A name longer than 120 characters is cut and ends in
     * a hash of the whole name, to stay unique.
     */
    String folderName() {
        return folderName;
    }

    private static String folderName(List<CompareTarget> targets, Map<String, String> prefixes) {
        List<String> parts = new ArrayList<>();
        for (CompareTarget target : targets) {
            String scenario = prefixes.get(target.file());
            parts.add(target.wholeFile() ? scenario : scenario + "@" + target.variant());
        }
        String name = UNSAFE.matcher("compare-" + String.join("-vs-", parts)).replaceAll("_");
        if (name.length() <= MAX_NAME_LENGTH) {
            return name;
        }
        return name.substring(0, MAX_NAME_LENGTH - 9) + "-" + sha256Hex(name).substring(0, 8);
    }

    /** Null when {@code name} can be a folder name as it is, else why not. */
    static String whyBadFolderName(String name) {
        if (name.isEmpty() || UNSAFE.matcher(name).find() || name.startsWith(".")) {
            return "--name " + name + ": use letters, digits, '.', '_', '-' and '@' only, not starting with '.'";
        }
        return null;
    }

    private static String sha256Hex(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
