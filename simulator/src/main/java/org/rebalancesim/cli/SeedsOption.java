package org.rebalancesim.cli;

import java.io.PrintWriter;
import java.util.List;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.sweep.SweepPlanner;
import picocli.CommandLine.Option;

/**
 * {@code --seeds N}, shared by run and check: run every variant with N seeds, the seed in force
 * ({@code --seed}, else the file's {@code seed:}) and the next ones, as sweep numbers its seeds, so
 * any one of them runs alone with {@code run --seed}. Absent, a command runs one seed as before.
 */
final class SeedsOption {

    /** Bounds a typo (--seeds 1000000) with sweep's own bound. */
    static final int MAX_SEEDS = SweepPlanner.MAX_SEEDS;

    @Option(names = "--seeds", paramLabel = "N",
            description = "Run every variant with N seeds: the seed (--seed, else the file's seed:) and the next ones, "
                    + "as sweep numbers them (default: one seed).")
    Integer seeds;

    boolean given() {
        return seeds != null;
    }

    /** Whether N is in bounds and every scenario's last seed is a seed; the problems printed otherwise. */
    boolean valid(List<Scenario> scenarios, PrintWriter err) {
        if (seeds == null) {
            return true;
        }
        if (seeds < 1 || seeds > MAX_SEEDS) {
            err.println("--seeds " + seeds + ": give 1 to " + MAX_SEEDS);
            err.flush();
            return false;
        }
        boolean valid = true;
        for (Scenario scenario : scenarios) {
            if (scenario.seed() > Long.MAX_VALUE - seeds) {
                err.println(scenario.sourceFile() + ": seed " + scenario.seed() + " + " + seeds
                        + " seeds passes the largest seed; give a lower --seed");
                valid = false;
            }
        }
        err.flush();
        return valid;
    }

    /** The options as a command line writes them: nothing without --seeds. */
    List<String> words() {
        return seeds == null ? List.of() : List.of("--seeds", Integer.toString(seeds));
    }
}
