package org.rebalancesim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sweep split over machines, as the launchers run it: the shaded jar started once per shard, the three shards at
 * the same time in processes of their own (sharing nothing but the file system), then {@code sweep merge}. Every
 * file of the merged sweep is byte for byte the file of the same sweep run whole.
 */
class ShardedSweepIT {

    private static final int SHARDS = 3;
    private static final long TIMEOUT_SECONDS = 60;

    @TempDir
    Path dir;

    @Test
    void threeShardsInParallelProcessesMergeIntoTheWholeSweepsBytes() throws Exception {
        Path scenario = dir.resolve("parallel.yaml");
        Files.writeString(scenario, """
                name: parallel
                seed: 8
                duration: 2m
                measure: {from: 30s}
                group: {id: parallel}
                topics: [{name: t, partitions: 6, rate: 30/s}]
                consumers:
                  count: 3
                  config: {session.timeout.ms: 10000, partition.assignment.strategy: range}
                  startup: {jvmStart: 1s}
                faults:
                  - crash: {consumer: all, every: {uniform: {min: 30s, max: 80s}}, restartAfter: {uniform: {min: 2s, max: 8s}}}
                  - gcPause: {consumer: all, every: {uniform: {min: 20s, max: 50s}}, duration: {uniform: {min: 1s, max: 6s}}}
                variants:
                  - name: eager
                  - name: cooperative
                    consumers: {config: {partition.assignment.strategy: cooperative-sticky}}
                """);
        // 2 cells x 2 variants x 2 seeds = 8 runs: shards of 3, 3 and 2 runs.
        List<String> sweep = List.of("sweep", scenario.toString(), "--set", "session.timeout.ms=10000,45000",
                "--seeds", "2", "--quiet", "--threads", "1");
        List<Process> processes = new ArrayList<>();
        processes.add(start(sweep, "--out", dir.resolve("whole").toString()));
        for (int k = 0; k < SHARDS; k++) {
            processes.add(start(sweep, "--shard", k + "/" + SHARDS, "--out", dir.resolve("shards").toString()));
        }
        for (Process process : processes) {
            finish(process);
        }
        List<String> merge = new ArrayList<>(List.of("sweep", "merge"));
        for (int k = SHARDS - 1; k >= 0; k--) {
            merge.add(dir.resolve("shards/parallel-shard-" + k + "-of-" + SHARDS).toString());
        }
        finish(start(merge, "--out", dir.resolve("merged").toString()));

        List<String> whole = files(dir.resolve("whole/parallel-sweep"));
        assertEquals(files(dir.resolve("merged/parallel-sweep")), whole);
        assertTrue(whole.containsAll(List.of("runs.csv", "sweep.csv", "sweep.json", "sweep-stopTheWorldMs.png",
                "sweep-stopTheWorldMs.svg", "sweep-partitionDowntimeMs.png", "sweep-partitionDowntimeMs.svg")), whole::toString);
        for (String name : whole) {
            assertEquals(-1L, Files.mismatch(dir.resolve("whole/parallel-sweep").resolve(name),
                    dir.resolve("merged/parallel-sweep").resolve(name)), name + " differs");
        }
    }

    private Process start(List<String> command, String... more) throws IOException {
        List<String> line = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", ShadedJarIT.jar().toString()));
        line.addAll(command);
        line.addAll(List.of(more));
        return new ProcessBuilder(line).redirectErrorStream(true).redirectOutput(dir.resolve(
                "log-" + Math.abs(line.hashCode()) + ".txt").toFile()).start();
    }

    private void finish(Process process) throws Exception {
        boolean ended = process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        if (!ended) {
            process.destroyForcibly();
        }
        String log = String.join("\n", logs());
        assertTrue(ended, "a process ran longer than " + TIMEOUT_SECONDS + " s: " + log);
        assertEquals(0, process.exitValue(), log);
    }

    private List<String> logs() throws IOException {
        List<String> logs = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path log : files.filter(p -> p.getFileName().toString().startsWith("log-")).sorted().toList()) {
                logs.add(Files.readString(log, StandardCharsets.UTF_8));
            }
        }
        return logs;
    }

    private static List<String> files(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
