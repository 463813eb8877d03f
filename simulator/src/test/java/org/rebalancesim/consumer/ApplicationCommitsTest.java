package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;

import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.VariantResult;

/**
 * consumers.application with enable.auto.commit false: what the application commits decides the duplicates
 * (docs/kafka-semantics.md §6). c1 alone owns 4 partitions of 10 records/s each; c2 joins at 20 s and the
 * eager range assignor moves t-2 and t-3 to it.
 */
class ApplicationCommitsTest {

    private static VariantResult runWith(String application) {
        return run("""
                duration: 60s
                group: {id: commits}
                topics: [{name: t, partitions: 4, rate: 40/s}]
                consumers:
                  count: 2
                  config: {partition.assignment.strategy: range, enable.auto.commit: false}
                  processing: {constant: 1ms}
                  startup: {stagger: 20s}
                  application: %s
                """.formatted(application), "commits");
    }

    /** commitSync after each batch and in onPartitionsRevoked: c2 starts where c1 stopped, nothing twice. */
    @Test
    void syncCommitsBeforeTheRevocationLeaveNoDuplicates() {
        assertEquals(0, metric(runWith("{commit: sync}"), "duplicates"));
        assertEquals(0, metric(runWith("{commit: async}"), "duplicates"), "the revocation's commitSync follows the async ones");
    }

    /**
     * No commit at all: the group's committed offsets stay 0, so c2 starts t-2 and t-3 from their first record
     * and processes again all c1 did of them. c1 is caught up when c2 joins (1 ms a record), so that is every
     * record of the two partitions produced before the revocation: at least 2 × 10/s × 20 s, less a poll's slack.
     */
    @Test
    void noCommitMeansTheNewOwnerStartsOver() {
        VariantResult result = runWith("{commit: none, commitOnRevoke: false}");
        long duplicates = metric(result, "duplicates");
        assertTrue(duplicates >= 2 * 10 * 20 - 10, "duplicates " + duplicates);
        assertEquals(0, metric(result, "commitFailures.commitFailed") + metric(result, "commitFailures.rebalanceInProgress"));
    }
}
