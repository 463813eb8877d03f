package org.rebalancesim.metrics;

import java.util.List;
import org.rebalancesim.metrics.registry.Metric;
import org.rebalancesim.metrics.registry.MetricValues;
import org.rebalancesim.workload.ProcessingLedger;

/**
 * What the workload contributes to a run's metrics at its end, the records metrics: a simulated run
 * and a run measured on real Kafka hand these over from their own ledger and lag samples.
 *
 * @param ledger                 every record processed, duplicates included
 * @param duplicatesBeforeWindow duplicates counted before the measure window opened
 * @param maxLag                 the largest sampled lag in the window
 * @param produced               records produced to the consumed topics by the end
 * @param transactional          whether every result is written in a transaction committed with its offsets
 *                               (a Kafka Streams application under exactly_once_v2): a record processed
 *                               again was processed before in a transaction never committed, so no reader
 *                               sees its result twice
 * @param lag                    the lag samples: maxTimeBehindMs, recoveryTimeMs and the scaling metrics
 * @param processed              the throughput samples taken with them
 */
public record WorkloadFigures(ProcessingLedger ledger, long duplicatesBeforeWindow, long maxLag, long produced,
                              boolean transactional, List<Series.LagSample> lag,
                              List<Series.ThroughputSample> processed) {

    /**
     * The figures of a run whose results are not transactional (plain consumers; Streams at_least_once) and that
     * takes no throughput samples (a run measured on real Kafka).
     */
    public WorkloadFigures(ProcessingLedger ledger, long duplicatesBeforeWindow, long maxLag, long produced,
                           List<Series.LagSample> lag) {
        this(ledger, duplicatesBeforeWindow, maxLag, produced, false, lag, List.of());
    }

    /** The worst time behind of the lag samples (docs/metrics.md maxTimeBehindMs); 0 without samples. */
    long maxTimeBehindMs() {
        return lag.stream().mapToLong(Series.LagSample::timeBehindMs).max().orElse(0);
    }

    void supplyTo(MetricValues values) {
        values.put(Metric.DUPLICATES, transactional ? 0 : ledger.duplicates() - duplicatesBeforeWindow)
                .put(Metric.MAX_LAG, maxLag)
                .put(Metric.MAX_TIME_BEHIND_MS, maxTimeBehindMs())
                .put(Metric.RECORDS_PRODUCED, produced)
                .put(Metric.RECORDS_PROCESSED, ledger.totalProcessed())
                .put(Metric.RECORDS_PROCESSED_UNIQUE, ledger.uniqueProcessed())
                .put(Metric.FINAL_LAG, produced - ledger.uniqueProcessed());
    }
}
