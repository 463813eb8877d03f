package org.rebalancesim.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.Paint;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Test;
import org.rebalancesim.run.SimRuns;

/**
 * A 12-pod group has more owners than owner colours: the partition chart names each owner inside
 * its bars, so c1 and c10 (the same colour) are told apart; a group within the palette is not labelled.
 */
class OwnerLabelsTest {

    private static final String TWELVE_PODS = """
            name: twelve
            seed: 1
            duration: 3m
            cluster: {brokers: 3}
            group: {id: twelve}
            topics:
              - {name: t, partitions: 24, rate: 100/s}
            consumers:
              count: 12
              processing: {lognormal: {median: 1ms, p99: 10ms}}
            timeline:
              - at: 1m
                crash: {consumer: c11, restartAfter: 20s}
            """;

    @Test
    void everyOwnerSharingAColourIsNamedInsideItsOwnBars() {
        Chart chart = PartitionChart.of(SimRuns.run(TWELVE_PODS, "twelve"));
        XYPlot plot = chart.chart().getXYPlot();
        List<String> owners = owners(plot);
        assertEquals(12, owners.size(), owners.toString());
        Map<Paint, List<String>> byColour = new HashMap<>();
        for (int s = 0; s < owners.size(); s++) {
            byColour.computeIfAbsent(plot.getRenderer().getSeriesPaint(s), k -> new ArrayList<>()).add(owners.get(s));
        }
        List<XYTextAnnotation> labels = labels(plot);
        for (List<String> sameColour : byColour.values()) {
            if (sameColour.size() > 1) {
                for (String owner : sameColour) {
                    assertTrue(labels.stream().anyMatch(l -> l.getText().equals(owner)), owner + " is named");
                }
            }
        }
        for (XYTextAnnotation label : labels) {
            int row = (int) Math.round(label.getY());
            assertTrue(ChartProbe.bars(plot, label.getText(), row).stream()
                    .anyMatch(b -> b.fromMs() < label.getX() && label.getX() < b.toMs()),
                    label.getText() + " at " + label.getX() + " lies inside one of its bars on row " + row);
        }
        assertTrue(ChartProbe.subtitles(chart.chart()).stream()
                .anyMatch(s -> s.contains("named in its bars")));
    }

    @Test
    void labelsReadOnTheirBar() {
        assertEquals(Color.WHITE, Palette.textOn(Palette.owner(0)), "dark owner colour");
        assertEquals(Palette.TEXT, Palette.textOn(Palette.owner(5)), "light owner colour");
    }

    @Test
    void ownersWithinThePaletteAreNotLabelled() {
        String three = TWELVE_PODS.replace("count: 12", "count: 3").replace("c11", "c2");
        XYPlot plot = PartitionChart.of(SimRuns.run(three, "three")).chart().getXYPlot();
        assertTrue(labels(plot).isEmpty(), "colours tell three owners apart");
    }

    /** The legend's owners: every series but the last ("owner down, paused or cut off"). */
    private static List<String> owners(XYPlot plot) {
        List<String> owners = new ArrayList<>();
        for (int s = 0; s < plot.getDataset().getSeriesCount() - 1; s++) {
            owners.add(plot.getDataset().getSeriesKey(s).toString());
        }
        return owners;
    }

    /** The text annotations that name an owner (not the rebalances' generations). */
    private static List<XYTextAnnotation> labels(XYPlot plot) {
        List<String> owners = owners(plot);
        return plot.getAnnotations().stream().filter(XYTextAnnotation.class::isInstance)
                .map(XYTextAnnotation.class::cast).filter(l -> owners.contains(l.getText())).toList();
    }
}
