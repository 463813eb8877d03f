package org.rebalancesim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.rebalancesim.output.AtomicFiles;
import org.rebalancesim.report.ShardJson;
import org.rebalancesim.run.Version;
import org.rebalancesim.scenario.ScenarioException;
import org.rebalancesim.scenario.ScenarioTemplate;
import org.rebalancesim.sweep.SetOption;
import org.rebalancesim.sweep.ShardFile;
import org.rebalancesim.sweep.ShardMerge;
import org.rebalancesim.sweep.SweepKey;
import org.rebalancesim.sweep.SweepPlan;
import org.rebalancesim.sweep.SweepPlanner;
import org.rebalancesim.sweep.SweepResult;
import org.rebalancesim.sweep.SweepRunner;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code sweep merge DIR...}: the shards of one sweep put together into the files the whole sweep writes. */
@Command(name = "merge", mixinStandardHelpOptions = true,
        header = "Put the shards of a sweep together.",
        description = {"Reads the shard.json of every folder written by sweep --shard K/N (all N of them, each once, "
                + "of one sweep command and one simulator version) and writes DIR/<scenario>-sweep/ with sweep.csv, "
                + "runs.csv, sweep.json and the charts, byte for byte those of the same sweep run on one machine.",
                "Nothing is written when a shard is missing, given twice, or of another sweep or version.",
                "Exit 2 on bad input."})
final class SweepMergeCommand implements Callable<Integer> {

    @Parameters(paramLabel = "DIR", arity = "1..*", description = "The shard folders (<scenario>-shard-K-of-N).")
    List<Path> folders = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "reports",
            description = "Where results go (default: ${DEFAULT-VALUE}).")
    Path out;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        try {
            List<ShardMerge.Located> shards = new ArrayList<>();
            for (Path folder : folders) {
                shards.add(new ShardMerge.Located(folder.toString(), read(folder)));
            }
            SweepRunner.Outcomes outcomes = ShardMerge.outcomes(shards, Version.current());
            SweepPlan plan = plan(shards.get(0));
            SweepResult result = SweepResult.of(plan, outcomes);
            List<String> chosen = shards.get(0).file().key().metrics();
            PrintWriter stdout = spec.commandLine().getOut();
            SweepOutputs.printTable(result, chosen, stdout);
            List<Path> written = SweepOutputs.write(out, result, chosen, err);
            if (written == null) {
                return Main.BAD_INPUT;
            }
            stdout.println("merged " + shards.size() + " shards, " + plan.runCount() + " runs");
            written.forEach(path -> stdout.println("wrote " + path));
            stdout.flush();
            return Main.OK;
        } catch (IllegalArgumentException e) {
            err.println("rebalance-sim: sweep merge: " + e.getMessage());
            err.flush();
            return Main.BAD_INPUT;
        }
    }

    /** @throws IllegalArgumentException naming the folder, when it holds no readable shard file */
    private static ShardFile read(Path folder) {
        Path file = folder.resolve(ShardJson.FILE_NAME);
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(folder + ": no " + ShardJson.FILE_NAME + " in it; give the folders "
                    + "sweep --shard K/N wrote (<scenario>-shard-K-of-N)");
        }
        try {
            return ShardJson.parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": cannot be read (" + AtomicFiles.describe(e) + ")");
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": not a shard of a sweep (" + e.getMessage() + "); run that "
                    + "shard again with sweep --shard K/N");
        }
    }

    /** The whole sweep's plan, from the scenario text and options the shard recorded. */
    private static SweepPlan plan(ShardMerge.Located shard) {
        ShardFile file = shard.file();
        SweepKey key = file.key();
        String problem;
        try {
            List<SetOption> options = key.sets().stream().map(SetOption::parse).toList();
            SweepPlan plan = SweepPlanner.plan(ScenarioTemplate.fromText(file.scenarioText(), file.scenarioFile()),
                    options, key.variant(), key.seeds(), key.firstSeed());
            if (plan.base().sha256().equals(key.scenarioSha256()) && plan.runCount() == key.runs()) {
                return plan;
            }
            problem = "its scenario text or options do not give the sweep it names";
        } catch (ScenarioException e) {
            problem = e.getMessage();
        }
        throw new IllegalArgumentException(shard.folder() + ": the sweep cannot be planned again from its "
                + ShardJson.FILE_NAME + " (" + problem + "); run the shards again");
    }
}
