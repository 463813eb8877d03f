package org.rebalancesim.report;

import org.rebalancesim.output.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rebalancesim.report.chart.Chart;
import org.rebalancesim.report.chart.ChartFiles;
import org.rebalancesim.report.chart.DistinctNames;

/**
 * The files of one report directory: metrics.csv, summary.md, report.html, story.txt.gz and each
 * chart's PNG and SVG. Everything is rendered in memory first and only then written, each file through
 * {@link AtomicFiles}: a failure while rendering writes nothing, and no file is ever half-written.
 */
public final class ReportFiles {

    public static final String CSV = "metrics.csv";
    public static final String MARKDOWN = "summary.md";
    public static final String HTML = "report.html";

    private ReportFiles() {
    }

    /** Renders each chart once, under a file stem that is safe on every file system and unique. */
    public static List<ReportPage.ChartImage> render(List<Chart> charts) {
        List<String> stems = DistinctNames.of(charts.stream().map(chart -> fileStem(chart.name())).toList());
        List<ReportPage.ChartImage> images = new ArrayList<>();
        for (int i = 0; i < charts.size(); i++) {
            Chart chart = charts.get(i);
            images.add(new ReportPage.ChartImage(stems.get(i), chart.title(), chart.widthPx(), chart.heightPx(),
                    ChartFiles.png(chart), ChartFiles.svg(chart)));
        }
        return images;
    }

    /** File name to content, in the order they are written and printed. */
    public static Map<String, byte[]> render(ReportPage page) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put(CSV, utf8(page.seedRuns() == null ? CsvReport.render(page.results())
                : CsvReport.render(page.seedRuns())));
        files.put(MARKDOWN, utf8(MarkdownReport.render(page)));
        files.put(HTML, utf8(HtmlReport.render(page)));
        files.put(StoryFile.NAME, StoryFile.gzip(StoryFile.text(page)));
        for (ReportPage.ChartImage chart : page.charts()) {
            files.put(chart.stem() + ".png", chart.png());
            files.put(chart.stem() + ".svg", utf8(chart.svg()));
        }
        return files;
    }

    /** Writes every file into {@code dir} (created if needed); returns the paths in order. */
    public static List<Path> write(Path dir, Map<String, byte[]> files) throws IOException {
        List<Path> written = new ArrayList<>();
        for (Map.Entry<String, byte[]> file : files.entrySet()) {
            written.add(AtomicFiles.write(dir.resolve(file.getKey()), file.getValue()));
        }
        return written;
    }

    /**
     * A chart name as a file stem: chart names carry variant names, which are user text and, in a
     * comparison, contain a '/'. Letters, digits, '.', '_' and '-' stay; anything else becomes '_',
     * and a leading '.' too (no hidden files).
     */
    static String fileStem(String name) {
        String stem = name.replaceAll("[^A-Za-z0-9._-]", "_");
        if (stem.isEmpty()) {
            return "chart";
        }
        return stem.startsWith(".") ? "_" + stem.substring(1) : stem;
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
