package org.rebalancesim.check;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.VariantResult;

/**
 * A scenario's stored results, the reference {@code check} compares a new run against. It records
 * which simulator and which version of the file made it, so a stale baseline is reported as such.
 *
 * @param variants per variant (file order), its metrics (in the order of docs/metrics.md)
 */
public record Baseline(String scenario, String file, String simulatorVersion, String scenarioSha256, long seed,
                       Map<String, Map<String, Number>> variants) {

    public Baseline {
        Map<String, Map<String, Number>> copy = new LinkedHashMap<>();
        variants.forEach((name, metrics) -> copy.put(name, Collections.unmodifiableMap(new LinkedHashMap<>(metrics))));
        variants = Collections.unmodifiableMap(copy);
    }

    public static Baseline of(RunResult result) {
        Map<String, Map<String, Number>> variants = new LinkedHashMap<>();
        for (VariantResult variant : result.variants()) {
            variants.put(variant.name(), variant.metrics());
        }
        return new Baseline(result.scenario(), result.sourceFile(), result.simulatorVersion(),
                result.scenarioSha256(), result.seed(), variants);
    }
}
