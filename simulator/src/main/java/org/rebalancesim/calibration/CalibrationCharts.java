package org.rebalancesim.calibration;

import java.util.ArrayList;
import java.util.List;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.report.chart.CalibrationTimelineChart;
import org.rebalancesim.report.chart.Chart;

/**
 * The pictures of a calibration: per variant, the simulated timeline above the first measured run's,
 * on one time axis, so a difference in the table can be seen where it happened.
 */
public final class CalibrationCharts {

    private CalibrationCharts() {
    }

    public static List<Chart> of(Calibration.Outcome outcome) {
        List<Chart> charts = new ArrayList<>();
        for (int v = 0; v < outcome.measured().size(); v++) {
            List<VariantResult> runs = outcome.measured().get(v);
            VariantResult simulated = outcome.simulated().variants().get(v);
            if (!runs.isEmpty()) {
                charts.add(CalibrationTimelineChart.of(simulated.name(), simulated, runs.get(0)));
            }
        }
        return charts;
    }
}
