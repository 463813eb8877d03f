package org.rebalancesim.report.chart;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.util.List;
import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.axis.ValueTick;
import org.jfree.chart.ui.RectangleEdge;

/**
 * The axis of named rows, first row on top. The label strips above and below the rows are part
 * of its range but are not rows: they get no tick, no tick mark and no grid band.
 */
final class RowAxis extends SymbolAxis {

    private static final long serialVersionUID = 1L;

    RowAxis(String label, List<String> rows) {
        super(label, rows.toArray(new String[0]));
        setInverted(true);
        setAutoRange(false);
        setGridBandsVisible(true);
    }

    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    public List refreshTicks(Graphics2D g2, AxisState state, Rectangle2D dataArea, RectangleEdge edge) {
        List<Object> ticks = super.refreshTicks(g2, state, dataArea, edge);
        int last = getSymbols().length - 1;
        ticks.removeIf(tick -> tick instanceof ValueTick value && (value.getValue() < 0 || value.getValue() > last));
        return ticks;
    }
}
