package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;

import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.Series.OwnershipInterval;
import org.rebalancesim.metrics.VariantResult;

/**
 * consumers.application.overrides: one pod that never commits among pods that commitSync after each batch and in
 * onPartitionsRevoked. A partition it gives up is taken from the group's last committed offset, which is where
 * the pod itself started it, so its next owner processes again every record the pod had taken; a partition any
 * other pod gives up is taken where that pod stopped (docs/kafka-semantics.md §6). Three pods join 10 s apart
 * (cooperative-sticky, 6 partitions of 10 records/s), so each pod gives up partitions at a join.
 */
class ApplicationOverridesTest {

    private static final double RECORDS_PER_PARTITION_MS = 10 / 1000.0;
    private static final long DURATION_MS = 40_000;

    private static VariantResult runWith(String overrides) {
        return run("""
                duration: 40s
                group: {id: commits}
                topics: [{name: t, partitions: 6, rate: 60/s}]
                consumers:
                  count: 3
                  config: {partition.assignment.strategy: cooperative-sticky, enable.auto.commit: false}
                  processing: {constant: 1ms}
                  startup: {stagger: 10s}
                  application: {commit: sync, overrides: %s}
                """.formatted(overrides), "application-overrides");
    }

    /**
     * The records produced to the partitions {@code pod} gave up, from where it started each (the end of its
     * previous owner's turn, which committed there, or offset 0) to where it gave it up.
     */
    private static long recordsTakenOverFrom(VariantResult result, String pod) {
        List<OwnershipInterval> intervals = result.series().ownership().stream()
                .sorted(Comparator.comparing(OwnershipInterval::partition).thenComparingLong(OwnershipInterval::fromMs))
                .toList();
        double records = 0;
        for (int i = 0; i < intervals.size(); i++) {
            OwnershipInterval turn = intervals.get(i);
            if (!turn.member().equals(pod) || turn.toMs() >= DURATION_MS) {
                continue;
            }
            boolean first = i == 0 || !intervals.get(i - 1).partition().equals(turn.partition());
            long startedAtMs = first ? 0 : intervals.get(i - 1).toMs();
            records += (turn.toMs() - startedAtMs) * RECORDS_PER_PARTITION_MS;
        }
        return Math.round(records);
    }

    @Test
    void everyPodCommittingLeavesNoDuplicates() {
        assertEquals(0, metric(runWith("{}"), "duplicates"));
    }

    @Test
    void theFirstPodNotCommittingDuplicatesEverythingItGaveUp() {
        VariantResult result = runWith("{c1: {commit: none, commitOnRevoke: false}}");
        long expected = recordsTakenOverFrom(result, "c1");
        assertTrue(expected >= 3 * 100, "c1 gives up three partitions after 10 s: " + expected);
        assertEquals(expected, metric(result, "duplicates"), 6.0, "within a record per partition");
    }

    /** c2 starts its partitions where c1 committed them, so only what c2 itself took of them comes again. */
    @Test
    void aLaterPodNotCommittingDuplicatesOnlyWhatItTook() {
        VariantResult result = runWith("{c2: {commit: none, commitOnRevoke: false}}");
        long expected = recordsTakenOverFrom(result, "c2");
        assertTrue(expected > 0 && expected < recordsTakenOverFrom(result, "c1"), "c2's share: " + expected);
        assertEquals(expected, metric(result, "duplicates"), 6.0, "within a record per partition");
    }
}
