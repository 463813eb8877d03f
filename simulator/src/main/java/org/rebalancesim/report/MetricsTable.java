package org.rebalancesim.report;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.rebalancesim.metrics.registry.Direction;
import org.rebalancesim.metrics.registry.Metric;
import org.rebalancesim.metrics.VariantResult;

/**
 * The metrics of several variants side by side, with the best value of each row marked: the lowest
 * or highest per {@link Metric#direction()}; no mark on a NEUTRAL metric or when every
 * variant has the same value (nothing to choose). Ties for best are all marked. Data, not text
 * layout: the Markdown and HTML reports render it.
 */
public final class MetricsTable {

    /**
     * @param values the values, one per column, in human units with the exact value where that rounds
     *               (a missing value reads "")
     * @param best   per column, whether it holds the row's best value
     */
    public record Row(String metric, String unit, List<HumanUnits.Reading> values, List<Boolean> best) {
        public Row {
            values = List.copyOf(values);
            best = List.copyOf(best);
        }
    }

    private MetricsTable() {
    }

    /** One row per metric, in the first variant's order, then any metric only later variants have. */
    public static List<Row> rows(List<VariantResult> variants) {
        return rows(variants, true);
    }

    /** @param markBest false when the columns are not like for like (different measure windows): no best at all */
    public static List<Row> rows(List<VariantResult> variants, boolean markBest) {
        Set<String> metrics = new LinkedHashSet<>();
        variants.forEach(variant -> metrics.addAll(variant.metrics().keySet()));
        List<Row> rows = new ArrayList<>();
        for (String metric : metrics) {
            List<Number> values = new ArrayList<>();
            List<HumanUnits.Reading> readings = new ArrayList<>();
            for (VariantResult variant : variants) {
                Number value = ResultNumbers.rounded(variant.metrics().get(metric));
                values.add(value);
                readings.add(HumanUnits.of(metric, value));
            }
            List<Boolean> best = markBest ? best(metric, values) : values.stream().map(v -> false).toList();
            rows.add(new Row(metric, Metric.unitOf(metric), readings, best));
        }
        return rows;
    }

    /** Per value, whether it is the best of the row. */
    static List<Boolean> best(String metric, List<Number> values) {
        List<Boolean> best = new ArrayList<>();
        Direction direction = Metric.of(metric).direction();
        List<BigDecimal> present = values.stream().filter(v -> v != null).map(ResultNumbers::exact).toList();
        boolean allEqual = present.stream().map(BigDecimal::stripTrailingZeros).distinct().count() <= 1;
        if (direction == Direction.NEUTRAL || allEqual) {
            values.forEach(v -> best.add(false));
            return best;
        }
        BigDecimal target = direction == Direction.LOWER_IS_BETTER
                ? present.stream().min(BigDecimal::compareTo).orElseThrow()
                : present.stream().max(BigDecimal::compareTo).orElseThrow();
        for (Number value : values) {
            best.add(value != null && ResultNumbers.exact(value).compareTo(target) == 0);
        }
        return best;
    }
}
