package org.rebalancesim.report.chart;

import java.awt.Paint;
import java.awt.Stroke;
import java.util.Set;
import org.jfree.chart.renderer.xy.XYBarRenderer;

/**
 * The bars of a row plot: filled, and outlined only for the series asked for. A series whose fill is
 * the plot's background (a pod not started yet) is visible only by its outline; outlining every
 * series would blur the colours of the others.
 */
final class RowBarRenderer extends XYBarRenderer {

    private static final long serialVersionUID = 1L;

    private final Set<Integer> outlined;

    RowBarRenderer(Set<Integer> outlined) {
        this.outlined = Set.copyOf(outlined);
        setDrawBarOutline(!outlined.isEmpty());
    }

    /** The bar painter draws no outline where the stroke is null. */
    @Override
    public Stroke getItemOutlineStroke(int series, int item) {
        return outlined.contains(series) ? super.getItemOutlineStroke(series, item) : null;
    }

    /** The legend outlines every entry once any bar is outlined: the others' outline is their own fill. */
    @Override
    public Paint lookupSeriesOutlinePaint(int series) {
        return outlined.contains(series) ? super.lookupSeriesOutlinePaint(series) : lookupSeriesPaint(series);
    }

    boolean isOutlined(int series) {
        return outlined.contains(series);
    }
}
