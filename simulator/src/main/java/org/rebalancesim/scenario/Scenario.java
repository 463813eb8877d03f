package org.rebalancesim.scenario;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

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

    /** The variant of that name, if the file has one. */
    public Optional<Variant> variant(String variantName) {
        return variants.stream().filter(variant -> variant.name().equals(variantName)).findFirst();
    }

    /** The variant named {@code onlyVariant}, or every variant when it is null; empty when there is no such variant. */
    public List<Variant> selectedVariants(String onlyVariant) {
        return onlyVariant == null ? variants : variant(onlyVariant).stream().toList();
    }

    /** What the selected variants ask for that their runs ignore, in variant order, each once. */
    public List<Problem> warnings(String onlyVariant) {
        return selectedVariants(onlyVariant).stream().flatMap(variant -> variant.warnings().stream()).distinct().toList();
    }

    /** The variants' names in file order, for messages: "eager, cooperative". */
    public String variantNames() {
        return variants.stream().map(Variant::name).collect(Collectors.joining(", "));
    }

    /** Why {@code --variant onlyVariant} selects nothing: "--variant x: no such variant; the file has a, b". */
    public String noSuchVariant(String onlyVariant) {
        return "--variant " + onlyVariant + ": no such variant; the file has " + variantNames();
    }

    /** The same file reduced to one variant (a variant of it, or one derived from it). */
    public Scenario withOnly(Variant variant) {
        return new Scenario(name, description, sourceFile, sha256, seed, List.of(variant), tolerances);
    }

    public Scenario withSeed(long newSeed) {
        return new Scenario(name, description, sourceFile, sha256, newSeed, variants, tolerances);
    }
}
