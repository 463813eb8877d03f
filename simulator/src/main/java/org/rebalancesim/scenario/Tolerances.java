package org.rebalancesim.scenario;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A scenario's {@code tolerance:} block: a default and per-metric tolerances for {@code check}.
 *
 * @param fallback  the {@code default:} entry, or null when the file has none
 * @param byMetric  per metric, in file order
 */
public record Tolerances(Tolerance fallback, Map<String, Tolerance> byMetric) {

    public static final Tolerances NONE = new Tolerances(null, Map.of());

    public Tolerances {
        byMetric = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(byMetric));
    }
}
