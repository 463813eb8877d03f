package org.rebalancesim.metrics;

import java.util.List;

/** Everything one {@code run} of a scenario produced: one result per variant. Pure data. */
public record RunResult(String scenario, String sourceFile, long seed, String simulatorVersion,
                        String scenarioSha256, List<VariantResult> variants) {

    public RunResult {
        variants = List.copyOf(variants);
    }

    public boolean allExpectationsPassed() {
        return variants.stream().allMatch(VariantResult::allExpectationsPassed);
    }
}
