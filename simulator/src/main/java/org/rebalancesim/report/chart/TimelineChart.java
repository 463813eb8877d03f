package org.rebalancesim.report.chart;

import java.util.List;
import java.util.Optional;
import org.jfree.chart.JFreeChart;
import org.rebalancesim.metrics.VariantResult;

/**
 * What each consumer of one variant was doing over the run: a row per pod, coloured by state,
 * rebalances shaded and labelled with their generation, injected faults marked. A large group
 * (MemberStatesChart.applies) keeps a row only for the pods that mattered (NotableMembers).
 */
public final class TimelineChart {

    static final String LEGEND_NOTE = "shaded: rebalances (g = generation) · black marks: faults";

    private TimelineChart() {
    }

    /** Every pod, in natural order (the first MAX_ROWS of them). */
    public static Chart of(VariantResult variant) {
        long endMs = TimeAxis.endMs(List.of(variant));
        TimelinePlot.Built built = TimelinePlot.build(variant, TimeAxis.create(endMs), endMs, "consumer");
        return chart(variant, built, built.rows().capNote("consumers"));
    }

    /** A large group's pods that mattered, worst first; empty when none had a fault or left. */
    public static Optional<Chart> ofNotable(VariantResult variant) {
        NotableMembers notable = NotableMembers.of(variant.series(), TimelinePlot.pods(variant.series()),
                TimelinePlot.MAX_ROWS);
        if (notable.rows().shown().isEmpty()) {
            return Optional.empty();
        }
        long endMs = TimeAxis.endMs(List.of(variant));
        TimelinePlot.Built built = TimelinePlot.build(variant, TimeAxis.create(endMs), endMs, "consumer",
                notable.rows());
        return Optional.of(chart(variant, built, Optional.of(notable.note())));
    }

    private static Chart chart(VariantResult variant, TimelinePlot.Built built, Optional<String> rowsNote) {
        JFreeChart chart = ChartStyle.chart("Consumers over time: " + variant.name(), built.plot(), true);
        ChartStyle.addSubtitle(chart, variant.protocol() + " · " + LEGEND_NOTE
                + rowsNote.map(note -> " · " + note).orElse("")
                + TimelinePlot.unlabelledNote(built.unlabelledFaults()).map(note -> " · " + note).orElse(""));
        return new Chart("timeline-" + FileStems.safe(variant.name()),
                "What each consumer of " + variant.name() + " was doing", ChartStyle.WIDTH_PX,
                ChartStyle.heightForRows(built.rows().shown().size()), chart);
    }
}
