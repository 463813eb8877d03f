package org.rebalancesim.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Puts the shards of one sweep back together: the outcomes of all runs in run-number order, as
 * {@link SweepRunner} gives them for the whole sweep, so every file written from them is the whole sweep's.
 * Refuses anything that would not give those bytes: shards of another sweep or simulator version, a shard given
 * twice, a shard missing, a shard whose runs are not the ones its number owns.
 */
public final class ShardMerge {

    /** A shard file and the folder it was read from, which every refusal names. */
    public record Located(String folder, ShardFile file) {
    }

    private ShardMerge() {
    }

    /**
     * @param simulatorVersion the version merging: shards of another are refused
     * @throws IllegalArgumentException the first problem found, naming the folder and the fix
     */
    public static SweepRunner.Outcomes outcomes(List<Located> shards, String simulatorVersion) {
        if (shards.isEmpty()) {
            throw new IllegalArgumentException("no shard folders given; give the folders written by sweep --shard");
        }
        Located first = shards.get(0);
        Map<Integer, Located> byIndex = new TreeMap<>();
        for (Located shard : shards) {
            check(shard, first, simulatorVersion);
            Located same = byIndex.putIfAbsent(shard.file().shard().index(), shard);
            if (same != null) {
                throw new IllegalArgumentException(shard.folder() + ": shard " + shard.file().shard() + " is also in "
                        + same.folder() + "; give each shard once");
            }
        }
        SweepKey key = first.file().key();
        for (int index = 0; index < key.shards(); index++) {
            if (!byIndex.containsKey(index)) {
                throw new IllegalArgumentException("shard " + new Shard(index, key.shards()) + " of " + key.scenario()
                        + " is missing (the merge has " + byIndex.size() + " of " + key.shards() + "); run sweep with "
                        + "--shard " + new Shard(index, key.shards()) + " and give its folder too");
            }
        }
        return ordered(byIndex, key.runs());
    }

    private static void check(Located shard, Located first, String simulatorVersion) {
        ShardFile file = shard.file();
        if (!file.simulatorVersion().equals(simulatorVersion)) {
            throw new IllegalArgumentException(shard.folder() + ": written by rebalance-sim " + file.simulatorVersion()
                    + ", and this is " + simulatorVersion + "; run every shard and the merge with one version");
        }
        String difference = first.file().key().firstDifference(file.key());
        if (difference != null) {
            throw new IllegalArgumentException(shard.folder() + ": a shard of another sweep than " + first.folder()
                    + " (" + difference + "); merge the shards of one sweep command, all run with the same options");
        }
        if (!file.metricNames().equals(first.file().metricNames())) {
            throw new IllegalArgumentException(shard.folder() + ": its runs report other metrics than those of "
                    + first.folder() + "; run every shard with one version");
        }
        int[] owned = file.shard().runs(file.key().runs());
        List<Integer> expected = new ArrayList<>(owned.length);
        for (int run : owned) {
            expected.add(run);
        }
        if (!file.runNumbers().equals(expected)) {
            throw new IllegalArgumentException(shard.folder() + ": shard " + file.shard() + " should hold runs "
                    + describe(expected) + " and holds " + describe(file.runNumbers()) + "; run that shard again");
        }
    }

    private static SweepRunner.Outcomes ordered(Map<Integer, Located> byIndex, int runs) {
        RunOutcome[] all = new RunOutcome[runs];
        List<String> metricNames = null;
        for (Located shard : byIndex.values()) {
            ShardFile file = shard.file();
            metricNames = file.metricNames();
            for (int i = 0; i < file.runNumbers().size(); i++) {
                all[file.runNumbers().get(i)] = file.outcomes().get(i);
            }
        }
        return new SweepRunner.Outcomes(metricNames, List.of(all));
    }

    private static String describe(List<Integer> runs) {
        return runs.size() <= 6 ? runs.toString() : runs.subList(0, 6).toString().replace("]", ", ...] (" + runs.size() + ")");
    }
}
