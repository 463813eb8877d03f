package org.rebalancesim.check;

import java.util.List;

/**
 * One scenario's verdicts.
 *
 * @param notices why the baseline may not be like for like (another simulator version, an edited file)
 */
public record ScenarioCheck(String scenario, String file, List<VariantCheck> variants, List<String> notices) {

    public ScenarioCheck {
        variants = List.copyOf(variants);
        notices = List.copyOf(notices);
    }

    public boolean failed() {
        return variants.stream().anyMatch(v -> v.status() == VariantCheck.Status.FAIL
                || v.status() == VariantCheck.Status.MISSING);
    }
}
