package org.rebalancesim.report.chart;

import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.rebalancesim.metrics.VariantResult;

/**
 * The calibration report's timeline: the simulated run above the measured run of real Kafka, on one
 * shared time axis, drawn exactly like the run's timeline chart so differences stand out.
 */
public final class CalibrationTimelineChart {

    private CalibrationTimelineChart() {
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
        // Both halves have the same six states: one legend, not two.
        plot.setFixedLegendItems(top.plot().getLegendItems());
        JFreeChart chart = ChartStyle.chart("Simulated vs real Kafka: " + variant, plot, true);
        ChartStyle.addSubtitle(chart, simulated.protocol() + " · " + TimelineChart.LEGEND_NOTE
                + top.rows().capNote("consumers").map(note -> " · " + note).orElse(""));
        int rows = top.rows().shown().size() + bottom.rows().shown().size();
        return new Chart("timeline-" + FileStems.safe(variant) + "-sim-vs-real",
                "Consumers of " + variant + ", simulated (top) and measured on real Kafka (bottom)",
                ChartStyle.WIDTH_PX, ChartStyle.heightForRows(rows, 40), chart);
    }
}
