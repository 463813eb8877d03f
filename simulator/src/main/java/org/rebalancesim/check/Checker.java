package org.rebalancesim.check;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.rebalancesim.metrics.registry.Direction;
import org.rebalancesim.metrics.registry.Metric;
import org.rebalancesim.metrics.ExpectationResult;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.SeedRuns;
import org.rebalancesim.metrics.Spread;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.scenario.Scenario;

/** Judges a run against its expect: rules and its baseline. Pure: no files, no printing. */
public final class Checker {

    private final ToleranceChoice tolerances;
    private final boolean againstBaselines;
    private final boolean baselinesRequired;

    /** @param againstBaselines false when only expect: rules are checked (no variant is then "new") */
    public Checker(ToleranceChoice tolerances, boolean againstBaselines) {
        this(tolerances, againstBaselines, false);
    }

    /**
     * @param baselinesRequired a variant without a baseline fails (MISSING) instead of passing as NEW: in CI, a
     *                          baseline that was never committed, or a scenario renamed, is then caught
     */
    public Checker(ToleranceChoice tolerances, boolean againstBaselines, boolean baselinesRequired) {
        this.tolerances = tolerances;
        this.againstBaselines = againstBaselines;
        this.baselinesRequired = baselinesRequired;
    }

    /** What {@code check} says about one scenario's run. */
    public ScenarioCheck check(Scenario scenario, RunResult result, Optional<Baseline> baseline) {
        List<VariantCheck> variants = new ArrayList<>();
        for (VariantResult variant : result.variants()) {
            Map<String, SeedStatistic> actual = new LinkedHashMap<>();
            variant.metrics().forEach((metric, value) -> {
                if (value != null) {
                    actual.put(metric, SeedStatistic.single(value.doubleValue()));
                }
            });
            variants.add(variant(scenario, variant.name(), actual, variant.expectations(), baseline));
        }
        List<String> notices = notices(result, baseline);
        if (baseline.isPresent() && baseline.get().seeds() != null) {
            notices.add(0, "the baseline holds means over " + seedText(baseline.get().seed(), baseline.get().seeds())
                    + "; run check --seeds " + baseline.get().seeds() + " to compare like for like");
        }
        return new ScenarioCheck(scenario.name(), scenario.sourceFile(), variants, notices);
    }

    /**
     * What {@code check --seeds} says: each metric's mean over the seeds against the baseline, with the
     * bound of {@link SeedStatistic}; an expect: rule fails when it failed in any seed.
     */
    public ScenarioCheck check(Scenario scenario, SeedRuns runs, Optional<Baseline> baseline) {
        List<VariantCheck> variants = new ArrayList<>();
        for (int v = 0; v < runs.variantNames().size(); v++) {
            Map<String, SeedStatistic> actual = new LinkedHashMap<>();
            for (String metric : runs.metricNames(v)) {
                Spread spread = runs.spread(v, metric);
                actual.put(metric, new SeedStatistic(spread.mean(), spread.standardDeviation(), spread.n()));
            }
            variants.add(variant(scenario, runs.variantNames().get(v), actual, expectations(runs, v), baseline));
        }
        List<String> notices = notices(runs.first(), baseline);
        baseline.ifPresent(stored -> {
            boolean same = stored.seeds() != null && stored.seeds() == runs.runs().size()
                    && stored.seed() == runs.firstSeed();
            if (!same) {
                notices.add(0, "the baseline holds " + (stored.seeds() == null ? "one run, seed " + stored.seed()
                        : "means over " + seedText(stored.seed(), stored.seeds())) + "; this check ran "
                        + seedText(runs.firstSeed(), runs.runs().size()));
            }
        });
        return new ScenarioCheck(scenario.name(), scenario.sourceFile(), variants, notices);
    }

    /**
     * Per rule, the first seed's result where it failed, its rule text naming every seed it failed in
     * ("<= 0 (failed in seeds 3, 7)"); the first seed's where it always held.
     */
    private static List<ExpectationResult> expectations(SeedRuns runs, int v) {
        List<ExpectationResult> rules = new ArrayList<>();
        List<VariantResult> results = runs.variant(v);
        for (int r = 0; r < results.get(0).expectations().size(); r++) {
            ExpectationResult shown = null;
            List<String> failedIn = new ArrayList<>();
            for (int s = 0; s < results.size(); s++) {
                ExpectationResult rule = results.get(s).expectations().get(r);
                if (!rule.passed()) {
                    shown = shown == null ? rule : shown;
                    failedIn.add(Long.toString(runs.seeds().get(s)));
                }
            }
            rules.add(shown == null ? results.get(0).expectations().get(r)
                    : new ExpectationResult(shown.metric(), shown.rule() + " (failed in seed" + (failedIn.size() == 1
                    ? " " : "s ") + String.join(", ", failedIn) + ")", shown.actual(), false));
        }
        return rules;
    }

    private static String seedText(long first, int count) {
        return count == 1 ? "seed " + first : "seeds " + first + ".." + (first + count - 1);
    }

    private VariantCheck variant(Scenario scenario, String name, Map<String, SeedStatistic> actual,
                                 List<ExpectationResult> expectations, Optional<Baseline> baseline) {
        List<MetricCheck> metrics = new ArrayList<>();
        boolean stored = baseline.isPresent() && baseline.get().variants().containsKey(name);
        if (stored) {
            actual.forEach((metric, now) -> {
                SeedStatistic before = baseline.get().statistic(name, metric);
                boolean judged = Metric.of(metric).direction() != Direction.NEUTRAL;
                if (judged && before != null) {
                    metrics.add(MetricCheck.of(metric, before, now, tolerances.forMetric(metric, scenario.tolerances())));
                }
            });
        }
        boolean failed = expectations.stream().anyMatch(e -> !e.passed())
                || metrics.stream().anyMatch(m -> m.outcome() == MetricCheck.Outcome.WORSE);
        VariantCheck.Status status;
        if (failed) {
            status = VariantCheck.Status.FAIL;
        } else if (!stored && againstBaselines) {
            status = baselinesRequired ? VariantCheck.Status.MISSING : VariantCheck.Status.NEW;
        } else if (metrics.stream().anyMatch(m -> m.outcome() == MetricCheck.Outcome.BETTER)) {
            status = VariantCheck.Status.IMPROVED;
        } else {
            status = VariantCheck.Status.PASS;
        }
        return new VariantCheck(scenario.name(), scenario.sourceFile(), name, status, metrics, expectations);
    }

    /** Why the comparison may not be like for like: said out loud, never silently compared. */
    private static List<String> notices(RunResult result, Optional<Baseline> baseline) {
        List<String> notices = new ArrayList<>();
        if (baseline.isEmpty()) {
            return notices;
        }
        Baseline stored = baseline.get();
        if (!stored.simulatorVersion().equals(result.simulatorVersion())) {
            notices.add("the baseline was made by simulator " + stored.simulatorVersion() + ", this is "
                    + result.simulatorVersion() + "; differences may come from the simulator");
        }
        if (!stored.scenarioSha256().equals(result.scenarioSha256())) {
            notices.add("the baseline was made for another version of the file (sha256 "
                    + stored.scenarioSha256().substring(0, 12) + "…, now " + result.scenarioSha256().substring(0, 12)
                    + "…); differences may come from the edit");
        }
        for (String name : stored.variants().keySet()) {
            if (result.variants().stream().noneMatch(v -> v.name().equals(name))) {
                notices.add("variant " + name + " is in the baseline but not in the file any more");
            }
        }
        return notices;
    }
}
