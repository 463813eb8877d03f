package org.rebalancesim.report.chart;

import java.util.List;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.TextAnchor;
import org.rebalancesim.metrics.Series;

/**
 * Shades each rebalance, from its start to the generation being Stable, behind a chart's bars and
 * labels it with its generation ("g2") in the strip below the rows, next to the time axis.
 */
final class RebalanceMarkers {

    private RebalanceMarkers() {
    }

    /**
     * @param labelY   where the labels go (the strip below the rows)
     * @param axisEndMs where the time axis ends, to keep labels from overlapping
     */
    static void addTo(XYPlot plot, List<Series.RebalanceSpan> spans, double labelY, long axisEndMs) {
        LabelLane lane = new LabelLane(axisEndMs);
        for (Series.RebalanceSpan span : spans) {
            plot.addDomainMarker(new IntervalMarker(span.startMs(), span.stableMs(), Palette.REBALANCE_SHADE),
                    Layer.BACKGROUND);
            String label = "g" + span.generation();
            if (lane.claim(span.startMs(), label)) {
                XYTextAnnotation text = new XYTextAnnotation(label, span.startMs(), labelY);
                text.setFont(ChartStyle.SMALL_FONT);
                text.setPaint(Palette.TEXT);
                text.setTextAnchor(TextAnchor.CENTER_LEFT);
                plot.addAnnotation(text, false);
            }
        }
    }
}
