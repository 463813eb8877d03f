package org.rebalancesim.cli;

import java.io.PrintWriter;
import java.util.List;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.scenario.Problem;
import org.rebalancesim.scenario.Scenario;

/**
 * What a valid scenario asks for that its runs ignore, printed as warnings: consumer configs Kafka's
 * client refuses under the variant's group.protocol (before running), and anchored timeline entries that
 * never ran (after). Warnings never change the exit code.
 */
final class ScenarioWarnings {

    private ScenarioWarnings() {
    }

    /** The refused configs of the selected variants of every scenario. */
    static void printIgnoredSettings(List<Scenario> scenarios, String onlyVariant, PrintWriter err) {
        for (Scenario scenario : scenarios) {
            for (Problem warning : scenario.warnings(onlyVariant)) {
                err.println("warning: " + warning);
            }
        }
        err.flush();
    }

    /** The anchored timeline entries of a run that never ran, as its story tells them. */
    static void printMissedAnchors(Scenario scenario, RunResult result, PrintWriter err) {
        for (VariantResult variant : result.variants()) {
            for (Series.StoryEvent event : variant.series().events()) {
                if (event.kind() == StoryKind.ANCHOR_MISSED) {
                    err.println("warning: " + scenario.sourceFile() + ": variant " + variant.name() + ": "
                            + event.subject() + " " + event.what());
                }
            }
        }
        err.flush();
    }
}
