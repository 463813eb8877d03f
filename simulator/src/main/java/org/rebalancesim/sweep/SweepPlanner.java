package org.rebalancesim.sweep;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rebalancesim.scenario.Problem;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.scenario.ScenarioException;
import org.rebalancesim.scenario.ScenarioTemplate;
import org.rebalancesim.scenario.Setting;
import org.rebalancesim.scenario.SettingKey;
import org.rebalancesim.scenario.Variant;

/**
 * Turns a file and its --set options into a validated {@link SweepPlan}. Nothing runs until every
 * cell is valid, each judged as a whole, as {@code run --set} judges its file: a value the file refuses alone may
 * be fine with another --set's value (a heartbeat above the file's session, swept with a longer session). A cell
 * that fails is reported as the fault of a value that fails alone and in every cell it is in (once, as that
 * value's), else as a combination (a problem only the pairing has).
 */
public final class SweepPlanner {

    /** Bounds that keep a typo (--seeds 1000000) from filling the memory or running for days. */
    public static final int MAX_SEEDS = 100_000;
    public static final int MAX_VALUES = 1_000;
    public static final int MAX_RUNS = 200_000;

    private static final String ONE_VALUE = " (the file is valid without this value: change or drop it)";
    private static final String COMBINATION = " (each value is valid alone but not with the other: change one)";
    private static final String OTHER_CELLS = " (each value is valid in another cell of the sweep, not in this one: "
            + "change one)";

    private SweepPlanner() {
    }

    /** With the file's {@code seed:} as the first run's seed. */
    public static SweepPlan plan(ScenarioTemplate template, List<SetOption> options, String onlyVariant, int seeds)
            throws ScenarioException {
        return plan(template, options, onlyVariant, seeds, null);
    }

    /**
     * @param onlyVariant a variant name, or null for all
     * @param rootSeed    the seed of each (cell, variant)'s first run, the others following it; null for the
     *                    file's {@code seed:}
     * @throws ScenarioException every problem found, each naming the file and the --set it comes from
     */
    public static SweepPlan plan(ScenarioTemplate template, List<SetOption> options, String onlyVariant, int seeds,
                                 Long rootSeed) throws ScenarioException {
        Scenario base = template.with(List.of());
        List<SweepParameter> parameters = parameters(template, options);
        List<SweepCell> cells = cells(template, parameters);
        List<String> variants = base.selectedVariants(onlyVariant).stream().map(Variant::name).toList();
        long firstSeed = rootSeed == null ? base.seed() : rootSeed;
        checkVariants(template.file(), base, variants, onlyVariant);
        checkSeeds(template.file(), firstSeed, seeds, rootSeed != null);
        checkRuns(template.file(), cells.size(), variants.size(), seeds);
        return new SweepPlan(base, parameters, cells, variants, firstSeed, seeds);
    }

    private static List<SweepParameter> parameters(ScenarioTemplate template, List<SetOption> options)
            throws ScenarioException {
        List<SweepParameter> parameters = new ArrayList<>();
        Set<SettingKey> seen = new HashSet<>();
        for (SetOption option : options) {
            SettingKey key = template.resolve(option.key());
            if (!seen.add(key)) {
                throw problem(template, "--set " + option.key() + ": " + key.path() + " is already swept by another "
                        + "--set; give all its values in one --set");
            }
            if (option.values().size() > MAX_VALUES) {
                throw problem(template, "--set " + option.key() + ": " + option.values().size() + " values; a sweep "
                        + "takes at most " + MAX_VALUES + " per key");
            }
            Set<String> distinct = new LinkedHashSet<>(option.values());
            if (distinct.size() < option.values().size()) {
                throw problem(template, "--set " + option.key() + ": a value is given twice; give each once");
            }
            List<Setting> values = new ArrayList<>();
            for (String text : option.values()) {
                values.add(template.setting(key, text));
            }
            parameters.add(new SweepParameter(key, values, template.variantsWriting(key)));
        }
        return parameters;
    }

    private static List<SweepCell> cells(ScenarioTemplate template, List<SweepParameter> parameters)
            throws ScenarioException {
        List<Integer> sizes = parameters.stream().map(p -> p.values().size()).toList();
        long count = sizes.stream().mapToLong(Integer::longValue).reduce(1, (a, b) -> Math.min(a * b, MAX_RUNS + 1L));
        if (count > MAX_RUNS) {
            throw problem(template, "the --set values make more than " + MAX_RUNS + " combinations; sweep fewer values");
        }
        List<SweepCell> cells = new ArrayList<>();
        Map<List<Setting>, ScenarioException> failures = new LinkedHashMap<>();
        for (List<Integer> combination : SweepGrid.combinations(sizes)) {
            List<Setting> settings = new ArrayList<>();
            for (int p = 0; p < combination.size(); p++) {
                settings.add(parameters.get(p).values().get(combination.get(p)));
            }
            try {
                cells.add(new SweepCell(cells.size(), settings, template.with(settings)));
            } catch (ScenarioException e) {
                failures.put(settings, e);
            }
        }
        if (!failures.isEmpty()) {
            throw new ScenarioException(attributed(template, parameters, failures));
        }
        return cells;
    }

    /**
     * The failed cells' problems: a value that fails alone and in every cell it is in is at fault, once; the
     * other failed cells are combinations.
     */
    private static List<Problem> attributed(ScenarioTemplate template, List<SweepParameter> parameters,
                                            Map<List<Setting>, ScenarioException> failures) {
        Set<Problem> problems = new LinkedHashSet<>();
        Set<List<Setting>> explained = new HashSet<>();
        // Each value validated alone at most once: a validation is a whole scenario's.
        Map<Setting, List<Problem>> alone = new HashMap<>();
        for (SweepParameter parameter : parameters) {
            for (Setting value : parameter.values()) {
                List<List<Setting>> withValue = failures.keySet().stream().filter(c -> c.contains(value)).toList();
                if (withValue.size() == cellsWith(parameters, parameter)) {
                    List<Problem> own = alone.computeIfAbsent(value, v -> problemsWith(template, List.of(v)));
                    if (!own.isEmpty()) {
                        problems.addAll(own);
                        explained.addAll(withValue);
                    }
                }
            }
        }
        failures.forEach((settings, e) -> {
            if (!explained.contains(settings)) {
                boolean eachValidAlone = settings.stream().allMatch(v -> alone
                        .computeIfAbsent(v, any -> problemsWith(template, List.of(any))).isEmpty());
                problems.addAll(SettingProblems.attributed(template.file(), settings, e,
                        eachValidAlone ? COMBINATION : OTHER_CELLS));
            }
        });
        return List.copyOf(problems);
    }

    /** How many cells hold a given value of {@code parameter}: the product of the other parameters' sizes. */
    private static long cellsWith(List<SweepParameter> parameters, SweepParameter parameter) {
        return parameters.stream().filter(p -> p != parameter).mapToLong(p -> p.values().size()).reduce(1, (a, b) -> a * b);
    }

    private static List<Problem> problemsWith(ScenarioTemplate template, List<Setting> settings) {
        try {
            template.with(settings);
            return List.of();
        } catch (ScenarioException e) {
            return SettingProblems.attributed(template.file(), settings, e, ONE_VALUE);
        }
    }

    private static void checkVariants(String file, Scenario base, List<String> variants, String onlyVariant)
            throws ScenarioException {
        if (variants.isEmpty()) {
            throw ScenarioException.of(file, "", base.noSuchVariant(onlyVariant));
        }
    }

    /** The runs use firstSeed, firstSeed + 1, ...: the last one must be a seed too. */
    private static void checkSeeds(String file, long firstSeed, int seeds, boolean seedOption)
            throws ScenarioException {
        if (seeds < 1 || seeds > MAX_SEEDS) {
            throw ScenarioException.of(file, "", "--seeds " + seeds + ": give 1 to " + MAX_SEEDS);
        }
        if (firstSeed > Long.MAX_VALUE - seeds) {
            throw ScenarioException.of(file, "", (seedOption ? "--seed " : "seed: ") + firstSeed + " + " + seeds
                    + " seeds passes the largest seed; lower " + (seedOption ? "--seed" : "seed: in the file"));
        }
    }

    private static void checkRuns(String file, int cells, int variants, int seeds) throws ScenarioException {
        if ((long) cells * variants * seeds > MAX_RUNS) {
            throw ScenarioException.of(file, "", cells + " cells x " + variants + " variants x " + seeds
                    + " seeds is more than " + MAX_RUNS + " runs; sweep fewer values or seeds, or one --variant");
        }
    }

    private static ScenarioException problem(ScenarioTemplate template, String message) {
        return ScenarioException.of(template.file(), "", message);
    }
}
