package org.rebalancesim.report.chart;

import java.util.List;
import org.rebalancesim.metrics.RunResult;

/**
 * The charts of one run, in the order reports show them: per variant a timeline (one row per
 * consumer) and a partition-availability chart, then stop-the-world and partition downtime per
 * variant (grouped bars) and lag over time (one line per variant).
 */
public final class RunCharts {

    private RunCharts() {
    }

    public static List<Chart> of(RunResult result) {
        return List.of(); // the charts are being built (issue 5)
    }
}
