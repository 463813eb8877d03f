package org.rebalancesim.report.chart;

import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.TextAnchor;

/**
 * Names the owner inside its bars on the partition chart once there are more owners than owner
 * colours: colours then repeat (c1 and c10 look alike), and the name, where the bar is wide enough
 * for it, tells them apart on screen and in greyscale print alike.
 */
final class OwnerLabels {

    /** Bounds the drawing cost of a long run with many short ownerships. */
    static final int MAX_LABELS = 2_000;

    private final long axisEndMs;
    private final List<XYTextAnnotation> labels = new ArrayList<>();

    OwnerLabels(long axisEndMs) {
        this.axisEndMs = axisEndMs;
    }

    /** Names {@code pod} in the middle of its bar on {@code row} when the name fits inside it. */
    void label(String pod, Color fill, int row, long fromMs, long toMs) {
        if (labels.size() == MAX_LABELS || !LabelLane.fits(pod, fromMs, toMs, axisEndMs)) {
            return;
        }
        XYTextAnnotation text = new XYTextAnnotation(pod, (fromMs + toMs) / 2.0, row);
        text.setFont(ChartStyle.SMALL_FONT);
        text.setPaint(Palette.textOn(fill));
        text.setTextAnchor(TextAnchor.CENTER);
        labels.add(text);
    }

    /** Call once the chart is built: the chart theme would paint earlier annotations in its one text colour. */
    void addTo(XYPlot plot) {
        labels.forEach(label -> plot.addAnnotation(label, false));
    }
}
