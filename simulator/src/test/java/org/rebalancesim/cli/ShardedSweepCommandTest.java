package org.rebalancesim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code sweep --shard} and {@code sweep merge} as a user meets them in one process: shards merged in any order
 * give the whole sweep's files, and every refusal exits 2 naming the folder and the fix, with nothing written.
 * (ShardedSweepIT runs the shards as separate processes of the jar.)
 */
class ShardedSweepCommandTest extends CommandLineTest {

    /** GC pauses at random: seeds differ, so a run put in the wrong place would change the statistics. */
    private static final String FILE = """
            name: shards
            seed: 3
            duration: 2m
            measure: {from: 30s}
            group: {id: shards}
            topics: [{name: t, partitions: 4, rate: 20/s}]
            consumers:
              count: 2
              config: {session.timeout.ms: 10000}
              startup: {jvmStart: 1s}
            faults:
              - gcPause: {consumer: all, every: {uniform: {min: 20s, max: 40s}}, duration: {uniform: {min: 1s, max: 12s}}}
            """;

    private Path scenario() throws IOException {
        return write("shards.yaml", FILE);
    }

    /** Runs shard K of N with 2 seeds and 2 cells (4 runs). */
    private int shard(String shard, String seeds) throws IOException {
        return cli("sweep", scenario().toString(), "--set", "session.timeout.ms=10000,45000", "--seeds", seeds,
                "--quiet", "--shard", shard, "--out", dir.resolve("shards").toString());
    }

    private String folder(int index, int count) {
        return dir.resolve("shards").resolve("shards-shard-" + index + "-of-" + count).toString();
    }

    @Test
    void shardsMergedInAnyOrderGiveTheWholeSweepsFilesAndATableAlike() throws IOException {
        assertEquals(0, cli("sweep", scenario().toString(), "--set", "session.timeout.ms=10000,45000", "--seeds", "2",
                "--quiet", "--out", dir.resolve("whole").toString()), err);
        String wholeTable = out.substring(0, out.indexOf(" runs in "));
        for (int k = 0; k < 3; k++) {
            assertEquals(0, shard(k + "/3", "2"), err);
            assertTrue(out.contains("wrote " + Path.of(folder(k, 3), "shard.json")), out);
        }
        assertEquals(0, cli("sweep", "merge", folder(2, 3), folder(0, 3), folder(1, 3), "--out",
                dir.resolve("merged").toString()), err);
        assertTrue(out.startsWith(wholeTable.substring(0, wholeTable.lastIndexOf('\n') + 1)), out);
        for (String name : new String[] {"sweep.json", "sweep.csv", "runs.csv", "sweep-stopTheWorldMs.png",
            "sweep-partitionDowntimeMs.svg"}) {
            assertEquals(-1L, Files.mismatch(dir.resolve("whole/shards-sweep").resolve(name),
                    dir.resolve("merged/shards-sweep").resolve(name)), name);
        }
    }

    @Test
    void aBadShardIsAUsageErrorThatStatesTheConvention() throws IOException {
        assertEquals(2, shard("3/3", "2"));
        assertTrue(err.contains("Invalid value for option '--shard': 3/3: give K/N with N >= 1 and K from 0 to N - 1 "
                + "(shards count from 0: --shard 0/3, 1/3 and 2/3 make a sweep of 3 shards)"), err);
        // 2 cells x 1 variant x 2 seeds = 4 runs: a fifth shard would have nothing to run.
        assertEquals(2, shard("0/5", "2"));
        assertEquals("--shard 0/5: the sweep has 4 runs, fewer than 5 shards; give N of at most 4\n", err);
        assertFalse(Files.exists(dir.resolve("shards")));
    }

    @Test
    void sweepWithoutAFileSaysWhatToGive() {
        assertEquals(2, cli("sweep"));
        assertTrue(err.startsWith("sweep: give a scenario FILE"), err);
    }

    @Test
    void aMissingOrDuplicatedShardIsRefusedAndNothingIsWritten() throws IOException {
        for (int k = 0; k < 3; k++) {
            assertEquals(0, shard(k + "/3", "2"), err);
        }
        Path merged = dir.resolve("merged");
        assertEquals(2, cli("sweep", "merge", folder(0, 3), folder(2, 3), "--out", merged.toString()));
        assertEquals("rebalance-sim: sweep merge: shard 1/3 of shards is missing (the merge has 2 of 3); run sweep "
                + "with --shard 1/3 and give its folder too\n", err);
        assertEquals(2, cli("sweep", "merge", folder(0, 3), folder(1, 3), folder(1, 3), folder(2, 3), "--out",
                merged.toString()));
        assertEquals("rebalance-sim: sweep merge: " + folder(1, 3) + ": shard 1/3 is also in " + folder(1, 3)
                + "; give each shard once\n", err);
        assertFalse(Files.exists(merged));
    }

    @Test
    void aShardOfAnotherSweepOrVersionOrNoShardAtAllIsRefusedNamingTheFolder() throws IOException {
        assertEquals(0, shard("0/2", "2"), err);
        assertEquals(0, shard("1/2", "3"), err);
        Path merged = dir.resolve("merged");
        assertEquals(2, cli("sweep", "merge", folder(0, 2), folder(1, 2), "--out", merged.toString()));
        assertEquals("rebalance-sim: sweep merge: " + folder(1, 2) + ": a shard of another sweep than " + folder(0, 2)
                + " (--seeds 2 vs 3); merge the shards of one sweep command, all run with the same options\n", err);
        Path shardJson = Path.of(folder(1, 2), "shard.json");
        assertEquals(0, shard("1/2", "2"), err);
        Files.writeString(shardJson, Files.readString(shardJson).replaceFirst("\"simulatorVersion\" : \"[^\"]*\"",
                "\"simulatorVersion\" : \"0.0.9\""));
        assertEquals(2, cli("sweep", "merge", folder(0, 2), folder(1, 2), "--out", merged.toString()));
        assertTrue(err.startsWith("rebalance-sim: sweep merge: " + folder(1, 2) + ": written by rebalance-sim 0.0.9, "
                + "and this is "), err);
        assertTrue(err.endsWith("; run every shard and the merge with one version\n"), err);
        assertEquals(2, cli("sweep", "merge", folder(0, 2), dir.toString(), "--out", merged.toString()));
        assertEquals("rebalance-sim: sweep merge: " + dir + ": no shard.json in it; give the folders sweep --shard K/N "
                + "wrote (<scenario>-shard-K-of-N)\n", err);
        Files.writeString(shardJson, "{\"shardFormat\": 1}");
        assertEquals(2, cli("sweep", "merge", folder(0, 2), folder(1, 2), "--out", merged.toString()));
        assertEquals("rebalance-sim: sweep merge: " + shardJson + ": not a shard of a sweep (no sweep); run "
                + "that shard again with sweep --shard K/N\n", err);
        assertFalse(Files.exists(merged));
    }
}
