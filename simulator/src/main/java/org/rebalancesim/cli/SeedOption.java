package org.rebalancesim.cli;

import org.rebalancesim.scenario.Scenario;
import picocli.CommandLine.Option;

/** {@code --seed N}, shared by the commands that run scenarios: the seed instead of the file's {@code seed:}. */
final class SeedOption {

    @Option(names = "--seed", paramLabel = "N", description = "Seed for the random streams (overrides the file's seed:).")
    Long seed;

    /** The scenario with this seed, or as it is when no --seed was given. */
    Scenario applyTo(Scenario scenario) {
        return seed == null ? scenario : scenario.withSeed(seed);
    }
}
