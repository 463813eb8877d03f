package org.rebalancesim.metrics;

import java.util.LinkedHashMap;
import java.util.Map;
import org.rebalancesim.workload.ProcessingLedger;

/**
 * The metrics of metrics.md by name, in the order reports show them: one place, so a simulated run
 * and a run measured on real Kafka report exactly the same set.
 */
public final class MetricsMap {

    private MetricsMap() {
    }

    /**
     * @param duplicatesBeforeWindow duplicates counted before the measure window opened
     * @param maxLag                 the largest sampled lag in the window
     * @param produced               records produced to the consumed topics by the end
     */
    public static Map<String, Number> of(RunRecorder.Recorded recorded, ProcessingLedger ledger,
                                         long duplicatesBeforeWindow, long maxLag, long produced) {
        Map<String, Number> metrics = new LinkedHashMap<>();
        metrics.put("rebalances", recorded.rebalances());
        metrics.put("partitionsMoved", recorded.partitionsMoved());
        metrics.put("rebalanceTimeMs", recorded.rebalanceTimeMs());
        metrics.put("stopTheWorldMs", recorded.stopTheWorldMs());
        metrics.put("maxStopTheWorldMs", recorded.maxStopTheWorldMs());
        metrics.put("partitionDowntimeMs", recorded.partitionDowntimeMs());
        metrics.put("maxPartitionDowntimeMs", recorded.maxPartitionDowntimeMs());
        recorded.downtimeByCause().forEach((cause, ms) -> metrics.put("downtimeByCause." + cause, ms));
        metrics.put("evictions", recorded.evictions());
        metrics.put("pollTimeouts", recorded.pollTimeouts());
        metrics.put("zombieOverlapMs", recorded.zombieOverlapMs());
        metrics.put("ownershipViolations", recorded.ownershipViolations());
        metrics.put("duplicates", ledger.duplicates() - duplicatesBeforeWindow);
        metrics.put("maxLag", maxLag);
        metrics.put("recordsProduced", produced);
        metrics.put("recordsProcessed", ledger.totalProcessed());
        metrics.put("recordsProcessedUnique", ledger.uniqueProcessed());
        metrics.put("finalLag", produced - ledger.uniqueProcessed());
        return metrics;
    }
}
