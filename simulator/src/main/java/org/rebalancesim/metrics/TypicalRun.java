package org.rebalancesim.metrics;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.rebalancesim.metrics.registry.Direction;
import org.rebalancesim.metrics.registry.Metric;

/**
 * The run of a variant that is closest to the median across its metrics, for the charts of a
 * multi-seed run: per judged metric (a direction is better, docs/metrics.md) each run gets its rank
 * among the runs (ties share their mean rank), and the run whose ranks lie nearest the middle rank
 * (the smallest sum of |rank - (n + 1) / 2|) is typical; a tie goes to the lowest seed. One metric
 * alone would pick a run that is median in downtime and an outlier in everything else.
 */
final class TypicalRun {

    private TypicalRun() {
    }

    /** @param runs one variant's results, in seed order, at least one */
    static int index(List<VariantResult> runs) {
        int n = runs.size();
        double[] distance = new double[n];
        double middle = (n + 1) / 2.0;
        for (String metric : judgedMetrics(runs)) {
            double[] ranks = ranks(runs, metric);
            for (int i = 0; i < n; i++) {
                distance[i] += Math.abs(ranks[i] - middle);
            }
        }
        int best = 0;
        for (int i = 1; i < n; i++) {
            if (distance[i] < distance[best]) {
                best = i;
            }
        }
        return best;
    }

    private static Set<String> judgedMetrics(List<VariantResult> runs) {
        Set<String> names = new LinkedHashSet<>();
        for (VariantResult run : runs) {
            for (String name : run.metrics().keySet()) {
                boolean judged = Metric.find(name).map(m -> m.direction() != Direction.NEUTRAL).orElse(false);
                if (judged) {
                    names.add(name);
                }
            }
        }
        return names;
    }

    /** 1-based ranks with ties at their mean rank; a run without the metric sits at the middle. */
    static double[] ranks(List<VariantResult> runs, String metric) {
        int n = runs.size();
        double[] ranks = new double[n];
        for (int i = 0; i < n; i++) {
            Number value = runs.get(i).metrics().get(metric);
            if (value == null) {
                ranks[i] = (n + 1) / 2.0;
                continue;
            }
            int below = 0;
            int equal = 0;
            for (VariantResult other : runs) {
                Number o = other.metrics().get(metric);
                if (o != null) {
                    int c = Double.compare(o.doubleValue(), value.doubleValue());
                    below += c < 0 ? 1 : 0;
                    equal += c == 0 ? 1 : 0;
                }
            }
            ranks[i] = below + (equal + 1) / 2.0;
        }
        return ranks;
    }
}
