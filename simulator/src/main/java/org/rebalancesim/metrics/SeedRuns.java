package org.rebalancesim.metrics;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.LongStream;

/**
 * A scenario run with several seeds, {@code firstSeed}, {@code firstSeed + 1}, ... (as sweep numbers
 * them): one {@link RunResult} per seed, every one with the same variants in the same order. Pure
 * data and arithmetic: the spread of each metric per variant and the variant's typical run.
 *
 * @param runs in seed order, at least one
 */
public record SeedRuns(long firstSeed, List<RunResult> runs) {

    public SeedRuns {
        runs = List.copyOf(runs);
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("seed runs need at least one run");
        }
        for (int i = 0; i < runs.size(); i++) {
            if (runs.get(i).seed() != firstSeed + i) {
                throw new IllegalArgumentException("run " + i + " has seed " + runs.get(i).seed() + ", not "
                        + (firstSeed + i));
            }
        }
    }

    public List<Long> seeds() {
        return LongStream.range(firstSeed, firstSeed + runs.size()).boxed().toList();
    }

    public RunResult first() {
        return runs.get(0);
    }

    public List<String> variantNames() {
        return first().variants().stream().map(VariantResult::name).toList();
    }

    /** Variant {@code v} of every run, in seed order. */
    public List<VariantResult> variant(int v) {
        return runs.stream().map(run -> run.variants().get(v)).toList();
    }

    /** Every metric any run of variant {@code v} has, in the first run's order, then later ones. */
    public List<String> metricNames(int v) {
        Set<String> names = new LinkedHashSet<>();
        variant(v).forEach(result -> names.addAll(result.metrics().keySet()));
        return List.copyOf(names);
    }

    /** The metric's values of variant {@code v} in seed order, leaving out runs without it. */
    public double[] values(int v, String metric) {
        return variant(v).stream().map(result -> result.metrics().get(metric)).filter(value -> value != null)
                .mapToDouble(Number::doubleValue).toArray();
    }

    /** The spread of a metric of variant {@code v}, or null when no run has it. */
    public Spread spread(int v, String metric) {
        double[] values = values(v, metric);
        return values.length == 0 ? null : Spread.of(values);
    }

    /** Per variant, its {@link TypicalRun typical} run's index. */
    public List<Integer> typicalRuns() {
        List<Integer> typical = new ArrayList<>();
        for (int v = 0; v < variantNames().size(); v++) {
            typical.add(TypicalRun.index(variant(v)));
        }
        return typical;
    }

    /**
     * One result with each variant's typical run, for the charts: the scenario's fields are the first
     * run's (its seed is the first seed; the variants say theirs in the reports).
     */
    public RunResult typical() {
        List<Integer> typical = typicalRuns();
        List<VariantResult> variants = new ArrayList<>();
        for (int v = 0; v < typical.size(); v++) {
            variants.add(runs.get(typical.get(v)).variants().get(v));
        }
        RunResult first = first();
        return new RunResult(first.scenario(), first.sourceFile(), first.seed(), first.simulatorVersion(),
                first.scenarioSha256(), variants);
    }

    /** Whether every rule of every run held. */
    public boolean allExpectationsPassed() {
        return runs.stream().allMatch(RunResult::allExpectationsPassed);
    }
}
