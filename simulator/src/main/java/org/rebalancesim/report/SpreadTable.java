package org.rebalancesim.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import org.rebalancesim.metrics.SeedRuns;
import org.rebalancesim.metrics.Spread;
import org.rebalancesim.metrics.registry.Metric;
import org.rebalancesim.metrics.registry.Unit;

/**
 * The metrics of a multi-seed run side by side: per variant the median over the seeds and its range
 * ({@link Spread}: min..max below 20 seeds, p5..p95 from 20 on). The best value of a row is chosen by
 * the median, as {@link MetricsTable} chooses it for one run; when a best column's range overlaps the
 * range of a column that is not best, the row says so ({@link #OVERLAP_MARK}, footnote
 * {@link #OVERLAP_NOTE}): the seeds do not separate the variants. Data: the reports render it.
 */
public final class SpreadTable {

    /** The mark after a best value whose range overlaps another column's. */
    public static final String OVERLAP_MARK = "†";
    public static final String OVERLAP_NOTE = "ranges overlap: no clear best";

    /**
     * @param cells         per column "median (low..high)", just the median when every seed gave it, "" when missing
     * @param readings      the same cells in human units, with the exact cell where that rounds (the reports')
     * @param best          per column, whether its median is the row's best
     * @param rangesOverlap whether a best column's range overlaps a column that is not best
     */
    public record Row(String metric, String unit, List<String> cells, List<HumanUnits.Reading> readings,
                      List<Boolean> best, boolean rangesOverlap) {
        public Row {
            cells = List.copyOf(cells);
            readings = List.copyOf(readings);
            best = List.copyOf(best);
        }
    }

    private SpreadTable() {
    }

    /** One row per metric, in the first variant's order, then any metric only later variants have. */
    public static List<Row> rows(SeedRuns runs) {
        int columns = runs.variantNames().size();
        Set<String> metrics = new LinkedHashSet<>();
        for (int v = 0; v < columns; v++) {
            metrics.addAll(runs.metricNames(v));
        }
        List<Row> rows = new ArrayList<>();
        for (String metric : metrics) {
            List<Spread> spreads = new ArrayList<>();
            List<Number> medians = new ArrayList<>();
            List<String> cells = new ArrayList<>();
            List<HumanUnits.Reading> readings = new ArrayList<>();
            Unit unit = Metric.of(metric).unit();
            for (int v = 0; v < columns; v++) {
                Spread spread = runs.spread(v, metric);
                spreads.add(spread);
                medians.add(spread == null ? null : spread.median());
                cells.add(cell(spread));
                readings.add(reading(spread, unit));
            }
            List<Boolean> best = MetricsTable.best(metric, medians);
            rows.add(new Row(metric, unit.text(), cells, readings, best, overlap(spreads, best)));
        }
        return rows;
    }

    /** "median (low..high)", or the median alone when the range is that one value. */
    public static String cell(Spread spread) {
        return spread == null ? "" : cell(spread, Decimals::text);
    }

    /** The cell in human units, "13 min 51 s (13 min 20 s..14 min 10 s)", and exact where that rounds. */
    static HumanUnits.Reading reading(Spread spread, Unit unit) {
        if (spread == null) {
            return HumanUnits.reading("", "");
        }
        return HumanUnits.reading(cell(spread, value -> HumanUnits.human(Decimals.rounded(value), unit)),
                cell(spread, value -> HumanUnits.grouped(Decimals.rounded(value))) + HumanUnits.unitSuffix(unit));
    }

    private static String cell(Spread spread, Function<Double, String> number) {
        String median = number.apply(spread.median());
        if (spread.low() == spread.high()) {
            return median;
        }
        return median + " (" + number.apply(spread.low()) + ".." + number.apply(spread.high()) + ")";
    }

    /** "seeds 1..20, median (p5..p95)": what the cells are. */
    public static String legend(SeedRuns runs) {
        return seeds(runs) + ", median (" + Spread.rangeFor(runs.runs().size()).label() + ")";
    }

    /** "seeds 1..20", "seed 7". */
    static String seeds(SeedRuns runs) {
        List<Long> seeds = runs.seeds();
        return String.format(Locale.ROOT, "%s %d%s", seeds.size() == 1 ? "seed" : "seeds", seeds.get(0),
                seeds.size() == 1 ? "" : ".." + seeds.get(seeds.size() - 1));
    }

    static boolean overlap(List<Spread> spreads, List<Boolean> best) {
        for (int b = 0; b < spreads.size(); b++) {
            if (!best.get(b)) {
                continue;
            }
            for (int o = 0; o < spreads.size(); o++) {
                if (!best.get(o) && spreads.get(o) != null && spreads.get(b).overlaps(spreads.get(o))) {
                    return true;
                }
            }
        }
        return false;
    }
}
