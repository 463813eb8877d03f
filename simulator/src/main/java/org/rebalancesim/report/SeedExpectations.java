package org.rebalancesim.report;

import java.util.ArrayList;
import java.util.List;
import org.rebalancesim.metrics.ExpectationResult;
import org.rebalancesim.metrics.SeedRuns;
import org.rebalancesim.metrics.VariantResult;

/**
 * The expect: rules of a multi-seed run: a rule passes when it held in every seed, and a failure names
 * the seeds it failed in, so each can be run alone with {@code run --seed}.
 */
public final class SeedExpectations {

    /**
     * @param failedSeeds the seeds in which the rule did not hold, in seed order
     * @param runs        how many seeds ran
     */
    public record Rule(String variant, String metric, String rule, List<Long> failedSeeds, int runs) {
        public Rule {
            failedSeeds = List.copyOf(failedSeeds);
        }

        public boolean passed() {
            return failedSeeds.isEmpty();
        }

        /** "held in all 20 seeds", "failed in 2 of 20 seeds: 3, 7". */
        public String outcome() {
            if (passed()) {
                return runs == 1 ? "held" : "held in all " + runs + " seeds";
            }
            List<String> seeds = failedSeeds.stream().map(String::valueOf).toList();
            return "failed in " + failedSeeds.size() + " of " + runs + " seed" + (runs == 1 ? "" : "s") + ": "
                    + String.join(", ", seeds);
        }
    }

    private SeedExpectations() {
    }

    /** Every rule of every variant, in variant then file order. */
    public static List<Rule> of(SeedRuns runs) {
        List<Rule> rules = new ArrayList<>();
        List<Long> seeds = runs.seeds();
        for (int v = 0; v < runs.variantNames().size(); v++) {
            List<VariantResult> results = runs.variant(v);
            List<ExpectationResult> first = results.get(0).expectations();
            for (int r = 0; r < first.size(); r++) {
                List<Long> failed = new ArrayList<>();
                for (int s = 0; s < results.size(); s++) {
                    if (!results.get(s).expectations().get(r).passed()) {
                        failed.add(seeds.get(s));
                    }
                }
                rules.add(new Rule(results.get(0).name(), first.get(r).metric(), first.get(r).rule(), failed,
                        results.size()));
            }
        }
        return rules;
    }
}
