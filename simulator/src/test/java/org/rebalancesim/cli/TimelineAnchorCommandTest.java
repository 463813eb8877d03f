package org.rebalancesim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Anchored timeline entries as a user meets them: the report, explain and run's warnings say when they ran. */
class TimelineAnchorCommandTest extends CommandLineTest {

    private static final String SCENARIO = """
            name: anchored
            duration: 1m
            cluster: {network: {latency: {constant: 1ms}}}
            group: {id: anchored}
            topics: [{name: t, partitions: 4, rate: 40/s}]
            consumers: {count: 2, startup: {jvmStart: 1s}}
            timeline:
              - {at: {after: stable, plus: 10s}, crash: {consumer: c2}}
              - {at: {after: stableAgain, plus: 30s}, stop: {consumer: c1}}
            """;

    @Test
    void theReportExplainAndRunSayWhenEachAnchoredEntryRan() throws IOException {
        Path file = write("anchored.yaml", SCENARIO);
        Path reports = dir.resolve("reports");
        assertEquals(0, cli("run", file.toString(), "--out", reports.toString()), err);
        // c2's eviction would settle the group again 45 s after the crash: past the end of the run.
        assertTrue(err.contains("warning: " + file + ": variant base: timeline[1] stop {consumer: c1} at {after: "
                + "stableAgain, plus: 30s} never ran: the group did not settle again after timeline[0] (crash "
                + "{consumer: c2}), which ran at "), err);
        String md = Files.readString(reports.resolve("anchored").resolve("summary.md"));
        assertTrue(md.contains("## When the anchored timeline entries ran\n\n### base\n\n```text\n"
                + "timeline[0] crash {consumer: c2} ran at "), md);
        assertTrue(md.contains(", 10s after the group settled (at "), md);
        String html = Files.readString(reports.resolve("anchored").resolve("report.html"));
        assertTrue(html.contains("<pre class=\"anchored\">timeline[0] crash {consumer: c2} ran at "), html);

        assertEquals(0, cli("explain", file.toString()), err);
        assertTrue(out.contains("timeline[0] crash {consumer: c2} ran at "), out);
    }
}
