package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.runAll;
import static org.rebalancesim.run.SimRuns.variant;

import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.RunResult;

/**
 * maxStandbyLagRecords (docs/kafka-semantics.md §19): a standby on an instance without the task's state starts
 * its whole changelog behind; one that follows its changelog stays within a second of restore work; without
 * standbys or warm-ups there is none.
 */
class StandbyLagTest {

    /** Two instances, 4 stateful tasks of 40,000 changelog records; c3 joins at 2m (measured from 1m). */
    private static final String SCALE_OUT = """
            seed: 4
            duration: 6m
            measure: {from: 1m}
            group: {id: lag}
            topics: [{name: orders, partitions: 4, rate: 40/s}]
            consumers:
              count: 2
              app: streams
              processing: {lognormal: {median: 1ms, p99: 5ms}}
              startup: {jvmStart: 5s}
              topology:
                subtopologies: [{source: orders, stateful: true, changelog: {records: 40000}}]
                restoreRate: 20000/s
            timeline:
              - {at: 2m, start: {count: 1}}
            variants:
              - name: standbys
                consumers: {config: {num.standby.replicas: 1}}
              - name: none
                consumers: {config: {num.standby.replicas: 0, acceptable.recovery.lag: 1000000000}}
            """;

    @Test
    void aReplicaOnANewInstanceStartsItsWholeChangelogBehind() {
        RunResult run = runAll(SCALE_OUT, "scale-out");
        long lag = metric(variant(run, "standbys"), "maxStandbyLagRecords");
        // c3 has no state: a standby (or warm-up) there starts at offset 0, the changelog's 40,000 records and what
        // the task wrote since (one changelog record per input record) behind.
        assertTrue(lag >= 40_000, "lag " + lag);
        assertTrue(lag <= 40_000 + 40 * 360, "lag " + lag);
        // Nothing but actives: no replica ever catches up.
        assertEquals(0, metric(variant(run, "none"), "maxStandbyLagRecords"));
    }
}
