package org.rebalancesim.sweep;

import java.util.List;

/**
 * What one shard of a sweep wrote: which sweep and which shard, the scenario's text (so the merge needs no copy
 * of the file), and the outcome of each of its runs exactly as the whole sweep would hold it.
 *
 * @param simulatorVersion the version that ran the shard: runs of different versions may differ
 * @param scenarioFile     the file as the shard's command line named it (for messages, and the default name)
 * @param runNumbers       the plan's number of each run, in increasing order, one per outcome
 * @param outcomes         the runs' outcomes, their values in {@code metricNames} order
 */
public record ShardFile(String simulatorVersion, SweepKey key, Shard shard, String scenarioFile, String scenarioText,
                        List<String> metricNames, List<Integer> runNumbers, List<RunOutcome> outcomes) {

    public ShardFile {
        metricNames = List.copyOf(metricNames);
        runNumbers = List.copyOf(runNumbers);
        outcomes = List.copyOf(outcomes);
    }
}
