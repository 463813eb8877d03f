package org.rebalancesim.check;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.SeedRuns;
import org.rebalancesim.metrics.Spread;
import org.rebalancesim.metrics.VariantResult;

/**
 * A scenario's stored results, the reference {@code check} compares a new run against. It records
 * which simulator and which version of the file made it, so a stale baseline is reported as such.
 * One written by {@code check --seeds N} holds each metric's mean over the seeds {@code seed ..
 * seed + N - 1} and its standard deviation ({@link SeedStatistic}).
 *
 * @param variants           per variant (file order), its metrics (in the order of docs/metrics.md): one
 *                           run's values, or their means over the seeds
 * @param seeds              how many seeds the values are the means of, or null for one plain run
 * @param standardDeviations per variant and metric, the sample standard deviation over the seeds
 *                           (empty for one plain run)
 */
public record Baseline(String scenario, String file, String simulatorVersion, String scenarioSha256, long seed,
                       Map<String, Map<String, Number>> variants, Integer seeds,
                       Map<String, Map<String, Double>> standardDeviations) {

    public Baseline {
        variants = copy(variants);
        standardDeviations = copy(standardDeviations);
    }

    /** One plain run's baseline. */
    public Baseline(String scenario, String file, String simulatorVersion, String scenarioSha256, long seed,
                    Map<String, Map<String, Number>> variants) {
        this(scenario, file, simulatorVersion, scenarioSha256, seed, variants, null, Map.of());
    }

    public static Baseline of(RunResult result) {
        Map<String, Map<String, Number>> variants = new LinkedHashMap<>();
        for (VariantResult variant : result.variants()) {
            variants.put(variant.name(), variant.metrics());
        }
        return new Baseline(result.scenario(), result.sourceFile(), result.simulatorVersion(),
                result.scenarioSha256(), result.seed(), variants);
    }

    /** The means and standard deviations over every seed of {@code runs}. */
    public static Baseline of(SeedRuns runs) {
        Map<String, Map<String, Number>> means = new LinkedHashMap<>();
        Map<String, Map<String, Double>> deviations = new LinkedHashMap<>();
        for (int v = 0; v < runs.variantNames().size(); v++) {
            Map<String, Number> mean = new LinkedHashMap<>();
            Map<String, Double> deviation = new LinkedHashMap<>();
            for (String metric : runs.metricNames(v)) {
                Spread spread = runs.spread(v, metric);
                mean.put(metric, spread.mean());
                deviation.put(metric, spread.standardDeviation());
            }
            means.put(runs.variantNames().get(v), mean);
            deviations.put(runs.variantNames().get(v), deviation);
        }
        RunResult first = runs.first();
        return new Baseline(first.scenario(), first.sourceFile(), first.simulatorVersion(), first.scenarioSha256(),
                runs.firstSeed(), means, runs.runs().size(), deviations);
    }

    /** A metric of a variant as check compares it; null when the baseline does not have it. */
    public SeedStatistic statistic(String variant, String metric) {
        Number value = variants.getOrDefault(variant, Map.of()).get(metric);
        if (value == null) {
            return null;
        }
        Double sd = standardDeviations.getOrDefault(variant, Map.of()).get(metric);
        return new SeedStatistic(value.doubleValue(), sd == null ? 0 : sd, seeds == null ? 1 : seeds);
    }

    private static <V> Map<String, Map<String, V>> copy(Map<String, Map<String, V>> byVariant) {
        Map<String, Map<String, V>> copy = new LinkedHashMap<>();
        byVariant.forEach((name, metrics) -> copy.put(name, Collections.unmodifiableMap(new LinkedHashMap<>(metrics))));
        return Collections.unmodifiableMap(copy);
    }
}
