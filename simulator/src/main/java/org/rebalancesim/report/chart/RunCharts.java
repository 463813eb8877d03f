package org.rebalancesim.report.chart;

import java.util.ArrayList;
import java.util.List;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.VariantResult;

/**
 * The charts of one run, in the order reports show them: per variant a timeline (one row per
 * consumer), a partition-availability chart and, for a Kafka Streams application, a task chart (a
 * group too large for a row per consumer gets members by state, a timeline of only the consumers that
 * mattered and partitions by state before its partition chart); then
 * stop-the-world and partition downtime per variant (grouped bars), lag over time in records and time behind (one line
 * per variant), per variant its hot partitions' lag where it has them and, for pods
 * of a Kubernetes workload, its replicas and ready pods beside lag and rebalances.
 */
public final class RunCharts {

    private RunCharts() {
    }

    public static List<Chart> of(RunResult result) {
        List<Chart> charts = new ArrayList<>();
        for (VariantResult variant : result.variants()) {
            if (MemberStatesChart.applies(variant)) {
                charts.add(MemberStatesChart.of(variant));
                TimelineChart.ofNotable(variant).ifPresent(charts::add);
                charts.add(PartitionStatesChart.of(variant));
            } else {
                charts.add(TimelineChart.of(variant));
            }
            charts.add(PartitionChart.of(variant));
            if (!variant.series().tasks().isEmpty()) {
                charts.add(TaskChart.of(variant));
            }
        }
        charts.add(DowntimeChart.of(result));
        charts.add(LagChart.of(result));
        for (VariantResult variant : result.variants()) {
            if (HotPartitionsChart.applies(variant)) {
                charts.add(HotPartitionsChart.of(variant));
            }
        }
        if (ScalingChart.applies(result)) {
            charts.add(ScalingChart.of(result));
        }
        return distinctNames(charts);
    }

    /** A chart's name is its SVG ids' prefix: the later of two equal names gets "-2". */
    private static List<Chart> distinctNames(List<Chart> charts) {
        List<String> names = DistinctNames.of(charts.stream().map(Chart::name).toList());
        List<Chart> distinct = new ArrayList<>();
        for (int i = 0; i < charts.size(); i++) {
            Chart chart = charts.get(i);
            distinct.add(new Chart(names.get(i), chart.title(), chart.widthPx(), chart.heightPx(), chart.chart()));
        }
        return List.copyOf(distinct);
    }
}
