package org.rebalancesim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rebalancesim.output.AtomicFiles;
import org.rebalancesim.report.ShardJson;
import org.rebalancesim.run.Version;
import org.rebalancesim.sweep.Shard;
import org.rebalancesim.sweep.ShardFile;
import org.rebalancesim.sweep.SweepKey;
import org.rebalancesim.sweep.SweepPlan;
import org.rebalancesim.sweep.SweepRunner;

/** Writes what {@code sweep --shard} ran: DIR/&lt;scenario&gt;-shard-K-of-N/shard.json, whole or not at all. */
final class ShardOutput {

    private ShardOutput() {
    }

    /** The file written, or null with the reason printed. */
    static Path write(Path out, Path file, SweepPlan plan, SweepKey key, Shard shard, SweepRunner.Outcomes outcomes,
                      PrintWriter err) {
        Path target = out.resolve(shard.folderName(plan.base().name())).resolve(ShardJson.FILE_NAME);
        String text;
        try {
            // The scenario travels with the shard, so a merge on another machine needs no copy of the file.
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            err.println("rebalance-sim: " + file + ": cannot be read again (" + AtomicFiles.describe(e)
                    + "); keep the file in place while the shard runs");
            return null;
        }
        List<Integer> runNumbers = new ArrayList<>();
        for (int run : shard.runs(plan.runCount())) {
            runNumbers.add(run);
        }
        ShardFile shardFile = new ShardFile(Version.current(), key, shard, file.toString(), text,
                outcomes.metricNames(), runNumbers, outcomes.runs());
        try {
            return AtomicFiles.write(target, ShardJson.render(shardFile));
        } catch (IOException e) {
            err.println("rebalance-sim: cannot write the shard (" + AtomicFiles.describe(e)
                    + "); choose another directory with --out");
            return null;
        }
    }
}
