package org.rebalancesim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rebalancesim.calibration.CalibrationException;
import org.rebalancesim.calibration.CalibrationOptions;
import org.rebalancesim.calibration.MeasuredEvent;
import org.rebalancesim.calibration.MeasurementSource;
import org.rebalancesim.scenario.Variant;
import picocli.CommandLine;

/** calibrate as a user meets it, with a fake measurement source (a fixed event log: no Kafka). */
class CalibrateCommandTest {

    @TempDir
    Path dir;

    private String out;
    private String err;

    // c2 crashes at 10 s; with a 6 s session it is evicted at about 16 s: 2 rebalances, 1 eviction.
    private static final String SCENARIO = """
            name: calib-cli
            seed: 5
            duration: 20s
            group: {id: calib-cli}
            topics: [{name: t, partitions: 4, rate: 20/s}]
            consumers:
              count: 2
              config:
                partition.assignment.strategy: range
                session.timeout.ms: 6000
                heartbeat.interval.ms: 2000
                max.poll.interval.ms: 10000
              startup: {jvmStart: 1s}
            timeline:
              - at: 10s
                crash: {consumer: c2}
            """;

    /** What real Kafka would log for SCENARIO, give or take: same rebalances and eviction. */
    static List<MeasuredEvent> crashLog() {
        List<MeasuredEvent> events = new ArrayList<>();
        events.add(event(1000, "c1", "started", -1));
        events.add(event(1000, "c2", "started", -1));
        events.add(event(4000, "c1", "assigned", 1, "t-0", "t-1"));
        events.add(event(4010, "c2", "assigned", 1, "t-2", "t-3"));
        events.add(event(10_000, "c2", "killed", -1));
        events.add(event(16_500, "c1", "joining", 1));
        events.add(event(16_500, "c1", "revoked", 1, "t-0", "t-1"));
        events.add(event(17_000, "c1", "assigned", 2, "t-0", "t-1", "t-2", "t-3"));
        return events;
    }

    /** No crash: one rebalance, no eviction. */
    static List<MeasuredEvent> calmLog() {
        return crashLog().subList(0, 4);
    }

    static MeasuredEvent event(long atMs, String pod, String type, int generation, String... partitions) {
        return new MeasuredEvent(atMs, pod, type, List.of(partitions), generation, null, -1, -1, -1, null, null);
    }

    /** Returns a fixed log and remembers how it was called. */
    static final class FakeSource implements MeasurementSource {
        final List<MeasuredEvent> events;
        final List<CalibrationOptions> calls = new ArrayList<>();
        List<String> unsupported = List.of();
        RuntimeException failure;

        FakeSource(List<MeasuredEvent> events) {
            this.events = events;
        }

        @Override
        public List<MeasuredEvent> measure(Variant variant, CalibrationOptions options) {
            calls.add(options);
            if (failure != null) {
                throw failure;
            }
            return events;
        }

        @Override
        public List<String> unsupported(Variant variant) {
            return unsupported;
        }
    }

    private int calibrate(MeasurementSource source, String... args) {
        return calibrate(() -> source, args);
    }

    private int calibrate(Supplier<MeasurementSource> sources, String... args) {
        StringWriter outText = new StringWriter();
        StringWriter errText = new StringWriter();
        CommandLine commandLine = new CommandLine(new CalibrateCommand(sources));
        commandLine.setOut(new PrintWriter(outText, true));
        commandLine.setErr(new PrintWriter(errText, true));
        int code = commandLine.execute(args);
        out = outText.toString();
        err = errText.toString();
        return code;
    }

    private Path scenario() throws IOException {
        Path file = dir.resolve("calib-cli.yaml");
        Files.writeString(file, SCENARIO);
        return file;
    }

    /**
     * --recorded-runs compares with the runs an earlier calibrate left in --out and measures nothing: two
     * recorded runs of the crash give its 2 rebalances and 1 eviction; a third run asked for but never
     * measured is bad input naming its file, and a cluster to measure on has nothing to do.
     */
    @Test
    void recordedRunsAreComparedAgainWithoutMeasuring() throws IOException {
        Path reports = dir.resolve("reports");
        ObjectMapper json = new ObjectMapper();
        for (int run = 1; run <= 2; run++) {
            Path runDir = Files.createDirectories(reports.resolve("calib-cli").resolve("base").resolve("run-" + run));
            StringBuilder lines = new StringBuilder();
            for (MeasuredEvent event : crashLog()) {
                lines.append(json.writeValueAsString(event)).append('\n');
            }
            Files.writeString(runDir.resolve("events.jsonl"), lines);
        }
        FakeSource neverAsked = new FakeSource(calmLog());
        String file = scenario().toString();

        int code = calibrate(neverAsked, file, "--out", reports.toString(), "--repeat", "2", "--recorded-runs",
                "--tolerance", "100000");
        assertEquals(0, code, out + err);
        assertTrue(out.contains("reading the measured calib-cli, variant base, run 2 of 2"), out);
        assertTrue(neverAsked.calls.isEmpty(), "nothing is measured");
        JsonNode written = new ObjectMapper().readTree(reports.resolve("calib-cli").resolve("calibration.json").toFile());
        assertEquals(2, written.get("repeat").asInt());
        assertTrue(written.get("passed").asBoolean(), written.toString());

        assertEquals(2, calibrate(neverAsked, file, "--out", reports.toString(), "--repeat", "3", "--recorded-runs"));
        assertTrue(err.contains("run-3") && err.contains("events.jsonl") && err.contains("measure it first"), err);
        assertEquals(2, calibrate(neverAsked, file, "--out", reports.toString(), "--recorded-runs",
                "--bootstrap-server", "localhost:9092"));
        assertTrue(err.contains("--recorded-runs measures nothing"), err);
    }

    /**
     * --runs-from reads the recorded runs of earlier batches one after the other, so two batches are judged as one:
     * the crash measured in the first batch and a calm run in the second are runs 1 and 2, in that order (1 and 0
     * evictions), and the results go to --out. More runs than the batches hold, or --runs-from without
     * --recorded-runs, or a directory that is not there, are bad input.
     */
    @Test
    void runsFromJudgesSeveralBatchesAsOne() throws IOException {
        ObjectMapper json = new ObjectMapper();
        Path first = dir.resolve("batch-1");
        Path second = dir.resolve("batch-2");
        writeRun(first, 1, crashLog(), json);
        writeRun(second, 1, calmLog(), json);
        Path reports = dir.resolve("pooled");
        FakeSource neverAsked = new FakeSource(calmLog());
        String file = scenario().toString();

        int code = calibrate(neverAsked, file, "--out", reports.toString(), "--repeat", "2", "--recorded-runs",
                "--runs-from", first.toString(), "--runs-from", second.toString(), "--tolerance", "100000");
        assertTrue(code == 0 || code == 1, out + err);
        assertTrue(out.contains("reading the measured calib-cli, variant base, run 2 of 2"), out);
        assertTrue(neverAsked.calls.isEmpty(), "nothing is measured");
        JsonNode written = json.readTree(reports.resolve("calib-cli").resolve("calibration.json").toFile());
        JsonNode evictions = null;
        for (JsonNode metric : written.get("variants").get(0).get("metrics")) {
            if (metric.get("metric").asText().equals("evictions")) {
                evictions = metric.get("measured");
            }
        }
        assertEquals("[1,0]", String.valueOf(evictions), "the first batch's run, then the second's");

        assertEquals(2, calibrate(neverAsked, file, "--out", reports.toString(), "--repeat", "3", "--recorded-runs",
                "--runs-from", first.toString(), "--runs-from", second.toString()));
        assertTrue(err.contains("hold 2 recorded runs of calib-cli, variant base, not 3: ask for --repeat 2 at most"),
                err);
        assertEquals(2, calibrate(neverAsked, file, "--out", reports.toString(), "--runs-from", first.toString()));
        assertTrue(err.contains("--runs-from names recorded runs to read: add --recorded-runs"), err);
        assertEquals(2, calibrate(neverAsked, file, "--out", reports.toString(), "--recorded-runs", "--runs-from",
                dir.resolve("none").toString()));
        assertTrue(err.contains("no such directory"), err);
    }

    private static void writeRun(Path batch, int run, List<MeasuredEvent> events, ObjectMapper json) throws IOException {
        Path runDir = Files.createDirectories(batch.resolve("calib-cli").resolve("base").resolve("run-" + run));
        StringBuilder lines = new StringBuilder();
        for (MeasuredEvent event : events) {
            lines.append(json.writeValueAsString(event)).append('\n');
        }
        Files.writeString(runDir.resolve("events.jsonl"), lines);
    }

    @Test
    void withinToleranceExitsZeroAndWritesCalibrationJson() throws IOException {
        Path reports = dir.resolve("reports");
        FakeSource source = new FakeSource(crashLog());
        // Counts must match exactly; times get a tolerance so wide that only the counts decide.
        int code = calibrate(source, scenario().toString(), "--out", reports.toString(), "--tolerance", "100000");
        assertEquals(0, code, out + err);
        Path json = reports.resolve("calib-cli").resolve("calibration.json");
        assertTrue(out.contains("wrote " + json), out);
        // The combined timeline: simulated above, measured below, one picture per variant.
        Path chart = reports.resolve("calib-cli").resolve("timeline-base-sim-vs-real.png");
        assertTrue(out.contains("wrote " + chart), out);
        assertNotNull(javax.imageio.ImageIO.read(chart.toFile()), "a PNG image");
        assertTrue(Files.exists(reports.resolve("calib-cli").resolve("timeline-base-sim-vs-real.svg")));
        assertTrue(out.contains("calib-cli, variant base: classic/eager (range); 1 run on an embedded broker, time scale 1;"
                + " simulated seeds 5..24 (p5..p95)"), out);
        assertTrue(out.matches("(?s).*metric\\s+unit\\s+simulated\\s+measured\\s+difference\\s+tolerance\\s+ranges\\s+p\\s+verdict.*"), out);
        // Every seed rebalances twice and evicts once, as the one measured run: no spread, the counts decide.
        assertTrue(out.matches("(?s).*\\nrebalances\\s+count\\s+2\\s+2\\s+0\\s+exact\\s+-\\s+-\\s+PASS\\n.*"), out);
        assertTrue(out.matches("(?s).*\\nevictions\\s+count\\s+1\\s+1\\s+0\\s+exact\\s+-\\s+-\\s+PASS\\n.*"), out);
        assertTrue(out.matches("(?s).*\\nduplicates\\s+records\\s+[\\d.]+( \\([\\d.]+\\.\\.[\\d.]+\\))?\\s+0\\s+"
                + "[-+]?[\\d.]+\\s+-\\s+-\\s+-\\s+info\\n.*"), out);
        assertTrue(out.contains("PASS  base: "), out);
        // The fake log has no launches or exits: nothing to fit, the scenario's start-up stays, and says so.
        assertTrue(out.contains("simulated start-up: measured in the runs: jvmStart the scenario's constant(1000ms)"
                + " (0 starts measured, 3 needed);"), out);
        // An eager variant: the simulated stop is heard from the callbacks, as the worker hears Kafka's.
        assertTrue(out.contains("simulated as observed: stop-the-world from each member's first rebalance callback"), out);
        assertEquals(1, source.calls.size());
        CalibrationOptions options = source.calls.get(0);
        assertEquals(null, options.bootstrapServer());
        assertEquals(1, options.repetition());
        assertEquals(5, options.seed());
        assertEquals(reports.resolve("calib-cli").resolve("base").resolve("run-1"), options.runDir());
        assertFalse(options.brokerRequestLog(), "the broker's request log is opt-in: it costs the broker CPU");

        JsonNode root = new ObjectMapper().readTree(json.toFile());
        assertEquals(List.of("scenario", "seed", "simulatorVersion", "scenarioSha256", "cluster", "timeScale", "repeat",
                "simulatedSeeds", "spreadRule", "tolerancePct", "passed", "variants"), names(root));
        assertEquals(20, root.get("simulatedSeeds").size());
        assertEquals(5, root.get("simulatedSeeds").get(0).asLong());
        assertTrue(root.get("passed").asBoolean());
        JsonNode variant = root.get("variants").get(0);
        assertEquals("base", variant.get("name").asText());
        assertEquals(2000, variant.get("heartbeatIntervalMs").asLong());
        assertTrue(variant.get("simulatedStartup").asText().startsWith("measured in the runs: jvmStart "),
                variant.toString());
        JsonNode first = variant.get("metrics").get(0);
        assertEquals(List.of("metric", "unit", "check", "simulated", "simulatedLow", "simulatedHigh", "simulatedRange",
                "measuredMedian", "measuredLow", "measuredHigh", "measuredRange", "measured", "difference", "tolerance",
                "rangesOverlap", "pValue", "verdict"), names(first));
        assertEquals("rebalances", first.get("metric").asText());
        assertEquals("exact", first.get("check").asText());
        assertEquals(2, first.get("measuredMedian").asLong());
        assertEquals("PASS", first.get("verdict").asText());
    }

    @Test
    void scenarioStartupKeepsTheFilesOwnStartup() throws IOException {
        int code = calibrate(new FakeSource(crashLog()), scenario().toString(), "--out", dir.resolve("s").toString(),
                "--tolerance", "100000", "--scenario-startup");
        assertEquals(0, code, out + err);
        assertTrue(out.contains("simulated start-up: the scenario's startup: values (--scenario-startup)"), out);
    }

    @Test
    void replayStartupsSaysSo() throws IOException {
        int code = calibrate(new FakeSource(crashLog()), scenario().toString(), "--out", dir.resolve("r").toString(),
                "--tolerance", "100000", "--replay-startups");
        assertEquals(0, code, out + err);
        assertTrue(out.contains("simulated start-up: replayed from the runs (--replay-startups): seed i launches its"
                + " pods as run (i mod 1) + 1 did; jvmStart "), out);
    }

    @Test
    void scenarioStartupAndReplayStartupsExcludeEachOther() throws IOException {
        int code = calibrate(new FakeSource(crashLog()), scenario().toString(), "--out", dir.resolve("x").toString(),
                "--scenario-startup", "--replay-startups");
        assertEquals(2, code, out + err);
        assertTrue(err.contains("--scenario-startup and --replay-startups both say where the simulated start-ups"
                + " come from: drop one of the two"), err);
        assertFalse(Files.exists(dir.resolve("x")), "nothing written");
    }

    @Test
    void theSameInputWritesTheSameBytes() throws IOException {
        Path file = scenario();
        calibrate(new FakeSource(crashLog()), file.toString(), "--out", dir.resolve("a").toString());
        calibrate(new FakeSource(crashLog()), file.toString(), "--out", dir.resolve("b").toString());
        assertEquals(Files.readString(dir.resolve("a/calib-cli/calibration.json")),
                Files.readString(dir.resolve("b/calib-cli/calibration.json")));
    }

    @Test
    void aCountThatDiffersExitsWithOne() throws IOException {
        Path reports = dir.resolve("reports");
        int code = calibrate(new FakeSource(calmLog()), scenario().toString(), "--out", reports.toString(),
                "--tolerance", "100000");
        assertEquals(1, code, out + err);
        assertTrue(out.matches("(?s).*\\nevictions\\s+count\\s+1\\s+0\\s+\\+1\\s+exact\\s+-\\s+-\\s+FAIL\\n.*"), out);
        assertTrue(out.contains("FAIL  base: "), out);
        assertTrue(out.matches("(?s).*FAIL  base: .*outside \\(rebalances, .*evictions\\).*"), out);
        JsonNode root = new ObjectMapper().readTree(reports.resolve("calib-cli/calibration.json").toFile());
        assertFalse(root.get("passed").asBoolean());
    }

    @Test
    void repeatedRunsReportTheirMedianAndSpread() throws IOException {
        FakeSource source = new FakeSource(crashLog());
        int code = calibrate(source, scenario().toString(), "--out", dir.resolve("r").toString(), "--repeat", "3",
                "--tolerance", "100000", "--bootstrap-server", "localhost:9092", "--time-scale", "0.5");
        assertEquals(0, code, out + err);
        assertEquals(List.of(1, 2, 3), source.calls.stream().map(CalibrationOptions::repetition).toList());
        assertEquals("localhost:9092", source.calls.get(0).bootstrapServer());
        assertEquals(0.5, source.calls.get(0).timeScale().factor(), 1e-9);
        assertTrue(out.contains("3 runs on localhost:9092, time scale 0.5"), out);
        assertTrue(out.contains("measuring calib-cli, variant base, run 3 of 3"), out);
        assertTrue(out.matches("(?s).*\\nrebalances\\s+count\\s+2\\s+2\\s+0\\s+exact\\s+-\\s+-\\s+PASS\\n.*"), out);
        JsonNode rebalances = new ObjectMapper().readTree(dir.resolve("r/calib-cli/calibration.json").toFile())
                .get("variants").get(0).get("metrics").get(0);
        assertEquals("[2,2,2]", rebalances.get("measured").toString());
    }

    @Test
    void aMissingFileIsBadInput() {
        assertEquals(2, calibrate(new FakeSource(crashLog()), dir.resolve("nope.yaml").toString()));
        assertTrue(err.contains("nope.yaml"), err);
    }

    @Test
    void anUnknownVariantIsBadInput() throws IOException {
        assertEquals(2, calibrate(new FakeSource(crashLog()), scenario().toString(), "--variant", "x"));
        assertTrue(err.contains("--variant x: no such variant; the file has base"), err);
    }

    @Test
    void anOperationTheSourceCannotReplayIsBadInputBeforeAnythingRuns() throws IOException {
        FakeSource source = new FakeSource(crashLog());
        source.unsupported = List.of("at 10s: networkPartition cannot be replayed on a single broker");
        assertEquals(2, calibrate(source, scenario().toString(), "--out", dir.toString()));
        assertTrue(err.contains("calib-cli.yaml: variant base: at 10s: networkPartition cannot be replayed"), err);
        assertTrue(source.calls.isEmpty());
        assertFalse(Files.exists(dir.resolve("calib-cli/calibration.json")));
    }

    @Test
    void aBrokerThatDoesNotStartIsBadInputWithoutAStackTrace() throws IOException {
        FakeSource source = new FakeSource(crashLog());
        source.failure = new CalibrationException("the embedded broker did not start within 60 s; see broker.log");
        assertEquals(2, calibrate(source, scenario().toString(), "--out", dir.toString()));
        assertTrue(err.contains("the embedded broker did not start within 60 s; see broker.log"), err);
        assertFalse(err.contains("\tat "), err);
    }

    @Test
    void anUnavailableSourceIsBadInput() throws IOException {
        Supplier<MeasurementSource> unavailable = () -> {
            throw new UnsupportedOperationException("measuring on real Kafka is not available in this build");
        };
        assertEquals(2, calibrate(unavailable, scenario().toString(), "--out", dir.toString()));
        assertTrue(err.contains("rebalance-sim calibrate: measuring on real Kafka is not available in this build"), err);
    }

    @Test
    void theBrokerRequestLogIsAskedOfTheEmbeddedBrokerOnly() throws IOException {
        String file = scenario().toString();
        FakeSource source = new FakeSource(crashLog());
        assertEquals(0, calibrate(source, file, "--out", dir.resolve("log").toString(), "--tolerance", "100000",
                "--broker-request-log"), out + err);
        assertTrue(source.calls.get(0).brokerRequestLog());

        FakeSource external = new FakeSource(crashLog());
        assertEquals(2, calibrate(external, file, "--out", dir.resolve("ext").toString(), "--broker-request-log",
                "--bootstrap-server", "localhost:9092"));
        assertTrue(err.contains("--broker-request-log is for the embedded broker"), err);
        assertTrue(err.contains("drop one of the two"), err);
        assertTrue(external.calls.isEmpty(), "nothing is measured");
        assertFalse(Files.exists(dir.resolve("ext")), "nothing is written");
    }

    @Test
    void badNumbersAreBadInput() throws IOException {
        String file = scenario().toString();
        assertEquals(2, calibrate(new FakeSource(crashLog()), file, "--repeat", "0"));
        assertTrue(err.contains("--repeat"), err);
        assertEquals(2, calibrate(new FakeSource(crashLog()), file, "--time-scale", "0"));
        assertTrue(err.contains("--time-scale"), err);
        assertEquals(2, calibrate(new FakeSource(crashLog()), file, "--tolerance", "-1"));
        assertTrue(err.contains("--tolerance"), err);
    }

    /** The README names calibrate --classpath: the simulation loads the user's assignor from it, as run does. */
    @Test
    void aUsersAssignorLoadsFromClasspath() throws IOException {
        Path jar = AssignorJars.build(dir.resolve("jars"));
        Path file = dir.resolve("calib-cli.yaml");
        Files.writeString(file, SCENARIO.replace("partition.assignment.strategy: range",
                "partition.assignment.strategy: " + AssignorJars.SMALLEST_ID));
        assertEquals(2, calibrate(new FakeSource(crashLog()), file.toString(), "--out", dir.resolve("a").toString()));
        assertTrue(err.contains("pass its jar with --classpath"), err);
        int code = calibrate(new FakeSource(crashLog()), file.toString(), "--out", dir.resolve("b").toString(),
                "--classpath", jar.toString(), "--tolerance", "100000");
        assertTrue(code == 0 || code == 1, out + err);
        assertTrue(out.contains("classic/eager (" + AssignorJars.SMALLEST_ID + ")"), out);
        assertEquals(2, calibrate(new FakeSource(crashLog()), file.toString(), "--classpath",
                dir.resolve("missing.jar").toString()));
        assertTrue(err.contains("--classpath: no such file or directory"), err);
    }

    @Test
    void mainKnowsTheCommand() {
        StringWriter outText = new StringWriter();
        int code = Main.execute(new PrintWriter(outText, true), new PrintWriter(new StringWriter(), true),
                "calibrate", "--help");
        assertEquals(0, code);
        assertTrue(outText.toString().contains("--bootstrap-server"), outText.toString());
        assertEquals(2, Main.execute(new PrintWriter(new StringWriter(), true), new PrintWriter(new StringWriter(), true),
                "calibrate", dir.resolve("missing.yaml").toString()));
    }

    private static List<String> names(JsonNode node) {
        List<String> names = new ArrayList<>();
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            names.add(it.next());
        }
        return names;
    }
}
