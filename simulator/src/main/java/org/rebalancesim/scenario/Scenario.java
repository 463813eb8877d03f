package org.rebalancesim.scenario;

import java.util.List;

/**
 * A validated scenario file: one or more fully resolved variants (each variant is the base file with
 * the variant's overrides deep-merged over it). Immutable.
 *
 * @param name        the scenario's name (the {@code name:} key, else the file name without extension)
 * @param description free text, may be empty
 * @param sourceFile  the file as the user named it, for messages and reports
 * @param sha256      hex SHA-256 of the file's bytes, recorded in results and baselines
 * @param seed        the seed in force (the file's {@code seed:} or {@code --seed})
 * @param variants    in file order; a file without {@code variants:} has one variant named "base"
 * @param tolerances  the {@code tolerance:} block for {@code check} against a baseline
 */
public record Scenario(String name, String description, String sourceFile, String sha256, long seed,
                       List<Variant> variants, Tolerances tolerances) {

    public Scenario {
        variants = List.copyOf(variants);
    }

    public Scenario withSeed(long newSeed) {
        return new Scenario(name, description, sourceFile, sha256, newSeed, variants, tolerances);
    }
}
