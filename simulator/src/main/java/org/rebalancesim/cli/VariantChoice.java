package org.rebalancesim.cli;

import java.io.PrintWriter;
import java.util.List;
import org.rebalancesim.scenario.Scenario;

/** {@code --variant NAME} of run, explain and calibrate: checked against every file before anything runs. */
final class VariantChoice {

    private VariantChoice() {
    }

    /** True when no variant was chosen or every file has it; else every file without it is named on {@code err}. */
    static boolean inEveryFile(List<Scenario> scenarios, String variant, PrintWriter err) {
        if (variant == null) {
            return true;
        }
        boolean found = true;
        for (Scenario scenario : scenarios) {
            if (scenario.variant(variant).isEmpty()) {
                err.println(scenario.sourceFile() + ": " + scenario.noSuchVariant(variant));
                found = false;
            }
        }
        return found;
    }
}
