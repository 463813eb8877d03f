package org.rebalancesim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rebalancesim.output.AtomicFiles;
import org.rebalancesim.report.SweepCsv;
import org.rebalancesim.report.SweepJson;
import org.rebalancesim.report.SweepTable;
import org.rebalancesim.report.chart.ChartFiles;
import org.rebalancesim.report.chart.SweepChart;
import org.rebalancesim.sweep.SweepParameter;
import org.rebalancesim.sweep.SweepPlan;
import org.rebalancesim.sweep.SweepResult;

/**
 * What a finished sweep prints and writes, the same whether it ran whole ({@code sweep}) or in shards put back
 * together ({@code sweep merge}): the table and its notes, then sweep.csv, runs.csv, sweep.json and the charts.
 */
final class SweepOutputs {

    private SweepOutputs() {
    }

    /** The table and the notes on variants whose own settings the sweep replaces. */
    static void printTable(SweepResult result, List<String> chosen, PrintWriter stdout) {
        SweepPlan plan = result.plan();
        stdout.print(SweepTable.render(result, chosen));
        for (String variant : plan.variants()) {
            List<String> replaced = SweepParameter.overriddenKeys(plan.parameters(), variant);
            if (!replaced.isEmpty()) {
                stdout.println("note: variant " + variant + " sets " + String.join(", ", replaced) + " itself; the "
                        + "sweep's values replace its own in every cell");
            }
        }
    }

    /**
     * Every file written into {@code out}/&lt;scenario&gt;-sweep (sweep.csv, runs.csv, sweep.json, the charts' PNGs;
     * each file whole or not at all), or null with the reason printed.
     */
    static List<Path> write(Path out, SweepResult result, List<String> chosen, PrintWriter err) {
        Path dir = out.resolve(result.plan().base().name() + "-sweep");
        try {
            List<Path> written = new ArrayList<>();
            written.add(AtomicFiles.write(dir.resolve("sweep.csv"), SweepCsv.statistics(result)));
            written.add(AtomicFiles.write(dir.resolve("runs.csv"), SweepCsv.runs(result)));
            written.add(AtomicFiles.write(dir.resolve("sweep.json"), SweepJson.render(result)));
            written.addAll(ChartFiles.write(dir, SweepChart.of(result, chosen)));
            return written;
        } catch (IOException e) {
            err.println("rebalance-sim: cannot write the sweep under " + dir + " (" + e.getClass().getSimpleName()
                    + ": " + e.getMessage() + "); choose another directory with --out");
            return null;
        }
    }
}
