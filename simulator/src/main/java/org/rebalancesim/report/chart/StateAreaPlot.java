package org.rebalancesim.report.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.geom.Rectangle2D;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.SeriesRenderingOrder;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.StackedXYAreaRenderer;
import org.jfree.data.xy.AbstractXYDataset;
import org.jfree.data.xy.TableXYDataset;

/**
 * The plot of the members-by-state and partitions-by-state charts: time across, one stacked band
 * per state, its height the count of that state (StateSteps). Each step is drawn flat from its start
 * to the next step's start, with a vertical edge between, so the picture is the step function itself.
 * A band is one filled polygon, so the files stay small whatever the run's length.
 */
final class StateAreaPlot {

    /** A band: its legend words and colour. */
    record Band(String label, Color colour) {
    }

    private StateAreaPlot() {
    }

    static XYPlot plot(List<Band> bands, List<StateSteps.Step> steps, long endMs, String countLabel) {
        StackedXYAreaRenderer renderer = new StackedXYAreaRenderer();
        // Otherwise the chart theme replaces the palette's colours with its own.
        renderer.setAutoPopulateSeriesPaint(false);
        for (int i = 0; i < bands.size(); i++) {
            renderer.setSeriesPaint(i, bands.get(i).colour());
        }
        NumberAxis countAxis = new NumberAxis(countLabel);
        countAxis.setStandardTickUnits(NumberAxis.createIntegerTickUnits(Locale.ROOT));
        XYPlot plot = new XYPlot(new Dataset(bands, steps, endMs), TimeAxis.create(endMs), countAxis, renderer);
        plot.setFixedLegendItems(legend(bands));
        plot.setOrientation(PlotOrientation.VERTICAL);
        // The renderer stacks each band's polygon on the one drawn before it: they must be drawn bottom up.
        plot.setSeriesRenderingOrder(SeriesRenderingOrder.FORWARD);
        plot.setDomainGridlinesVisible(true);
        // Gridlines over the bands would read as boundaries between states.
        plot.setRangeGridlinesVisible(false);
        return plot;
    }

    /** A box per band, outlined so that a blank band (not started, no owner) has an entry one can see. */
    private static LegendItemCollection legend(List<Band> bands) {
        LegendItemCollection items = new LegendItemCollection();
        for (Band band : bands) {
            Color outline = band.colour().getAlpha() == 0 ? Palette.OUTLINE : band.colour();
            items.add(new LegendItem(band.label(), null, null, null, new Rectangle2D.Double(-5, -5, 10, 10),
                    band.colour(), new BasicStroke(1f), outline));
        }
        return items;
    }

    /** Two items per step (its start and its end), every band at the same x: the table a stacked renderer needs. */
    private static final class Dataset extends AbstractXYDataset implements TableXYDataset {
        private static final long serialVersionUID = 1L;
        private final List<Band> bands;
        private final List<StateSteps.Step> steps;
        private final long endMs;

        Dataset(List<Band> bands, List<StateSteps.Step> steps, long endMs) {
            this.bands = List.copyOf(bands);
            this.steps = List.copyOf(steps);
            this.endMs = endMs;
        }

        @Override
        public int getSeriesCount() {
            return bands.size();
        }

        @Override
        public Comparable<String> getSeriesKey(int series) {
            return bands.get(series).label();
        }

        @Override
        public int getItemCount() {
            return 2 * steps.size();
        }

        @Override
        public int getItemCount(int series) {
            return getItemCount();
        }

        @Override
        public Number getX(int series, int item) {
            int step = item / 2;
            if (item % 2 == 0) {
                return steps.get(step).fromMs();
            }
            return step + 1 < steps.size() ? steps.get(step + 1).fromMs() : Math.max(endMs, steps.get(step).fromMs());
        }

        @Override
        public Number getY(int series, int item) {
            return steps.get(item / 2).count(series);
        }
    }
}
