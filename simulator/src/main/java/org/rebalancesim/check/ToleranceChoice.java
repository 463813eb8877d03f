package org.rebalancesim.check;

import java.util.Map;
import org.rebalancesim.scenario.Tolerance;
import org.rebalancesim.scenario.Tolerances;

/**
 * Which tolerance applies to a metric: the most specific one wins, and the command line wins over the
 * file at the same level. Per metric: {@code --tolerance METRIC=X}, then the file's
 * {@code tolerance: {METRIC: X}}; then the default: {@code --tolerance X}, then the file's
 * {@code tolerance: {default: X}}; else exact (0%).
 */
public record ToleranceChoice(Tolerance commandLineDefault, Map<String, Tolerance> commandLineByMetric) {

    public static final ToleranceChoice NONE = new ToleranceChoice(null, Map.of());

    public ToleranceChoice {
        commandLineByMetric = Map.copyOf(commandLineByMetric);
    }

    public Tolerance forMetric(String metric, Tolerances file) {
        if (commandLineByMetric.containsKey(metric)) {
            return commandLineByMetric.get(metric);
        }
        if (file.byMetric().containsKey(metric)) {
            return file.byMetric().get(metric);
        }
        if (commandLineDefault != null) {
            return commandLineDefault;
        }
        return file.fallback() != null ? file.fallback() : Tolerance.EXACT;
    }
}
