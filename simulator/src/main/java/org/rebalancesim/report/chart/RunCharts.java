package org.rebalancesim.report.chart;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.VariantResult;

/**
 * The charts of one run, in the order reports show them: per variant a timeline (one row per
 * consumer) and a partition-availability chart, then stop-the-world and partition downtime per
 * variant (grouped bars) and lag over time (one line per variant).
 */
public final class RunCharts {

    private RunCharts() {
    }

    public static List<Chart> of(RunResult result) {
        List<Chart> charts = new ArrayList<>();
        for (VariantResult variant : result.variants()) {
            charts.add(TimelineChart.of(variant));
            charts.add(PartitionChart.of(variant));
        }
        charts.add(DowntimeChart.of(result));
        charts.add(LagChart.of(result));
        return distinctNames(charts);
    }

    /** Two variant names can clean up to the same file stem ("a b", "a_b"): the later one gets "-2". */
    private static List<Chart> distinctNames(List<Chart> charts) {
        Set<String> used = new HashSet<>();
        List<Chart> distinct = new ArrayList<>();
        for (Chart chart : charts) {
            String name = chart.name();
            for (int n = 2; !used.add(name); n++) {
                name = chart.name() + "-" + n;
            }
            distinct.add(new Chart(name, chart.title(), chart.widthPx(), chart.heightPx(), chart.chart()));
        }
        return List.copyOf(distinct);
    }
}
