package org.rebalancesim.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Loads a scenario file (docs/scenario-format.md) into validated, immutable records. Every problem in
 * the file is collected and reported together; nothing runs until the whole file is valid.
 */
public final class ScenarioLoader {

    /** Keys that describe the whole scenario; a variant cannot override them. */
    static final List<String> SCENARIO_KEYS = List.of("name", "description", "seed", "variants", "expect",
            "tolerance");
    private static final List<String> TOP_LEVEL_KEYS = topLevelKeys();
    private static final long DEFAULT_SEED = 1;

    private final String file;
    private final Problems rootProblems = new Problems();
    private final YamlNodes nodes = new YamlNodes(rootProblems);

    private ScenarioLoader(String file) {
        this.file = file;
    }

    private static List<String> topLevelKeys() {
        List<String> keys = new ArrayList<>(List.of("name", "description", "seed"));
        keys.addAll(VariantParser.KEYS);
        keys.addAll(List.of("variants", "expect", "tolerance"));
        return List.copyOf(keys);
    }

    /** Loads {@code file}, naming it in problems and results as the path was given. */
    public static Scenario load(Path file) throws ScenarioException {
        return load(file, file.toString());
    }

    /** @param displayName how problems and results name the file (e.g. as typed on the command line) */
    public static Scenario load(Path file, String displayName) throws ScenarioException {
        byte[] bytes = ScenarioFile.read(file, displayName);
        ObjectNode root = YamlReader.parse(ScenarioFile.utf8(bytes, displayName), displayName);
        return new ScenarioLoader(displayName).build(root, defaultName(file), ScenarioFile.sha256Hex(bytes));
    }

    /**
     * Validates scenario text that is not in a file (tests, generated scenarios); the name defaults
     * to {@code displayName} without its extension.
     */
    public static Scenario fromText(String yaml, String displayName) throws ScenarioException {
        byte[] bytes = yaml.getBytes(StandardCharsets.UTF_8);
        ObjectNode root = YamlReader.parse(yaml.startsWith("\uFEFF") ? yaml.substring(1) : yaml, displayName);
        Path namePath = Path.of(displayName).getFileName();
        String defaultName = defaultName(namePath == null ? Path.of("scenario") : namePath);
        return new ScenarioLoader(displayName).build(root, defaultName, ScenarioFile.sha256Hex(bytes));
    }

    /**
     * Validates a tree that was read from {@code displayName} and then changed (a sweep's --set
     * values); {@code sha256} stays the file's, since the changes are recorded beside it.
     */
    static Scenario fromTree(ObjectNode root, String displayName, String defaultName, String sha256)
            throws ScenarioException {
        return new ScenarioLoader(displayName).build(root, defaultName, sha256);
    }

    /**
     * Reports ({@code OUT/<name>/}) and baselines ({@code <name>.json}) are named after the scenario, so
     * its name must be a plain file name: no folder separators, no leading dot, no control characters.
     */
    private String fileSafe(String name) {
        boolean plain = name == null || name.matches("[^/\\\\\\p{Cntrl}]+");
        if (name != null && (name.length() > 100 || name.startsWith(".") || !plain)) {
            nodes.problem(YamlPath.ROOT.key("name"), "'" + name + "' cannot name the report folder and the baseline "
                    + "file: no '/' or '\\', no control character, not starting with '.', at most 100 characters; "
                    + "for example gc-pause-vs-session-timeout");
            return null;
        }
        return name;
    }

    /** The file name without .yaml or .yml. */
    static String defaultName(Path file) {
        Path fileName = file.getFileName();
        String name = fileName == null ? "scenario" : fileName.toString();
        return name.replaceFirst("\\.(yaml|yml)$", "");
    }

    private Scenario build(ObjectNode root, String defaultName, String sha256) throws ScenarioException {
        nodes.checkKeys(root, YamlPath.ROOT, TOP_LEVEL_KEYS);
        JsonNode nameNode = YamlNodes.optional(root, "name");
        String name = nameNode == null ? defaultName
                : fileSafe(nodes.name(nameNode, YamlPath.ROOT.key("name"), "a scenario name"));
        String description = nodes.text(root, YamlPath.ROOT, "description", "", "a description (text)");
        JsonNode seedNode = YamlNodes.optional(root, "seed");
        Long seed = seedNode == null ? Long.valueOf(DEFAULT_SEED)
                : nodes.numbers().whole(seedNode, YamlPath.ROOT.key("seed"), Long.MIN_VALUE, Long.MAX_VALUE);
        List<VariantListParser.Definition> definitions = new VariantListParser(nodes).parse(root);
        List<String> variantNames = definitions.stream().map(VariantListParser.Definition::name).toList();
        Map<String, List<Expectation>> expectations = variantNames.isEmpty() ? Map.of()
                : new ExpectationParser(nodes).parse(root, variantNames);
        Tolerances tolerances = new ToleranceParser(nodes).parse(root);

        ObjectNode base = root.deepCopy();
        base.remove(SCENARIO_KEYS);
        List<Variant> variants = new ArrayList<>();
        List<VariantProblemReporter.Checked> checked = new ArrayList<>();
        boolean explicit = YamlNodes.optional(root, "variants") != null;
        for (VariantListParser.Definition definition : definitions) {
            Problems problems = new Problems();
            List<Expectation> rules = expectations == null ? List.of()
                    : expectations.getOrDefault(definition.name(), List.of());
            ObjectNode merged = VariantMerger.merge(base, definition.override());
            List<Problem> warnings = new ArrayList<>(RefusedConfigs.check(file, merged, definition, explicit, problems));
            warnings.addAll(UnproducedTopics.warnings(file, merged));
            variants.add(new VariantParser(new YamlNodes(problems)).parse(definition.name(), merged, rules, warnings));
            checked.add(new VariantProblemReporter.Checked(definition,
                    ProblemOrder.inFileOrder(problems.issues(), merged)));
        }

        List<Problem> problems = new ArrayList<>();
        for (Problems.Issue issue : ProblemOrder.inFileOrder(rootProblems.issues(), root)) {
            problems.add(new Problem(file, issue.path().toString(), issue.message()));
        }
        problems.addAll(VariantProblemReporter.report(file, checked, explicit));
        if (!problems.isEmpty()) {
            throw new ScenarioException(problems);
        }
        return new Scenario(name, description, file, sha256, seed, variants, tolerances);
    }
}
