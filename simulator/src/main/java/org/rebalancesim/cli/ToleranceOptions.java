package org.rebalancesim.cli;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.rebalancesim.check.ToleranceChoice;
import org.rebalancesim.scenario.ExpectationParser;
import org.rebalancesim.scenario.Tolerance;

/** Parses {@code --tolerance 5%} (every metric) and {@code --tolerance stopTheWorldMs=2s} (one metric). */
final class ToleranceOptions {

    private ToleranceOptions() {
    }

    /** The choice, or null after printing what is wrong with an option. */
    static ToleranceChoice parse(List<String> options, PrintWriter err) {
        Tolerance fallback = null;
        Map<String, Tolerance> byMetric = new LinkedHashMap<>();
        boolean ok = true;
        for (String option : options) {
            int equals = option.indexOf('=');
            String metric = equals < 0 ? null : option.substring(0, equals).trim();
            String value = equals < 0 ? option : option.substring(equals + 1);
            if (metric != null && !ExpectationParser.KNOWN_METRICS.contains(metric)) {
                err.println("--tolerance " + option + ": unknown metric '" + metric + "'; known metrics: "
                        + String.join(", ", ExpectationParser.KNOWN_METRICS));
                ok = false;
                continue;
            }
            Optional<Tolerance> tolerance = Tolerance.parse(value, metric != null && ExpectationParser.isTimeMetric(metric));
            if (tolerance.isEmpty() || (metric == null && !tolerance.get().percent())) {
                err.println("--tolerance " + option + ": expected " + (metric == null
                        ? "a percentage of the baseline for every metric, like 5%, or METRIC=TOLERANCE"
                        : Tolerance.EXAMPLE));
                ok = false;
            } else if (metric == null) {
                fallback = tolerance.get();
            } else {
                byMetric.put(metric, tolerance.get());
            }
        }
        err.flush();
        return ok ? new ToleranceChoice(fallback, byMetric) : null;
    }
}
