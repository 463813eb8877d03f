package org.rebalancesim.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.rebalancesim.explain.StoryLine;
import org.rebalancesim.explain.VariantExplanation;
import org.w3c.dom.Element;

/** report.html shows a long story shortened, says how much is left out and where it is; story.txt.gz has it all. */
class HtmlStoryLengthTest {

    /** 1,000 lines: one rebalance every tenth line, GC pauses that caused nothing between them. */
    private static List<StoryLine> longStory() {
        List<StoryLine> lines = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            lines.add(i % 10 == 0 ? new StoryLine(i * 1_000L, "generation " + i + " started", true)
                    : new StoryLine(i * 1_000L, "c1 paused by GC for 1 s"));
        }
        return lines;
    }

    private static ReportPage withStory(List<StoryLine> lines) {
        ReportPage page = ReportPageTest.page();
        List<ReportPage.Column> columns = new ArrayList<>();
        for (ReportPage.Column column : page.columns()) {
            VariantExplanation story = column.story();
            columns.add(new ReportPage.Column(column.name(), column.file(), column.result(), column.config(),
                    new VariantExplanation(story.variant(), story.protocol(), "session.timeout.ms 45 s", lines,
                            story.summary(), story.helped())));
        }
        return new ReportPage(page.title(), page.description(), page.sources(), columns, page.simulatorVersion(),
                page.reproduceCommand(), page.charts());
    }

    @Test
    void aLongStoryIsShortenedToItsCausesAndTheEarliestOthersWithAPointerToTheFile() throws IOException {
        Map<String, byte[]> files = ReportFiles.render(withStory(longStory()));
        List<Element> tables = ReportFormats.elements(ReportFormats.html(files.get(ReportFiles.HTML)), "table").stream()
                .filter(table -> ReportFormats.hasClass(table, "story")).toList();
        assertTrue(tables.size() >= 1);
        for (Element table : tables) {
            List<List<Element>> rows = ReportFormats.bodyRows(table);
            assertEquals(HtmlStorySection.MAX_LINES, rows.size());
            // All 100 rebalances, then the 100 earliest GC pauses: nine in each ten lines, so 11 x 9 of them up to
            // line 109, and the 100th is line 111.
            assertEquals(100, rows.stream().filter(row -> row.get(1).getTextContent().startsWith("generation")).count());
            List<List<Element>> pauses = rows.stream().filter(row -> row.get(1).getTextContent().startsWith("c1")).toList();
            assertEquals(100, pauses.size());
            assertEquals("01:51.000", pauses.get(99).get(0).getTextContent().strip(), "the last GC pause shown");
        }
        String html = new String(files.get(ReportFiles.HTML), StandardCharsets.UTF_8);
        assertTrue(html.contains("200 of 1,000 lines shown") && html.contains("The 800 more lines are in story.txt.gz"),
                "the page says what it left out and where it is");
        String story;
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(files.get(StoryFile.NAME)))) {
            story = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertEquals(tables.size() * 1_000L, story.lines().filter(line -> line.matches("\\d\\d:\\d\\d\\.\\d{3}  .*")).count(),
                "the file has every line of every variant");
    }

    @Test
    void aShortStoryIsWhole() {
        Map<String, byte[]> files = ReportFiles.render(withStory(longStory().subList(0, HtmlStorySection.MAX_LINES)));
        String html = new String(files.get(ReportFiles.HTML), StandardCharsets.UTF_8);
        assertTrue(!html.contains("lines shown"), "no note when nothing is left out");
    }
}
