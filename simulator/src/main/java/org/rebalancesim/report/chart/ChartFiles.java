package org.rebalancesim.report.chart;

import java.awt.Rectangle;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.ChartUtils;
import org.jfree.svg.SVGGraphics2D;
import org.rebalancesim.output.AtomicFiles;

/** Renders charts to PNG (for pages and READMEs) and SVG (sharp when zoomed or printed). Headless. */
public final class ChartFiles {

    static {
        // Charts are drawn off-screen; without this a machine with no display fails on the first font.
        System.setProperty("java.awt.headless", "true");
    }

    private ChartFiles() {
    }

    public static byte[] png(Chart chart) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            ChartUtils.writeChartAsPNG(bytes, chart.chart(), chart.widthPx(), chart.heightPx());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    public static String svg(Chart chart) {
        SVGGraphics2D graphics = new SVGGraphics2D(chart.widthPx(), chart.heightPx());
        // The default prefix of clip-path ids is the clock: the same chart would give a different file
        // every time. The chart's name keeps ids stable and distinct when several SVGs share a page.
        graphics.setDefsKeyPrefix(chart.name() + "-");
        // Coordinates to a hundredth of a pixel, not 15 digits: no screen or printer shows the difference, and a
        // busy timeline's SVG of thousands of bars is a quarter smaller for it.
        graphics.setGeomDoubleConverter(ChartFiles::hundredths);
        chart.chart().draw(graphics, new Rectangle(0, 0, chart.widthPx(), chart.heightPx()));
        return graphics.getSVGDocument();
    }

    /** {@code value} rounded to two decimals, without trailing zeros: 964.014742 → "964.01", 74.0 → "74". */
    static String hundredths(double value) {
        return BigDecimal.valueOf(value).setScale(2, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
    }

    /** Writes {@code name.png} and {@code name.svg} of every chart into {@code dir}; returns the PNG paths. */
    public static List<Path> write(Path dir, List<Chart> charts) throws IOException {
        List<Path> written = new ArrayList<>();
        for (Chart chart : charts) {
            written.add(AtomicFiles.write(dir.resolve(chart.name() + ".png"), png(chart)));
            AtomicFiles.write(dir.resolve(chart.name() + ".svg"), svg(chart).getBytes(StandardCharsets.UTF_8));
        }
        return written;
    }
}
