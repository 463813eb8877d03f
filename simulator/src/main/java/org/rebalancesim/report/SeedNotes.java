package org.rebalancesim.report;

import java.util.ArrayList;
import java.util.List;
import org.rebalancesim.metrics.SeedRuns;
import org.rebalancesim.metrics.Spread;

/** The sentences the reports of a multi-seed run share, so that summary.md and report.html say the same. */
final class SeedNotes {

    private SeedNotes() {
    }

    /** What a cell holds. */
    static String cells(SeedRuns runs) {
        int n = runs.runs().size();
        Spread.Range range = Spread.rangeFor(n);
        return "Each variant ran with " + SpreadTable.seeds(runs)
                + "; a cell is the median over the seeds and, in brackets, the range " + range.label()
                + (range == Spread.Range.MIN_MAX ? " (from " + Spread.PERCENTILE_RANGE_FROM + " seeds on: p5..p95)"
                : " (the 5th to the 95th percentile, R_7)") + "; a number alone: every seed gave it.";
    }

    /** How the best value is chosen. */
    static String best() {
        return "The best median of each row is highlighted: lowest, or highest for recordsProcessedUnique; none when "
                + "every column has the same median or no direction is better (recordsProduced, recordsProcessed).";
    }

    /** What the overlap mark means. */
    static String overlap() {
        return "the best median's range overlaps the range of a column that is not best, so these seeds do not "
                + "separate the variants on that metric.";
    }

    /** Which run the charts show. */
    static String charts(SeedRuns runs) {
        return "The charts show each variant's typical run, the one whose metrics rank closest to the median over "
                + "the seeds (" + typicalSeeds(runs) + "); result.json has every run's metrics and the typical "
                + "run's series, metrics.csv every run's metrics.";
    }

    /** Which run the stories tell. */
    static String stories(SeedRuns runs) {
        return "Each story is the variant's typical run, as the charts show it (" + typicalSeeds(runs) + ").";
    }

    /** "dynamic: seed 7, static: seed 9". */
    static String typicalSeeds(SeedRuns runs) {
        List<Integer> typical = runs.typicalRuns();
        List<String> seeds = new ArrayList<>();
        for (int v = 0; v < typical.size(); v++) {
            seeds.add(runs.variantNames().get(v) + ": seed " + runs.seeds().get(typical.get(v)));
        }
        return String.join(", ", seeds);
    }
}
