package org.rebalancesim.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Merging shards gives the runs in run-number order; anything but all shards of one sweep is refused. */
class ShardMergeTest {

    private static final String VERSION = "1.2.3";
    private static final int RUNS = 7;
    private static final SweepKey KEY = key(20);

    private static SweepKey key(int seeds) {
        return new SweepKey("s", "abc", List.of("session.timeout.ms=10000,45000"), null, seeds, 5, List.of("m"),
                1000, null, RUNS, 3);
    }

    /** Run i's only value is i, so the merged order can be read off the values. */
    private static ShardMerge.Located shard(int index, SweepKey key, String version) {
        Shard shard = new Shard(index, key.shards());
        List<Integer> numbers = new ArrayList<>();
        List<RunOutcome> outcomes = new ArrayList<>();
        for (int run : shard.runs(key.runs())) {
            numbers.add(run);
            outcomes.add(new RunOutcome(new double[] {run}, "classic/eager (range)", true));
        }
        return new ShardMerge.Located("dir" + index, new ShardFile(version, key, shard, "s.yaml", "name: s",
                List.of("m"), numbers, outcomes));
    }

    @Test
    void theRunsComeBackInRunNumberOrderWhateverTheOrderOfTheFolders() {
        SweepRunner.Outcomes outcomes = ShardMerge.outcomes(List.of(shard(2, KEY, VERSION), shard(0, KEY, VERSION),
                shard(1, KEY, VERSION)), VERSION);
        assertEquals(List.of("m"), outcomes.metricNames());
        for (int run = 0; run < RUNS; run++) {
            assertEquals(run, outcomes.runs().get(run).values()[0]);
        }
    }

    @Test
    void aMissingShardIsNamedWithTheCommandThatMakesIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ShardMerge.outcomes(List.of(shard(0, KEY, VERSION), shard(2, KEY, VERSION)), VERSION));
        assertEquals("shard 1/3 of s is missing (the merge has 2 of 3); run sweep with --shard 1/3 and give its "
                + "folder too", e.getMessage());
    }

    @Test
    void aShardGivenTwiceIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ShardMerge.outcomes(
                List.of(shard(0, KEY, VERSION), shard(1, KEY, VERSION), shard(1, KEY, VERSION), shard(2, KEY, VERSION)),
                VERSION));
        assertEquals("dir1: shard 1/3 is also in dir1; give each shard once", e.getMessage());
    }

    @Test
    void aShardOfAnotherSweepIsRefusedNamingWhatDiffers() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ShardMerge.outcomes(
                List.of(shard(0, KEY, VERSION), shard(1, key(30), VERSION), shard(2, KEY, VERSION)), VERSION));
        assertEquals("dir1: a shard of another sweep than dir0 (--seeds 20 vs 30); merge the shards of one sweep "
                + "command, all run with the same options", e.getMessage());
    }

    @Test
    void aShardOfAnotherVersionIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ShardMerge.outcomes(
                List.of(shard(0, KEY, VERSION), shard(1, KEY, "1.2.2"), shard(2, KEY, VERSION)), VERSION));
        assertEquals("dir1: written by rebalance-sim 1.2.2, and this is 1.2.3; run every shard and the merge with "
                + "one version", e.getMessage());
    }

    @Test
    void aShardHoldingOtherRunsThanItsOwnIsRefused() {
        // Shard 1 of 3 owns runs 1 and 4 of 7; this one lost run 4.
        ShardFile file = shard(1, KEY, VERSION).file();
        ShardMerge.Located truncated = new ShardMerge.Located("dir1", new ShardFile(VERSION, KEY, file.shard(),
                file.scenarioFile(), file.scenarioText(), file.metricNames(), List.of(1), file.outcomes().subList(0, 1)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ShardMerge.outcomes(
                List.of(shard(0, KEY, VERSION), truncated, shard(2, KEY, VERSION)), VERSION));
        assertEquals("dir1: shard 1/3 should hold runs [1, 4] and holds [1]; run that shard again", e.getMessage());
    }
}
