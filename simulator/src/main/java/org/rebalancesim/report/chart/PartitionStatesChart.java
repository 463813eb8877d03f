package org.rebalancesim.report.chart;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.JFreeChart;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * A large group's partitions by state over time: how many were owned by a pod that could process
 * them, owned by one that could not (down, paused or cut off: grey, as in the partition chart), or
 * had no owner (blank, as in the partition chart). The two last bands are the partition downtime of
 * docs/metrics.md. Shown beside the partition chart, whose rows stop at its first partitions.
 */
public final class PartitionStatesChart {

    static final String PROCESSING = "owner processing";
    static final String NO_OWNER = "no owner";
    static final int PROCESSING_BAND = 0;
    static final int NOT_RUNNING_BAND = 1;
    static final int NO_OWNER_BAND = 2;

    /** The recorder's bands (Series.PROCESSED, OWNER_NOT_RUNNING, NO_OWNER) in this chart's. */
    private static final int[] RECORDED_BANDS = new int[Series.PARTITION_BANDS];

    static {
        RECORDED_BANDS[Series.PROCESSED] = PROCESSING_BAND;
        RECORDED_BANDS[Series.OWNER_NOT_RUNNING] = NOT_RUNNING_BAND;
        RECORDED_BANDS[Series.NO_OWNER] = NO_OWNER_BAND;
    }

    private PartitionStatesChart() {
    }

    public static Chart of(VariantResult variant) {
        Series series = variant.series();
        long endMs = TimeAxis.endMs(List.of(variant));
        StateSteps.Counts counts = StateSteps.of(series.partitionCounts(), RECORDED_BANDS, 3, PROCESSING_BAND, -1, 0,
                endMs);
        int partitions = series.partitionCounts().stream().mapToInt(step -> Arrays.stream(step.counts()).sum()).max()
                .orElse(0);
        List<StateAreaPlot.Band> bands = List.of(
                new StateAreaPlot.Band(PROCESSING, Palette.of(MemberState.CONSUMING)),
                new StateAreaPlot.Band(PartitionChart.NOT_RUNNING, Palette.OWNER_NOT_RUNNING),
                new StateAreaPlot.Band(NO_OWNER, Palette.NO_OWNER));
        JFreeChart chart = ChartStyle.chart("Partitions by state over time: " + variant.name(),
                StateAreaPlot.plot(bands, counts.steps(), endMs, "partitions"), true);
        ChartStyle.addSubtitle(chart, variant.protocol() + " · " + String.format(Locale.ROOT, "%,d partitions",
                partitions) + " · blank: no owner · grey and blank together: partition downtime"
                + (counts.binned() ? " · " + MemberStatesChart.binnedNote(endMs, "partitions processed") : ""));
        return new Chart("partition-states-" + FileStems.safe(variant.name()),
                "How many partitions of " + variant.name() + " were processed, and how many could not be",
                ChartStyle.WIDTH_PX, ChartStyle.PLAIN_HEIGHT_PX, chart);
    }
}
