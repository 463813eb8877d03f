package org.rebalancesim.report.chart;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.annotations.XYLineAnnotation;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.run.SimRuns;

/**
 * 100 pods with recurring GC pauses: the timeline labels a fault only where the label has room, so
 * labels never overlap each other, never cover another fault's mark and never run off the plot; the
 * subtitle counts the faults left unlabelled. Bounds are measured as drawn: the chart is rendered and
 * each label's box is taken from the font's metrics at its place on the axes.
 */
class FaultLabelsTest {

    private static final String HUNDRED_PODS = """
            name: hundred
            seed: 3
            duration: 10m
            cluster: {brokers: 3}
            group: {id: hundred}
            topics:
              - {name: t, partitions: 200, rate: 200/s}
            consumers:
              count: 100
              config: {session.timeout.ms: 45000, partition.assignment.strategy: cooperative-sticky}
              processing: {exponential: {mean: 1ms}}
            faults:
              - gcPause: {consumer: all, every: {uniform: {min: 20s, max: 4m}}, duration: {uniform: {min: 1s, max: 5s}}}
            """;

    private final VariantResult run = SimRuns.run(HUNDRED_PODS, "hundred");
    private final Chart chart = TimelineChart.of(run);
    private final XYPlot plot = chart.chart().getXYPlot();

    @Test
    void labelsNeverOverlapEachOtherTheOtherMarksOrThePlotEdge() {
        BufferedImage image = new BufferedImage(chart.widthPx(), chart.heightPx(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g2 = image.createGraphics();
        ChartRenderingInfo info = new ChartRenderingInfo();
        chart.chart().draw(g2, new Rectangle(0, 0, chart.widthPx(), chart.heightPx()), info);
        Rectangle2D area = info.getPlotInfo().getDataArea();
        List<Rectangle2D> boxes = new ArrayList<>();
        for (XYTextAnnotation label : faultLabels()) {
            g2.setFont(label.getFont());
            double x = plot.getDomainAxis().valueToJava2D(label.getX(), area, plot.getDomainAxisEdge());
            double y = plot.getRangeAxis().valueToJava2D(label.getY(), area, plot.getRangeAxisEdge());
            double height = g2.getFontMetrics().getHeight();
            boxes.add(new Rectangle2D.Double(x, y - height / 2, g2.getFontMetrics().stringWidth(label.getText()), height));
        }
        g2.dispose();
        assertFalse(boxes.isEmpty(), "where there is room, faults are labelled");
        for (int i = 0; i < boxes.size(); i++) {
            Rectangle2D box = boxes.get(i);
            assertTrue(box.getMaxX() <= area.getMaxX(), "label " + i + " ends inside the plot");
            for (int j = i + 1; j < boxes.size(); j++) {
                assertFalse(box.intersects(boxes.get(j)), "labels " + i + " and " + j + " overlap");
            }
            for (XYLineAnnotation mark : marks()) {
                double markX = plot.getDomainAxis().valueToJava2D(mark.getX1(), area, plot.getDomainAxisEdge());
                double markY = plot.getRangeAxis().valueToJava2D((mark.getY1() + mark.getY2()) / 2, area,
                        plot.getRangeAxisEdge());
                boolean ownMark = Math.abs(markX - box.getX()) < 0.5;
                assertFalse(!ownMark && box.contains(markX, markY), "label " + i + " covers a fault's mark");
            }
        }
    }

    @Test
    void theSubtitleCountsTheFaultsLeftUnlabelled() {
        long faultsOnShownRows = run.series().events().stream().filter(FaultMarks::isFault)
                .map(Series.StoryEvent::subject).filter(ChartProbe.rows(plot)::contains).count();
        long unlabelled = faultsOnShownRows - faultLabels().size();
        assertTrue(unlabelled > 0, "100 pods' pauses leave some faults without a label");
        assertTrue(ChartProbe.subtitles(chart.chart()).stream().anyMatch(s -> s.contains(unlabelled
                + " more faults unlabelled")), ChartProbe.subtitles(chart.chart()).toString());
    }

    /** The text annotations on the rows (the rebalances' generation labels are below the last row). */
    private List<XYTextAnnotation> faultLabels() {
        int rows = ChartProbe.rows(plot).size();
        return plot.getAnnotations().stream().filter(XYTextAnnotation.class::isInstance)
                .map(XYTextAnnotation.class::cast).filter(a -> a.getY() < rows - 0.5).toList();
    }

    private List<XYLineAnnotation> marks() {
        return plot.getAnnotations().stream().filter(XYLineAnnotation.class::isInstance)
                .map(XYLineAnnotation.class::cast).toList();
    }
}
