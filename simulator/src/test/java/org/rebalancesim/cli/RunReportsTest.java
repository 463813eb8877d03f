package org.rebalancesim.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.rebalancesim.report.ReportFormats;
import org.rebalancesim.report.chart.RunCharts;
import org.rebalancesim.run.ScenarioRunner;
import org.rebalancesim.scenario.ScenarioLoader;
import org.w3c.dom.Document;

/** The files {@code run} writes beside result.json, and what it prints about them. */
class RunReportsTest extends CommandLineTest {

    private static final String HOSTILE = "<script>alert('x')</script> & friends";
    private static final String SMALL = """
            name: small
            description: "%s"
            seed: 3
            duration: 2m
            group: {id: run-reports}
            topics: [{name: t, partitions: 4, rate: 40/s}]
            consumers:
              count: 2
              config: {session.timeout.ms: 10000}
              startup: {jvmStart: 1s}
            timeline:
              - at: 90s
                crash: {consumer: c2}
            variants:
              - name: a
              - name: b
                consumers: {config: {session.timeout.ms: 45000}}
            """.formatted(HOSTILE);

    private Path scenario() throws IOException {
        return Files.writeString(dir.resolve("small.yaml"), SMALL);
    }

    private static Set<String> fileNames(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString()).collect(Collectors.toCollection(TreeSet::new));
        }
    }

    @Test
    void runWritesEveryReportAndChartAndPrintsEveryPath() throws Exception {
        Path file = scenario();
        Path reports = dir.resolve("reports");
        assertEquals(0, cli("run", file.toString(), "--out", reports.toString()), err);
        Path folder = reports.resolve("small");
        Set<String> names = fileNames(folder);
        assertTrue(names.containsAll(List.of("result.json", "metrics.csv", "summary.md", "report.html", "story.txt.gz")),
                names.toString());
        int charts = RunCharts.of(ScenarioRunner.run(ScenarioLoader.load(file), null, ScenarioRunner.DEFAULT_MAX_EVENTS))
                .size();
        assertEquals(5 + 2 * charts, names.size(), "the five files and a PNG and an SVG per chart: " + names);
        for (String name : names) {
            assertTrue(out.contains("wrote " + folder.resolve(name) + "\n"), name + " not printed:\n" + out);
        }
        assertTrue(out.indexOf("wrote " + folder.resolve("result.json")) < out.indexOf("wrote " + folder.resolve("metrics.csv")));
        assertEquals(charts, ReportFormats.assertSelfContained(Files.readAllBytes(folder.resolve("report.html"))));
    }

    @Test
    void jsonFormatPrintsOnlyResultJson() throws IOException {
        Path reports = dir.resolve("reports");
        assertEquals(0, cli("run", scenario().toString(), "--out", reports.toString(), "--format", "json"), err);
        assertEquals(Files.readString(reports.resolve("small").resolve("result.json")), out);
        new ObjectMapper().readTree(out);
    }

    @Test
    void theSameRunGivesTheSameBytesInEveryFile() throws IOException {
        Path file = scenario();
        assertEquals(0, cli("run", file.toString(), "--out", dir.resolve("one").toString()));
        assertEquals(0, cli("run", file.toString(), "--out", dir.resolve("two").toString()));
        Path one = dir.resolve("one").resolve("small");
        Path two = dir.resolve("two").resolve("small");
        assertEquals(fileNames(one), fileNames(two));
        for (String name : fileNames(one)) {
            assertArrayEquals(Files.readAllBytes(one.resolve(name)), Files.readAllBytes(two.resolve(name)),
                    name + " differs between two runs");
        }
    }

    @Test
    void aHostileDescriptionStaysText() throws IOException {
        Path reports = dir.resolve("reports");
        assertEquals(0, cli("run", scenario().toString(), "--out", reports.toString()), err);
        byte[] html = Files.readAllBytes(reports.resolve("small").resolve("report.html"));
        ReportFormats.assertSelfContained(html);
        Document page = ReportFormats.html(html);
        assertEquals(HOSTILE, ReportFormats.elements(page, "p").get(0).getTextContent());
        String md = Files.readString(reports.resolve("small").resolve("summary.md"));
        assertFalse(md.toLowerCase(Locale.ROOT).contains("<script"), md);
        assertTrue(md.contains("&lt;script&gt;alert('x')&lt;/script&gt; &amp; friends"), md);
    }

    @Test
    void aFileThatCannotBeWrittenIsBadInputAndLeavesNoTemporaryFiles() throws IOException {
        Path reports = dir.resolve("reports");
        Path blocked = reports.resolve("small").resolve("report.html");
        Files.createDirectories(blocked);
        Files.writeString(blocked.resolve("keep"), "a directory where report.html should go");
        assertEquals(2, cli("run", scenario().toString(), "--out", reports.toString()));
        assertTrue(err.contains("cannot write the results under " + reports), err);
        assertFalse(err.contains("\tat "), err);
        assertTrue(fileNames(reports.resolve("small")).stream().noneMatch(name -> name.endsWith(".tmp")),
                fileNames(reports.resolve("small")).toString());
    }
}
