package org.rebalancesim.report.chart;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.rebalancesim.metrics.VariantResult;

/**
 * The calibration report's timeline: the simulated run above the measured run of real Kafka, on one
 * shared time axis, drawn exactly like the run's timeline chart so differences stand out.
 */
public final class CalibrationTimelineChart {

    private CalibrationTimelineChart() {
    }

    /** One legend, not two: the top half's entries, then any only the bottom half has ("not started yet"). */
    private static LegendItemCollection legend(XYPlot top, XYPlot bottom) {
        LegendItemCollection items = top.getLegendItems();
        Set<String> labels = new HashSet<>();
        for (int i = 0; i < items.getItemCount(); i++) {
            labels.add(items.get(i).getLabel());
        }
        LegendItemCollection more = bottom.getLegendItems();
        for (int i = 0; i < more.getItemCount(); i++) {
            if (labels.add(more.get(i).getLabel())) {
                items.add(more.get(i));
            }
        }
        return items;
    }

    public static Chart of(String variant, VariantResult simulated, VariantResult measured) {
        long endMs = TimeAxis.endMs(List.of(simulated, measured));
        NumberAxis timeAxis = TimeAxis.create(endMs);
        TimelinePlot.Built top = TimelinePlot.build(simulated, TimeAxis.create(endMs), endMs, "simulated");
        TimelinePlot.Built bottom = TimelinePlot.build(measured, TimeAxis.create(endMs), endMs, "real Kafka");
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(timeAxis);
        plot.setGap(24);
        // Weights by row count, so a row is as tall in both halves.
        plot.add(top.plot(), Math.max(1, top.rows().shown().size()));
        plot.add(bottom.plot(), Math.max(1, bottom.rows().shown().size()));
        plot.setFixedLegendItems(legend(top.plot(), bottom.plot()));
        JFreeChart chart = ChartStyle.chart("Simulated vs real Kafka: " + variant, plot, true);
        ChartStyle.addSubtitle(chart, simulated.protocol() + " · " + TimelineChart.LEGEND_NOTE
                + top.rows().capNote("consumers").map(note -> " · " + note).orElse("")
                + TimelinePlot.unlabelledNote(top.unlabelledFaults() + bottom.unlabelledFaults())
                        .map(note -> " · " + note).orElse(""));
        int rows = top.rows().shown().size() + bottom.rows().shown().size();
        return new Chart("timeline-" + FileStems.safe(variant) + "-sim-vs-real",
                "Consumers of " + variant + ", simulated (top) and measured on real Kafka (bottom)",
                ChartStyle.WIDTH_PX, ChartStyle.heightForRows(rows, 40), chart);
    }
}
