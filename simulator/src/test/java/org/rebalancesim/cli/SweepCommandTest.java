package org.rebalancesim.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code sweep} as a user meets it: exit codes, messages, the files written. */
class SweepCommandTest extends CommandLineTest {

    private static final String FILE = """
            name: cli-sweep
            seed: 3
            duration: 3m
            measure: {from: 30s}
            group: {id: cli-sweep}
            topics: [{name: t, partitions: 4, rate: 20/s}]
            consumers:
              count: 2
              config: {session.timeout.ms: 10000}
              startup: {jvmStart: 1s}
            faults:
              - gcPause: {consumer: all, every: {uniform: {min: 30s, max: 60s}}, duration: {uniform: {min: 1s, max: 12s}}}
            variants:
              - name: dynamic
              - name: static
                consumers: {config: {group.instance.id: pod-$(POD_NAME), session.timeout.ms: 45000}}
            """;

    private Path file() throws IOException {
        Path file = dir.resolve("cli-sweep.yaml");
        Files.writeString(file, FILE);
        return file;
    }

    @Test
    void aStreamsMetricOfPlainConsumersIsRefusedAndAStreamsAppSweepsItsTasksByDefault() throws IOException {
        assertEquals(2, cli("sweep", file().toString(), "--seeds", "1", "--metric", "taskDowntimeMs",
                "--out", dir.resolve("plain").toString()));
        assertTrue(err.contains("--metric taskDowntimeMs: reported for Kafka Streams applications only "
                + "(consumers.app: streams), and variant dynamic of " + file() + " runs plain consumers"), err);
        Path streams = dir.resolve("streams-sweep.yaml");
        Files.writeString(streams, """
                duration: 2m
                group: {id: streams-sweep}
                topics: [{name: t, partitions: 4, rate: 20/s}]
                consumers: {count: 2, app: streams, topology: {subtopologies: [{source: t, stateful: true}]}}
                """);
        assertEquals(0, cli("sweep", streams.toString(), "--set", "num.standby.replicas=0,1", "--seeds", "1",
                "--out", dir.resolve("streams").toString()));
        assertTrue(out.contains("taskDowntimeMs mean"), out);
        assertTrue(out.contains("maxTaskDowntimeMs mean"), out);
    }

    @Test
    void aSweepPrintsItsTableAndWritesItsFiles() throws IOException {
        Path reports = dir.resolve("reports");
        assertEquals(0, cli("sweep", file().toString(), "--set", "session.timeout.ms=10000,20000", "--seeds", "3",
                "--out", reports.toString(), "--metric", "evictions"));
        Path sweep = reports.resolve("cli-sweep-sweep");
        for (String name : List.of("sweep.csv", "runs.csv", "sweep.json", "sweep-evictions.png", "sweep-evictions.svg")) {
            assertTrue(Files.exists(sweep.resolve(name)), name);
            assertTrue(out.contains("wrote " + sweep.resolve(name)) || name.endsWith(".svg"), out);
        }
        assertTrue(out.startsWith("cli-sweep sweep: 2 cells x 2 variants x 3 seeds (3..5) = 12 runs"), out);
        assertTrue(out.contains("session.timeout.ms  variant"), out);
        assertTrue(out.contains("evictions mean ± 95% CI"), out);
        assertTrue(out.contains("rebalance-sim run " + file() + " --set KEY=VALUE ... --variant NAME --seed S"), out);
        assertEquals("", err, "no progress bar without a terminal");
        List<String> csv = Files.readAllLines(sweep.resolve("sweep.csv"));
        assertEquals("session.timeout.ms,variant,metric,unit,n,mean,median,p95,min,max,sd,ci95Low,ci95High,"
                + "firstSeed,lastSeed", csv.get(0));
        assertTrue(csv.get(1).startsWith("10000,dynamic,rebalances,count,3,"), csv.get(1));
        assertTrue(csv.get(1).endsWith(",3,5"), csv.get(1));
        List<String> runs = Files.readAllLines(sweep.resolve("runs.csv"));
        assertEquals(1 + 12, runs.size());
        assertTrue(runs.get(0).startsWith("session.timeout.ms,variant,seed,rebalances,"), runs.get(0));
        assertTrue(runs.get(1).startsWith("10000,dynamic,3,"), runs.get(1));
        assertTrue(runs.get(12).startsWith("20000,static,5,"), runs.get(12));
        String json = Files.readString(sweep.resolve("sweep.json"));
        assertTrue(json.contains("\"path\" : \"consumers.config.session.timeout.ms\""), json);
        assertTrue(json.contains("\"values\" : [ 10000, 20000 ]"), json);
    }

    @Test
    void anyRunOfASweepRunsAloneWithRunSet() throws IOException {
        Path reports = dir.resolve("reports");
        assertEquals(0, cli("sweep", file().toString(), "--set", "session.timeout.ms=10000,20000", "--seeds", "3",
                "--out", reports.toString(), "--quiet"));
        List<String> runs = Files.readAllLines(reports.resolve("cli-sweep-sweep/runs.csv"));
        List<String> header = List.of(runs.get(0).split(","));
        // The last run: session.timeout.ms 20000, variant static, seed 5.
        List<String> row = List.of(runs.get(12).split(","));
        assertEquals(List.of("20000", "static", "5"), row.subList(0, 3));
        assertEquals(0, cli("run", file().toString(), "--set", "session.timeout.ms=20000", "--variant", "static",
                "--seed", "5", "--format", "json", "--out", dir.resolve("alone").toString()));
        com.fasterxml.jackson.databind.JsonNode metrics = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(out).get("variants").get(0).get("metrics");
        for (int column = 3; column < header.size(); column++) {
            assertEquals(row.get(column), metrics.get(header.get(column)).asText(), header.get(column));
        }
        assertTrue(Files.readString(dir.resolve("alone/cli-sweep/summary.md"))
                .contains("--variant static --set session.timeout.ms=20000"), "the reproduce command keeps the --set");
        assertEquals(2, cli("run", file().toString(), "--set", "session.timeout.ms=1,2"));
        assertTrue(err.contains("run takes one value per key"), err);
        assertEquals(2, cli("run", file().toString(), "--set", "sesion.timeout.ms=1"));
        assertTrue(err.contains("session.timeout.ms"), err);
    }

    @Test
    void seedIsTheFirstRunsSeedTheOthersFollowAndEachRunsAlone() throws IOException {
        Path file = file();
        assertEquals(0, cli("sweep", file.toString(), "--seeds", "3", "--seed", "100", "--variant", "static",
                "--out", dir.resolve("a").toString(), "--quiet"));
        assertTrue(out.startsWith("cli-sweep sweep: 1 cell x 1 variant x 3 seeds (100..102) = 3 runs"), out);
        List<String> runs = Files.readAllLines(dir.resolve("a/cli-sweep-sweep/runs.csv"));
        assertEquals(List.of("100", "101", "102"), runs.stream().skip(1).map(row -> row.split(",")[1]).toList());
        assertTrue(Files.readString(dir.resolve("a/cli-sweep-sweep/sweep.json"))
                .contains("\"seeds\" : {\n    \"first\" : 100,\n    \"last\" : 102,"));
        assertEquals(0, cli("sweep", file.toString(), "--seeds", "3", "--seed", "100", "--variant", "static",
                "--out", dir.resolve("b").toString(), "--quiet"));
        assertArrayEquals(Files.readAllBytes(dir.resolve("a/cli-sweep-sweep/runs.csv")),
                Files.readAllBytes(dir.resolve("b/cli-sweep-sweep/runs.csv")), "the same root seed, the same runs");

        // The file's seed: is 3, so --seed 3 is the sweep without --seed, byte for byte.
        assertEquals(0, cli("sweep", file.toString(), "--seeds", "2", "--out", dir.resolve("file").toString(),
                "--quiet"));
        assertEquals(0, cli("sweep", file.toString(), "--seeds", "2", "--seed", "3",
                "--out", dir.resolve("three").toString(), "--quiet"));
        assertArrayEquals(Files.readAllBytes(dir.resolve("file/cli-sweep-sweep/sweep.json")),
                Files.readAllBytes(dir.resolve("three/cli-sweep-sweep/sweep.json")));

        assertEquals(0, cli("run", file.toString(), "--variant", "static", "--seed", "101", "--format", "json",
                "--out", dir.resolve("alone").toString()));
        com.fasterxml.jackson.databind.JsonNode metrics = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(out).get("variants").get(0).get("metrics");
        List<String> header = List.of(runs.get(0).split(","));
        List<String> row = List.of(runs.get(2).split(","));
        for (int column = 2; column < header.size(); column++) {
            assertEquals(row.get(column), metrics.get(header.get(column)).asText(), header.get(column));
        }
    }

    @Test
    void aSeedWhoseRunsPassTheLargestSeedIsBadInput() throws IOException {
        assertEquals(2, cli("sweep", file().toString(), "--seeds", "3", "--seed", Long.toString(Long.MAX_VALUE - 1)));
        assertTrue(err.contains("--seed " + (Long.MAX_VALUE - 1) + " + 3 seeds passes the largest seed; lower --seed"),
                err);
    }

    @Test
    void sweepJsonIsByteIdenticalWithOneThreadAndTwo() throws IOException {
        Path file = file();
        assertEquals(0, cli("sweep", file.toString(), "--set", "heartbeat.interval.ms=1000,3000", "--seeds", "3",
                "--threads", "1", "--out", dir.resolve("one").toString(), "--quiet"));
        assertEquals(0, cli("sweep", file.toString(), "--set", "heartbeat.interval.ms=1000,3000", "--seeds", "3",
                "--threads", "2", "--out", dir.resolve("two").toString(), "--quiet"));
        for (String name : List.of("sweep.json", "sweep.csv", "runs.csv")) {
            assertArrayEquals(Files.readAllBytes(dir.resolve("one/cli-sweep-sweep").resolve(name)),
                    Files.readAllBytes(dir.resolve("two/cli-sweep-sweep").resolve(name)), name);
        }
    }

    @Test
    void aSweepOverSeedsAloneChartsTheVariants() throws IOException {
        assertEquals(0, cli("sweep", file().toString(), "--seeds", "2", "--variant", "static",
                "--out", dir.toString()));
        assertTrue(out.contains("1 cell x 1 variant x 2 seeds (3..4) = 2 runs"), out);
        assertTrue(out.contains("to run one alone: rebalance-sim run"), out);
        assertTrue(Files.size(dir.resolve("cli-sweep-sweep/sweep-stopTheWorldMs.png")) > 0);
        assertTrue(Files.exists(dir.resolve("cli-sweep-sweep/sweep-partitionDowntimeMs.png")));
    }

    @Test
    void durationValuesAreChartedInTheirOrder() throws IOException {
        assertEquals(0, cli("sweep", file().toString(), "--set", "faults[0].gcPause.duration=2s,8s,{uniform: {min: 1s, "
                + "max: 12s}}", "--seeds", "1", "--variant", "dynamic", "--out", dir.toString()));
        assertTrue(out.contains("{uniform: {min: 1s, max: 12s}}  dynamic"), out);
        List<String> csv = Files.readAllLines(dir.resolve("cli-sweep-sweep/sweep.csv"));
        assertTrue(csv.get(csv.size() - 1).startsWith("\"{uniform: {min: 1s, max: 12s}}\",dynamic,"),
                csv.get(csv.size() - 1));
    }

    @Test
    void anUnknownKeyExitsTwoWithTheSuggestion() throws IOException {
        assertEquals(2, cli("sweep", file().toString(), "--set", "sesion.timeout.ms=10000", "--out", dir.toString()));
        assertTrue(err.startsWith(file() + ": --set sesion.timeout.ms: unknown key 'sesion.timeout.ms'; did you mean "
                + "'session.timeout.ms'?"), err);
        assertTrue(!err.contains("Exception"), err);
        assertTrue(out.isEmpty(), out);
        assertTrue(!Files.exists(dir.resolve("cli-sweep-sweep")));
    }

    @Test
    void aValueTheFileRulesRejectExitsTwo() throws IOException {
        assertEquals(2, cli("sweep", file().toString(), "--set", "session.timeout.ms=2000", "--out", dir.toString()));
        assertTrue(err.contains("--set session.timeout.ms=2000: consumers.config.session.timeout.ms"), err);
        assertTrue(err.contains("group.min.session.timeout.ms (6000)"), err);
    }

    @Test
    void badOptionsExitTwo() throws IOException {
        String file = file().toString();
        assertEquals(2, cli("sweep", file, "--metric", "stopTheWorld"));
        assertTrue(err.contains("--metric stopTheWorld: unknown metric; did you mean 'stopTheWorldMs'?"), err);
        assertEquals(2, cli("sweep", file, "--variant", "nope"));
        assertTrue(err.contains("--variant nope: no such variant; the file has dynamic, static"), err);
        assertEquals(2, cli("sweep", file, "--threads", "0"));
        assertEquals(2, cli("sweep", file, "--seeds", "0"));
        assertEquals(2, cli("sweep", file, "--set", "session.timeout.ms"));
        assertTrue(err.contains("expected KEY=V1,V2,..."), err);
        assertEquals(2, cli("sweep", dir.resolve("missing.yaml").toString()));
        assertTrue(err.contains("file not found"), err);
        assertEquals(2, cli("sweep"));
    }

    @Test
    void anUnwritableOutExitsTwo() throws IOException {
        Path blocker = dir.resolve("blocker");
        Files.writeString(blocker, "a file where the directory should go");
        assertEquals(2, cli("sweep", file().toString(), "--seeds", "1", "--variant", "static", "--out",
                blocker.toString()));
        assertTrue(err.contains("choose another directory with --out"), err);
    }

    @Test
    void theEventBoundIsBadInputNamingTheRun() throws IOException {
        assertEquals(2, cli("sweep", file().toString(), "--seeds", "2", "--max-events", "500", "--out", dir.toString()));
        assertTrue(err.contains("the run of the file as it is, variant dynamic, seed 3 failed"), err);
    }
}
