package org.rebalancesim.report.chart;

import java.awt.Font;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.StandardChartTheme;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.StandardXYBarPainter;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleInsets;

/**
 * Sizes and fonts shared by every chart. Charts end up in a README on GitHub (scaled down to the
 * page width) and on paper, so no text is smaller than 12 px at the 1200 px width.
 */
final class ChartStyle {

    static final int WIDTH_PX = 1200;
    /** Height of one row (consumer or partition) while the chart stays within MAX_HEIGHT_PX. */
    static final int ROW_PX = 40;
    static final int MIN_HEIGHT_PX = 300;
    static final int MAX_HEIGHT_PX = 1400;
    /** Title, subtitles, legend and time axis around the rows of a timeline. */
    static final int FRAME_PX = 190;
    /** Bar and line charts: no rows to grow with. */
    static final int PLAIN_HEIGHT_PX = 600;

    static final String FONT_FAMILY = Font.SANS_SERIF;
    static final Font TITLE_FONT = new Font(FONT_FAMILY, Font.BOLD, 20);
    static final Font SUBTITLE_FONT = new Font(FONT_FAMILY, Font.PLAIN, 15);
    static final Font AXIS_LABEL_FONT = new Font(FONT_FAMILY, Font.BOLD, 15);
    static final Font TEXT_FONT = new Font(FONT_FAMILY, Font.PLAIN, 14);
    static final Font SMALL_FONT = new Font(FONT_FAMILY, Font.PLAIN, 13);

    private ChartStyle() {
    }

    /** Height for a chart of {@code rows} rows: ROW_PX each plus the frame, within the bounds. */
    static int heightForRows(int rows) {
        return heightForRows(rows, 0);
    }

    /** The same with {@code extraPx} more frame (a second plot's gap and axis). */
    static int heightForRows(int rows, int extraPx) {
        return Math.max(MIN_HEIGHT_PX, Math.min(MAX_HEIGHT_PX, FRAME_PX + extraPx + ROW_PX * rows));
    }

    /** A chart with the shared look: white, large enough fonts, flat bars. */
    static JFreeChart chart(String title, Plot plot, boolean legend) {
        JFreeChart chart = new JFreeChart(title, TITLE_FONT, plot, legend);
        theme().apply(chart);
        chart.setPadding(new RectangleInsets(8, 8, 8, 16));
        return chart;
    }

    static void addSubtitle(JFreeChart chart, String text) {
        TextTitle subtitle = new TextTitle(text, SUBTITLE_FONT);
        subtitle.setPaint(Palette.TEXT);
        chart.addSubtitle(subtitle);
    }

    /** A new theme per chart: StandardChartTheme is mutable, so no shared instance. */
    private static StandardChartTheme theme() {
        StandardChartTheme theme = new StandardChartTheme("rebalance-sim");
        theme.setExtraLargeFont(TITLE_FONT);
        theme.setLargeFont(AXIS_LABEL_FONT);
        theme.setRegularFont(TEXT_FONT);
        theme.setSmallFont(SMALL_FONT);
        theme.setTitlePaint(Palette.TEXT);
        theme.setSubtitlePaint(Palette.TEXT);
        theme.setAxisLabelPaint(Palette.TEXT);
        theme.setTickLabelPaint(Palette.TEXT);
        theme.setItemLabelPaint(Palette.TEXT);
        theme.setLegendItemPaint(Palette.TEXT);
        theme.setChartBackgroundPaint(Palette.BACKGROUND);
        theme.setLegendBackgroundPaint(Palette.BACKGROUND);
        theme.setPlotBackgroundPaint(Palette.BACKGROUND);
        theme.setPlotOutlinePaint(Palette.GRID);
        theme.setDomainGridlinePaint(Palette.GRID);
        theme.setRangeGridlinePaint(Palette.GRID);
        theme.setAxisOffset(RectangleInsets.ZERO_INSETS);
        theme.setBarPainter(new StandardBarPainter());
        theme.setXYBarPainter(new StandardXYBarPainter());
        theme.setShadowVisible(false);
        return theme;
    }
}
