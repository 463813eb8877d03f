package org.rebalancesim.report;

import org.rebalancesim.scenario.FaultSpec;
import org.rebalancesim.scenario.Operations;
import org.rebalancesim.scenario.TimelineEvent;

/**
 * Timeline operations and recurring faults as one line each, in the scenario file's own words
 * ({@code at 2m: crash {consumer: c2, restartAfter: 30s}}), so a reader can find them in the YAML.
 * The words of each operation and fault kind are its registry entry's.
 */
final class OperationText {

    private OperationText() {
    }

    static String event(TimelineEvent event) {
        return event.whenText() + ": " + Operations.text(event.operation());
    }

    static String fault(FaultSpec fault) {
        return fault.text();
    }
}
