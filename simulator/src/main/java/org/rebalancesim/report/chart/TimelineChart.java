package org.rebalancesim.report.chart;

import java.util.List;
import org.jfree.chart.JFreeChart;
import org.rebalancesim.metrics.VariantResult;

/**
 * What each consumer of one variant was doing over the run: a row per pod, coloured by state,
 * rebalances shaded and labelled with their generation, injected faults marked.
 */
public final class TimelineChart {

    static final String LEGEND_NOTE = "shaded: rebalances (g = generation) · black marks: faults";

    private TimelineChart() {
    }

    public static Chart of(VariantResult variant) {
        long endMs = TimeAxis.endMs(List.of(variant));
        TimelinePlot.Built built = TimelinePlot.build(variant, TimeAxis.create(endMs), endMs, "consumer");
        JFreeChart chart = ChartStyle.chart("Consumers over time: " + variant.name(), built.plot(), true);
        ChartStyle.addSubtitle(chart, variant.protocol() + " · " + LEGEND_NOTE
                + built.rows().capNote("consumers").map(note -> " · " + note).orElse("")
                + TimelinePlot.unlabelledNote(built.unlabelledFaults()).map(note -> " · " + note).orElse(""));
        return new Chart("timeline-" + FileStems.safe(variant.name()),
                "What each consumer of " + variant.name() + " was doing", ChartStyle.WIDTH_PX,
                ChartStyle.heightForRows(built.rows().shown().size()), chart);
    }
}
