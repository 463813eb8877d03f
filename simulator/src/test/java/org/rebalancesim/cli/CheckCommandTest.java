package org.rebalancesim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.registry.Direction;
import org.rebalancesim.metrics.registry.Metric;
import org.rebalancesim.metrics.registry.RunKind;
import org.w3c.dom.Document;
import org.xml.sax.InputSource;

/**
 * {@code check} as a CI job meets it. The scenario: c1's JVM stops for 20 s at 30 s. With
 * session.timeout.ms 45000 its session outlives the pause (20 + 3 s heartbeat < 45 s): no rebalance
 * in the measured window. With 10000 the coordinator evicts it (20 >= 10: rebalance 1), and when it
 * resumes its heartbeat is answered UNKNOWN_MEMBER_ID and it joins again (rebalance 2; the first one
 * ended within a heartbeat interval of the eviction, long before the pause ends at 50 s).
 */
class CheckCommandTest extends CommandLineTest {

    private static final String SCENARIO = """
            name: gc-check
            seed: 5
            duration: 2m
            measure: {from: 20s}
            group: {id: check-test}
            topics: [{name: t, partitions: 6, rate: 60/s}]
            consumers:
              count: 3
              config: {session.timeout.ms: 45000, heartbeat.interval.ms: 3000}
              startup: {jvmStart: 1s}
            timeline:
              - at: 30s
                gcPause: {consumer: c1, duration: 20s}
            """;

    private static final String SHORT_SESSION = SCENARIO.replace("session.timeout.ms: 45000", "session.timeout.ms: 10000");

    private Path baselineOf(String yaml) throws IOException {
        Path file = write("scenarios/gc-check.yaml", yaml);
        Path baselines = dir.resolve("baseline");
        assertEquals(0, cli("check", file.toString(), "--baseline", baselines.toString(), "--update-baseline"), err);
        assertTrue(Files.exists(baselines.resolve("gc-check.json")), out);
        return baselines;
    }

    @Test
    void aConfigChangeThatWorsensStopTheWorldFailsWithTheMetricAndExitOne() throws IOException {
        Path baselines = baselineOf(SCENARIO);
        Path file = write("scenarios/gc-check.yaml", SHORT_SESSION);
        assertEquals(1, cli("check", file.toString(), "--baseline", baselines.toString()));
        assertTrue(out.contains("fail      gc-check / base"), out);
        assertTrue(out.contains("gc-check / base: rebalances got worse: baseline 0, actual 2, change +2 (from 0), tolerance 0%"), out);
        assertTrue(out.contains("gc-check / base: stopTheWorldMs got worse: baseline 0, actual "), out);
        assertTrue(out.contains("gc-check / base: evictions got worse: baseline 0, actual 1"), out);
        // The edit is not hidden: the baseline was made for another version of the file.
        assertTrue(out.contains("made for another version of the file"), out);
    }

    @Test
    void anImprovementPassesAndIsReported() throws IOException {
        Path baselines = baselineOf(SCENARIO);
        Path stored = baselines.resolve("gc-check.json");
        // A baseline from a worse past: two rebalances, 5 s of stop-the-world.
        Files.writeString(stored, Files.readString(stored).replace("\"rebalances\" : 0", "\"rebalances\" : 2")
                .replace("\"stopTheWorldMs\" : 0", "\"stopTheWorldMs\" : 5000"));
        assertEquals(0, cli("check", dir.resolve("scenarios/gc-check.yaml").toString(), "--baseline", baselines.toString()));
        assertTrue(out.contains("improved  gc-check / base  (rebalances 2 → 0, -100.0%, stopTheWorldMs 5000 → 0, -100.0%)"), out);
        assertFalse(out.contains("note:"), out);
    }

    /**
     * A baseline stored before a metric was added lacks it: the metric has nothing to be compared with,
     * so it is not judged, and the run passes (docs/metrics.md "Adding a metric").
     */
    @Test
    void aMetricMissingFromAnOlderBaselineDoesNotFail() throws IOException {
        Path baselines = baselineOf(SHORT_SESSION);
        Path stored = baselines.resolve("gc-check.json");
        String older = Files.readString(stored).replaceAll(
                "\\s*\"(groupEpochBumps|reconcilingTimeMs|newMemberWaitMs)\" : [0-9]+,", "");
        assertFalse(older.contains("groupEpochBumps"), older);
        Files.writeString(stored, older);
        assertEquals(0, cli("check", dir.resolve("scenarios/gc-check.yaml").toString(), "--baseline", baselines.toString()));
        assertTrue(out.startsWith("pass      gc-check / base\n"), out);
    }

    @Test
    void anUnchangedScenarioPassesWithoutNotices() throws IOException {
        Path baselines = baselineOf(SCENARIO);
        assertEquals(0, cli("check", dir.resolve("scenarios").toString(), "--baseline", baselines.toString()));
        assertTrue(out.startsWith("pass      gc-check / base\n"), out);
        assertFalse(out.contains("note:"), out);
    }

    @Test
    void toleranceFromTheFileOrTheCommandLineLetsAWorseningPass() throws IOException {
        Path baselines = baselineOf(SCENARIO);
        String tolerant = SHORT_SESSION + """
                tolerance:
                  rebalances: 2
                  groupEpochBumps: 2
                  evictions: 1
                  commitFailures.commitFailed: 1
                  default: 1000000%
                """;
        Path file = write("scenarios/gc-check.yaml", tolerant);
        // From 0, a percentage allows nothing: the times fail even with the huge default ...
        assertEquals(1, cli("check", file.toString(), "--baseline", baselines.toString()));
        assertFalse(out.contains("rebalances got worse"), out);
        assertTrue(out.contains("stopTheWorldMs got worse"), out);
        // ... until the command line gives the time metrics an amount of their own.
        assertEquals(0, cli("check", file.toString(), "--baseline", baselines.toString(),
                "--tolerance", "stopTheWorldMs=10m", "--tolerance", "maxStopTheWorldMs=10m",
                "--tolerance", "rebalanceTimeMs=10m", "--tolerance", "partitionDowntimeMs=10m",
                "--tolerance", "maxPartitionDowntimeMs=10m", "--tolerance", "zombieOverlapMs=10m", "--tolerance", "downtimeByCause.rebalance=10m",
                "--tolerance", "downtimeByCause.pausedOwner=10m", "--tolerance", "duplicates=100000",
                "--tolerance", "maxLag=100000", "--tolerance", "finalLag=100000",
                "--tolerance", "partitionsMoved=100", "--tolerance", "recordsProcessedUnique=100000"), out);
    }

    @Test
    void withoutBaselinesOnlyTheRulesCountAndReportsAreWrittenForCiArtifacts() throws IOException {
        Path file = write("scenarios/gc-check.yaml", SCENARIO + """
                expect:
                  base:
                    evictions: "== 0"
                """);
        Path reports = dir.resolve("reports");
        assertEquals(0, cli("check", file.toString(), "--out", reports.toString()));
        assertTrue(out.startsWith("pass      gc-check / base\n"), out);
        for (String name : new String[] {"result.json", "metrics.csv", "summary.md", "report.html", "timeline-base.png"}) {
            assertTrue(Files.exists(reports.resolve("gc-check").resolve(name)), name);
        }
    }

    @Test
    void aBaselineOfAnotherSimulatorVersionIsReportedNotSilentlyCompared() throws IOException {
        Path baselines = baselineOf(SCENARIO);
        Path stored = baselines.resolve("gc-check.json");
        Files.writeString(stored, Files.readString(stored).replaceFirst("\"simulatorVersion\" : \"[^\"]*\"",
                "\"simulatorVersion\" : \"0.0.1-old\""));
        assertEquals(0, cli("check", dir.resolve("scenarios/gc-check.yaml").toString(), "--baseline", baselines.toString()));
        assertTrue(out.contains("note: ") && out.contains("the baseline was made by simulator 0.0.1-old"), out);
    }

    @Test
    void baselinesArePlainJsonWithOneMetricPerLineAndAreRewrittenIdentically() throws IOException {
        Path baselines = baselineOf(SCENARIO);
        String first = Files.readString(baselines.resolve("gc-check.json"));
        assertTrue(first.contains("\n      \"stopTheWorldMs\" : 0,\n"), first);
        assertTrue(first.contains("\"scenarioSha256\""), first);
        baselineOf(SCENARIO);
        assertEquals(first, Files.readString(baselines.resolve("gc-check.json")));
    }

    @Test
    void junitXmlHasATestcasePerRuleAndValidatesAgainstTheSchemaCiToolsRead() throws Exception {
        Path baselines = baselineOf(SCENARIO);
        Path file = write("scenarios/gc-check.yaml", SHORT_SESSION + """
                expect:
                  base:
                    evictions: "== 1"
                    rebalances: "== 0"
                """);
        Path junit = dir.resolve("out/junit.xml");
        assertEquals(1, cli("check", file.toString(), "--baseline", baselines.toString(), "--junit", junit.toString()));
        String xml = Files.readString(junit);
        SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI)
                .newSchema(getClass().getResource("/junit-report.xsd"))
                .newValidator().validate(new StreamSource(new StringReader(xml)));
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new InputSource(new StringReader(xml)));
        // 2 expect: rules + every metric of a plain group that has a better direction (all but NEUTRAL ones).
        long judged = Metric.allNames().stream().filter(name -> Metric.of(name).direction() != Direction.NEUTRAL
                && Metric.of(name).appliesTo(RunKind.PLAIN)).count();
        assertEquals(2 + judged, doc.getElementsByTagName("testcase").getLength(), xml);
        assertTrue(xml.contains("name=\"expect rebalances == 0\">"), xml);
        assertTrue(xml.contains("<testcase classname=\"gc-check.base\" name=\"expect evictions == 1\"/>"), xml);
        int failures = doc.getElementsByTagName("failure").getLength();
        assertEquals(String.valueOf(failures), doc.getDocumentElement().getAttribute("failures"));
        assertTrue(failures >= 4, xml); // expect rebalances, baseline rebalances, evictions, stopTheWorldMs
    }

    /**
     * In CI a scenario added without its baseline (or renamed) passes as "new" and is never compared again;
     * --require-baseline makes that a failure that says how to fix it, and --update-baseline still writes it.
     */
    @Test
    void requireBaselineFailsAVariantWithoutOneAndSaysHowToFixIt() throws IOException {
        Path file = write("scenarios/gc-check.yaml", SCENARIO);
        Path baselines = dir.resolve("baseline");
        assertEquals(0, cli("check", file.toString(), "--baseline", baselines.toString()));
        assertTrue(out.startsWith("new       gc-check / base  (no baseline yet)\n"), out);
        assertEquals(1, cli("check", file.toString(), "--baseline", baselines.toString(), "--require-baseline"));
        assertTrue(out.startsWith("missing   gc-check / base  (no baseline, and --require-baseline)\n"), out);
        assertTrue(out.contains("gc-check / base: no baseline for this variant: run check --update-baseline"), out);
        assertTrue(out.contains("1 scenario, 1 variant: 0 pass, 0 improved, 0 new, 1 missing, 0 fail"), out);
        Path junit = dir.resolve("out/junit.xml");
        assertEquals(1, cli("check", file.toString(), "--baseline", baselines.toString(), "--require-baseline",
                "--junit", junit.toString()));
        assertTrue(Files.readString(junit).contains("type=\"missing-baseline\""), Files.readString(junit));
        assertEquals(0, cli("check", file.toString(), "--baseline", baselines.toString(), "--require-baseline",
                "--update-baseline"), out);
        assertEquals(0, cli("check", file.toString(), "--baseline", baselines.toString(), "--require-baseline"));
        assertTrue(out.startsWith("pass      gc-check / base\n"), out);
        assertEquals(2, cli("check", file.toString(), "--require-baseline"));
        assertTrue(err.contains("--require-baseline needs --baseline DIR"), err);
    }

    /** --format json: the same verdicts as data, and nothing else on stdout, for a bot to parse. */
    @Test
    void jsonOutputCarriesTheVerdictsForScripts() throws IOException {
        Path baselines = baselineOf(SCENARIO);
        Path file = write("scenarios/gc-check.yaml", SHORT_SESSION + """
                expect:
                  base:
                    evictions: "== 1"
                """);
        assertEquals(1, cli("check", file.toString(), "--baseline", baselines.toString(), "--format", "json"));
        JsonNode json = new ObjectMapper().readTree(out);
        JsonNode variant = json.path("scenarios").path(0).path("variants").path(0);
        assertEquals("fail", variant.path("status").asText());
        assertEquals("== 1", variant.path("expectations").path(0).path("rule").asText());
        assertTrue(variant.path("expectations").path(0).path("passed").asBoolean());
        JsonNode rebalances = null;
        for (JsonNode metric : variant.path("metrics")) {
            rebalances = metric.path("metric").asText().equals("rebalances") ? metric : rebalances;
        }
        assertEquals(0, rebalances.path("baseline").asInt());
        assertEquals(2, rebalances.path("actual").asInt());
        assertEquals("worse", rebalances.path("outcome").asText());
        assertTrue(rebalances.path("message").asText().startsWith("rebalances got worse: baseline 0, actual 2"));
        assertEquals(1, json.path("counts").path("fail").asInt());
        assertTrue(json.path("failed").asBoolean());
        assertTrue(json.path("scenarios").path(0).path("notices").path(0).asText().contains("another version"), out);
    }

    @Test
    void badInputExitsTwoWithTheFileAndTheFix() throws IOException {
        assertEquals(2, cli("check", dir.resolve("missing.yaml").toString()));
        assertTrue(err.contains("missing.yaml"), err);
        Files.createDirectories(dir.resolve("empty"));
        assertEquals(2, cli("check", dir.resolve("empty").toString()));
        assertTrue(err.contains("no scenario files"), err);
        Path file = write("scenarios/gc-check.yaml", SCENARIO);
        assertEquals(2, cli("check", file.toString(), "--update-baseline"));
        assertTrue(err.contains("--update-baseline needs --baseline"), err);
        assertEquals(2, cli("check", file.toString(), "--tolerance", "stopTheWorld=5%"));
        assertTrue(err.contains("unknown metric 'stopTheWorld'"), err);
        assertEquals(2, cli("check", file.toString(), "--tolerance", "2s"));
        assertTrue(err.contains("a percentage of the baseline"), err);
        write("other/gc-check.yaml", SCENARIO);
        assertEquals(2, cli("check", dir.toString()));
        assertTrue(err.contains("is also the name of"), err);
        Path baselines = dir.resolve("baseline");
        write("baseline/gc-check.json", "{\"scenario\": ");
        assertEquals(2, cli("check", file.toString(), "--baseline", baselines.toString()));
        assertTrue(err.contains("gc-check.json: not a readable baseline") && err.contains("--update-baseline"), err);
        assertFalse(err.contains("Exception"), err);
    }
}
