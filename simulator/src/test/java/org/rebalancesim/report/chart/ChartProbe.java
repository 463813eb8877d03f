package org.rebalancesim.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.Layer;
import org.jfree.data.xy.XYIntervalSeriesCollection;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.run.SimRuns;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.scenario.Variant;
import org.w3c.dom.Element;
import org.xml.sax.InputSource;

/** Reads back what a chart shows (rows, bars, subtitles) and checks its rendered files. */
final class ChartProbe {

    /** One drawn bar: its legend entry (a state or an owner), its row and its time span. */
    record Bar(String series, int row, long fromMs, long toMs) {
    }

    private ChartProbe() {
    }

    static Scenario scenario(String file) {
        return SimRuns.loadFile(SimRuns.scenariosDir().resolve(file));
    }

    static RunResult run(Scenario scenario) {
        return SimRuns.runScenario(scenario);
    }

    static Variant variant(Scenario scenario, String name) {
        return scenario.variants().stream().filter(v -> v.name().equals(name)).findFirst().orElseThrow();
    }

    static List<String> rows(XYPlot plot) {
        return Arrays.asList(((SymbolAxis) plot.getRangeAxis()).getSymbols());
    }

    static List<Bar> bars(XYPlot plot) {
        XYIntervalSeriesCollection dataset = (XYIntervalSeriesCollection) plot.getDataset();
        List<Bar> bars = new ArrayList<>();
        for (int s = 0; s < dataset.getSeriesCount(); s++) {
            for (int i = 0; i < dataset.getItemCount(s); i++) {
                bars.add(new Bar(dataset.getSeriesKey(s).toString(), (int) Math.round(dataset.getYValue(s, i)),
                        (long) dataset.getStartXValue(s, i), (long) dataset.getEndXValue(s, i)));
            }
        }
        return bars;
    }

    static List<Bar> bars(XYPlot plot, String series, int row) {
        return bars(plot).stream().filter(b -> b.series().equals(series) && b.row() == row).toList();
    }

    /** The shaded spans behind the bars (the rebalances), in the order they were added. */
    static List<IntervalMarker> shading(XYPlot plot) {
        List<IntervalMarker> markers = new ArrayList<>();
        Collection<?> background = plot.getDomainMarkers(Layer.BACKGROUND);
        if (background != null) {
            background.forEach(m -> markers.add((IntervalMarker) m));
        }
        return markers;
    }

    static List<String> subtitles(JFreeChart chart) {
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < chart.getSubtitleCount(); i++) {
            if (chart.getSubtitle(i) instanceof TextTitle title) {
                texts.add(title.getText());
            }
        }
        return texts;
    }

    /** The PNG decodes and has exactly the chart's declared size. */
    static void assertValidPng(Chart chart) throws IOException {
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(ChartFiles.png(chart)));
        assertNotNull(image, chart.name() + ".png does not decode");
        assertEquals(chart.widthPx(), image.getWidth(), chart.name() + " width");
        assertEquals(chart.heightPx(), image.getHeight(), chart.name() + " height");
    }

    /** The SVG parses as XML (its DTD not fetched: builds are offline) and declares the chart's size. */
    static void assertValidSvg(Chart chart) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        Element svg = factory.newDocumentBuilder()
                .parse(new InputSource(new StringReader(ChartFiles.svg(chart)))).getDocumentElement();
        assertEquals("svg", svg.getTagName(), chart.name());
        assertEquals(chart.widthPx(), Double.parseDouble(svg.getAttribute("width")), 0.0, chart.name() + " width");
        assertEquals(chart.heightPx(), Double.parseDouble(svg.getAttribute("height")), 0.0, chart.name() + " height");
    }
}
