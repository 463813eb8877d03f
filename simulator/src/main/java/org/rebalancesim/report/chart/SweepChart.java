package org.rebalancesim.report.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.StatisticalBarRenderer;
import org.jfree.chart.renderer.xy.DeviationRenderer;
import org.jfree.data.RangeType;
import org.jfree.data.statistics.DefaultStatisticalCategoryDataset;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;
import org.rebalancesim.metrics.registry.Metric;
import org.rebalancesim.scenario.Setting;
import org.rebalancesim.sweep.SweepParameter;
import org.rebalancesim.sweep.SweepResult;
import org.rebalancesim.sweep.Summary;

/**
 * One chart per chosen metric of a sweep: its mean against the first swept key, one line per
 * variant (and per value of the other swept keys), each with its 95% confidence band. Numeric values
 * of the key are placed to scale; others (10s, range) evenly, in --set order. A sweep over seeds only
 * (no --set) gets bars per variant with the interval as error bars.
 */
public final class SweepChart {

    private static final int WIDTH_PX = 960;
    private static final int HEIGHT_PX = 560;
    /** Tableau 10: distinct for the usual handful of lines, also in grey print. */
    private static final Color[] PALETTE = {new Color(0x4E79A7), new Color(0xF28E2B), new Color(0xE15759),
        new Color(0x76B7B2), new Color(0x59A14F), new Color(0xEDC948), new Color(0xB07AA1), new Color(0xFF9DA7),
        new Color(0x9C755F), new Color(0xBAB0AC)};

    private SweepChart() {
    }

    /** Charts named {@code sweep-<metric>}, in the order of {@code metrics}. */
    public static List<Chart> of(SweepResult result, List<String> metrics) {
        List<Chart> charts = new ArrayList<>();
        for (String metric : metrics) {
            String title = String.format(Locale.ROOT, "%s: mean and 95%% confidence interval over %d seed%s",
                    metric, result.plan().seeds(), result.plan().seeds() == 1 ? "" : "s");
            JFreeChart chart = result.plan().parameters().isEmpty() ? bars(result, metric, title)
                    : lines(result, metric, title);
            charts.add(new Chart("sweep-" + metric, title, WIDTH_PX, HEIGHT_PX, chart));
        }
        return charts;
    }

    private static JFreeChart lines(SweepResult result, String metric, String title) {
        SweepParameter first = result.plan().parameters().get(0);
        boolean numeric = first.values().stream().allMatch(v -> v.value().isNumber());
        Map<String, YIntervalSeries> series = new LinkedHashMap<>();
        for (SweepResult.CellResult cell : result.cells()) {
            Setting x = cell.cell().settings().get(0);
            double position = numeric ? x.value().doubleValue() : first.values().indexOf(x);
            for (SweepResult.VariantStatistics variant : cell.variants()) {
                Summary s = variant.metrics().get(metric);
                String label = SweepParameter.label(result.plan().parameters(), variant.variant());
                series.computeIfAbsent(seriesName(label, cell.cell().settings()), YIntervalSeries::new)
                        .add(position, s.mean(), Math.max(0, orMean(s.ci95Low(), s)), orMean(s.ci95High(), s));
            }
        }
        YIntervalSeriesCollection dataset = new YIntervalSeriesCollection();
        series.values().forEach(dataset::addSeries);
        JFreeChart chart = ChartFactory.createXYLineChart(title, first.key().key(), axisLabel(metric), dataset,
                PlotOrientation.VERTICAL, true, false, false);
        XYPlot plot = chart.getXYPlot();
        DeviationRenderer renderer = new DeviationRenderer(true, true);
        renderer.setAlpha(0.2f);
        for (int i = 0; i < series.size(); i++) {
            Color color = PALETTE[i % PALETTE.length];
            renderer.setSeriesPaint(i, color);
            renderer.setSeriesFillPaint(i, color);
            renderer.setSeriesStroke(i, new BasicStroke(2f));
        }
        plot.setRenderer(renderer);
        floorAtZero(plot.getRangeAxis());
        if (!numeric) {
            SymbolAxis axis = new SymbolAxis(first.key().key(),
                    first.values().stream().map(Setting::text).toArray(String[]::new));
            axis.setGridBandsVisible(false);
            plot.setDomainAxis(axis);
        } else {
            ((NumberAxis) plot.getDomainAxis()).setAutoRangeIncludesZero(false);
        }
        style(chart);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        return chart;
    }

    private static JFreeChart bars(SweepResult result, String metric, String title) {
        DefaultStatisticalCategoryDataset dataset = new DefaultStatisticalCategoryDataset();
        for (SweepResult.VariantStatistics variant : result.cells().get(0).variants()) {
            Summary s = variant.metrics().get(metric);
            Double halfWidth = s.ci95HalfWidth();
            dataset.add(s.mean(), halfWidth == null ? 0 : halfWidth, metric,
                    SweepParameter.label(result.plan().parameters(), variant.variant()));
        }
        JFreeChart chart = ChartFactory.createBarChart(title, "variant", axisLabel(metric), dataset,
                PlotOrientation.VERTICAL, false, false, false);
        CategoryPlot plot = chart.getCategoryPlot();
        StatisticalBarRenderer renderer = new StatisticalBarRenderer();
        renderer.setSeriesPaint(0, PALETTE[0]);
        renderer.setErrorIndicatorPaint(Color.BLACK);
        renderer.setShadowVisible(false);
        plot.setRenderer(renderer);
        floorAtZero(plot.getRangeAxis());
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        style(chart);
        return chart;
    }

    /** The variant, and the other swept keys' values when there are several. */
    private static String seriesName(String variant, List<Setting> settings) {
        if (settings.size() < 2) {
            return variant;
        }
        List<String> others = settings.subList(1, settings.size()).stream().map(Setting::toString).toList();
        return variant + " (" + String.join(", ", others) + ")";
    }

    /**
     * Every metric is a count, a time or a number of records, never below 0, but a mean's Student's t interval
     * over few or skewed seeds can reach below it: the band and the error bars stop at 0 (the CSV and JSON keep
     * the interval as computed).
     */
    private static void floorAtZero(ValueAxis axis) {
        ((NumberAxis) axis).setRangeType(RangeType.POSITIVE);
        axis.configure();
    }

    private static double orMean(Double bound, Summary summary) {
        return bound == null ? summary.mean() : bound;
    }

    private static String axisLabel(String metric) {
        return metric + " (" + Metric.unitOf(metric) + ")";
    }

    private static void style(JFreeChart chart) {
        chart.setBackgroundPaint(Color.WHITE);
        chart.setAntiAlias(true);
        chart.getTitle().setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
    }
}
