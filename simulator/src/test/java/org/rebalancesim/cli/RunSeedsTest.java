package org.rebalancesim.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.run.ScenarioRunner;
import org.rebalancesim.scenario.ScenarioLoader;

/** {@code run --seeds N}: every run kept, the tables with median and range, the same bytes for the same seeds. */
class RunSeedsTest extends CommandLineTest {

    /** A GC pause of 1..16 s every 4..6 min against a 10 s session: some seeds evict c1, some do not. */
    static final String PAUSES = """
            name: pauses
            seed: 1
            duration: 10m
            group: {id: pauses}
            topics: [{name: t, partitions: 4, rate: 20/s}]
            consumers:
              count: 2
              config:
                partition.assignment.strategy: range
                session.timeout.ms: 10000
                heartbeat.interval.ms: 3000
              processing: {exponential: {mean: 2ms}}
              startup: {jvmStart: 1s}
            faults:
              - gcPause: {consumer: c1, every: {uniform: {min: 4m, max: 6m}}, duration: {uniform: {min: 1s, max: 16s}}}
            variants:
              - name: s10
              - name: s45
                consumers: {config: {session.timeout.ms: 45000}}
            """;

    @Test
    void sameSeedsWriteTheSameBytes() throws IOException {
        Path file = write("pauses.yaml", PAUSES);
        assertEquals(0, cli("run", file.toString(), "--seeds", "4", "--out", dir.resolve("a").toString()), err);
        String firstOut = out.replace(dir.resolve("a").toString(), "OUT");
        assertEquals(0, cli("run", file.toString(), "--seeds", "4", "--out", dir.resolve("b").toString()), err);
        assertEquals(firstOut, out.replace(dir.resolve("b").toString(), "OUT"));
        List<Path> files = list(dir.resolve("a/pauses"));
        assertTrue(files.size() > 4, files.toString());
        for (Path a : files) {
            Path b = dir.resolve("b/pauses").resolve(a.getFileName().toString());
            assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b), a.getFileName().toString());
        }
    }

    @Test
    void everyRunIsKeptWithItsSeedAndTheTableShowsMedianAndRange() throws Exception {
        Path file = write("pauses.yaml", PAUSES);
        assertEquals(0, cli("run", file.toString(), "--seeds", "3", "--seed", "7", "--out", dir.toString()), err);
        assertTrue(out.startsWith("pauses (seeds 7..9, median (min..max))\n"), out);
        JsonNode root = new ObjectMapper().readTree(dir.resolve("pauses/result.json").toFile());
        assertEquals(List.of(7L, 8L, 9L), longs(root.get("seeds")));
        assertEquals("min..max", root.get("range").asText());
        JsonNode s10 = root.get("variants").get(0);
        assertEquals(3, s10.get("runs").size());
        // Each kept run is the run of its seed alone, metric for metric.
        for (int s = 0; s < 3; s++) {
            RunResult alone = ScenarioRunner.run(ScenarioLoader.load(file).withSeed(7 + s), "s10",
                    ScenarioRunner.DEFAULT_MAX_EVENTS);
            JsonNode run = s10.get("runs").get(s);
            assertEquals(7 + s, run.get("seed").asLong());
            assertEquals(alone.variants().get(0).metrics().get("stopTheWorldMs").longValue(),
                    run.get("metrics").get("stopTheWorldMs").asLong());
        }
        assertTrue(s10.get("statistics").get("stopTheWorldMs").has("median"));
        assertTrue(s10.has("typicalSeed"));
        String csv = Files.readString(dir.resolve("pauses/metrics.csv"));
        assertTrue(csv.startsWith("variant,protocol,seed,metric,unit,value\ns10,classic/eager (range),7,rebalances,"), csv);
        String md = Files.readString(dir.resolve("pauses/summary.md"));
        assertTrue(md.contains("Each variant ran with seeds 7..9; a cell is the median over the seeds"), md);
        assertTrue(md.contains("run " + file + " --seed 7 --seeds 3"), md);
        assertTrue(md.contains("The charts show each variant's typical run"), md);
        String html = Files.readString(dir.resolve("pauses/report.html"));
        assertTrue(html.contains("Each variant ran with seeds 7..9"), html);
    }

    @Test
    void badSeedCountsAreBadInput() throws IOException {
        Path file = write("pauses.yaml", PAUSES);
        assertEquals(2, cli("run", file.toString(), "--seeds", "0", "--out", dir.toString()));
        assertTrue(err.contains("--seeds 0: give 1 to 100000"), err);
        assertEquals(2, cli("run", file.toString(), "--seeds", "2", "--seed", Long.toString(Long.MAX_VALUE),
                "--out", dir.toString()));
        assertTrue(err.contains("passes the largest seed"), err);
    }

    private static List<Path> list(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.sorted().toList();
        }
    }

    private static List<Long> longs(JsonNode array) {
        List<Long> values = new ArrayList<>();
        array.forEach(node -> values.add(node.asLong()));
        return values;
    }
}
