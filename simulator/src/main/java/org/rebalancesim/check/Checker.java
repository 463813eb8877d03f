package org.rebalancesim.check;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.rebalancesim.metrics.registry.Direction;
import org.rebalancesim.metrics.registry.Metric;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.scenario.Scenario;

/** Judges a run against its expect: rules and its baseline. Pure: no files, no printing. */
public final class Checker {

    private final ToleranceChoice tolerances;
    private final boolean againstBaselines;

    /** @param againstBaselines false when only expect: rules are checked (no variant is then "new") */
    public Checker(ToleranceChoice tolerances, boolean againstBaselines) {
        this.tolerances = tolerances;
        this.againstBaselines = againstBaselines;
    }

    /** What {@code check} says about one scenario's run. */
    public ScenarioCheck check(Scenario scenario, RunResult result, Optional<Baseline> baseline) {
        List<VariantCheck> variants = new ArrayList<>();
        for (VariantResult variant : result.variants()) {
            Map<String, Number> stored = baseline.map(b -> b.variants().get(variant.name())).orElse(null);
            variants.add(variant(scenario, variant, stored));
        }
        return new ScenarioCheck(scenario.name(), scenario.sourceFile(), variants,
                notices(result, baseline));
    }

    private VariantCheck variant(Scenario scenario, VariantResult variant, Map<String, Number> stored) {
        List<MetricCheck> metrics = new ArrayList<>();
        if (stored != null) {
            variant.metrics().forEach((metric, actual) -> {
                Number before = stored.get(metric);
                boolean judged = Metric.of(metric).direction() != Direction.NEUTRAL;
                if (judged && before != null && actual != null) {
                    metrics.add(MetricCheck.of(metric, before.doubleValue(), actual.doubleValue(),
                            tolerances.forMetric(metric, scenario.tolerances())));
                }
            });
        }
        boolean failed = variant.expectations().stream().anyMatch(e -> !e.passed())
                || metrics.stream().anyMatch(m -> m.outcome() == MetricCheck.Outcome.WORSE);
        VariantCheck.Status status;
        if (failed) {
            status = VariantCheck.Status.FAIL;
        } else if (stored == null && againstBaselines) {
            status = VariantCheck.Status.NEW;
        } else if (metrics.stream().anyMatch(m -> m.outcome() == MetricCheck.Outcome.BETTER)) {
            status = VariantCheck.Status.IMPROVED;
        } else {
            status = VariantCheck.Status.PASS;
        }
        return new VariantCheck(scenario.name(), scenario.sourceFile(), variant.name(), status, metrics,
                variant.expectations());
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
