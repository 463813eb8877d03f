package org.rebalancesim.sweep;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A finished sweep: per cell and variant, the statistics of every metric over the seeds, computed
 * in run-number order. Pure data for the reports.
 *
 * @param metricNames every metric the runs reported, in the order runs report them
 * @param runs        every run's outcome, in run-number order (for a per-run table)
 */
public record SweepResult(SweepPlan plan, List<String> metricNames, List<CellResult> cells, List<RunOutcome> runs) {

    public SweepResult {
        metricNames = List.copyOf(metricNames);
        cells = List.copyOf(cells);
        runs = List.copyOf(runs);
    }

    /** One cell's variants, in plan order. */
    public record CellResult(SweepCell cell, List<VariantStatistics> variants) {
        public CellResult {
            variants = List.copyOf(variants);
        }
    }

    /**
     * One variant of one cell over all seeds.
     *
     * @param protocol        the protocol label of its first run (settings can change it, seeds cannot)
     * @param rules           how many expect: rules the variant has
     * @param runsMeetingAll  in how many runs all of them held
     * @param metrics         a summary per metric, in {@link #metricNames} order
     */
    public record VariantStatistics(String variant, String protocol, int rules, int runsMeetingAll,
                                    Map<String, Summary> metrics) {
        public VariantStatistics {
            metrics = Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
        }
    }

    /** Aggregates the outcomes of {@link SweepRunner} in a fixed order. */
    public static SweepResult of(SweepPlan plan, SweepRunner.Outcomes outcomes) {
        List<CellResult> cells = new ArrayList<>();
        for (SweepCell cell : plan.cells()) {
            List<VariantStatistics> variants = new ArrayList<>();
            for (int v = 0; v < plan.variants().size(); v++) {
                int first = plan.firstRun(cell.index(), v);
                variants.add(variant(cell, plan.variants().get(v), outcomes, first, plan.seeds()));
            }
            cells.add(new CellResult(cell, variants));
        }
        return new SweepResult(plan, outcomes.metricNames(), cells, outcomes.runs());
    }

    private static VariantStatistics variant(SweepCell cell, String name, SweepRunner.Outcomes outcomes, int first,
                                             int seeds) {
        List<RunOutcome> runs = outcomes.runs().subList(first, first + seeds);
        Map<String, Summary> metrics = new LinkedHashMap<>();
        for (int m = 0; m < outcomes.metricNames().size(); m++) {
            double[] values = new double[seeds];
            for (int s = 0; s < seeds; s++) {
                values[s] = runs.get(s).values()[m];
            }
            metrics.put(outcomes.metricNames().get(m), Summary.of(values));
        }
        int rules = cell.scenario().variant(name).map(v -> v.expectations().size()).orElse(0);
        int meetingAll = (int) runs.stream().filter(RunOutcome::expectationsHeld).count();
        return new VariantStatistics(name, runs.get(0).protocol(), rules, meetingAll, metrics);
    }
}
