package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;

import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * task.assignor.class (KIP-924) on the classic protocol (docs/kafka-semantics.md §26): a third instance, with no
 * state, joins two that run 12 stateful tasks with 100000-record changelogs, once with Kafka's default
 * HighAvailabilityTaskAssignor and once with Kafka Streams' public StickyTaskAssignor. The expected values are the
 * assignors' contracts:
 * <ul>
 *   <li>StickyTaskAssignor balances by capacity at once (4 tasks per single-thread instance), keeping each of the
 *       others on its previous owner, and gives no warm-ups and no follow-up deadline: no probing rebalance, and the
 *       newcomer restores each task it takes from nothing, the whole changelog;</li>
 *   <li>HighAvailabilityTaskAssignor keeps every task on a caught-up owner, warms the newcomer up and probes; a task
 *       moves only within acceptable.recovery.lag (10000) of its changelog's end.</li>
 * </ul>
 */
class StreamsCustomTaskAssignorTest {

    private static final int TASKS = 12;
    private static final long CHANGELOG_RECORDS = 100_000;
    private static final long ACCEPTABLE_LAG = 10_000;
    private static final String STICKY = "org.apache.kafka.streams.processor.assignment.assignors.StickyTaskAssignor";

    private static String scaleOut(String taskAssignor) {
        return """
                duration: 15m
                measure: {from: 80s}
                group: {id: streams-kip924}
                topics: [{name: orders, partitions: %d, rate: 120/s}]
                consumers:
                  count: 2
                  app: streams
                  config: {probing.rebalance.interval.ms: 60s%s}
                  processing: {constant: 1ms}
                  startup: {jvmStart: 2s}
                  topology:
                    subtopologies: [{source: [orders], stateful: true, changelog: {records: %d}}]
                    restoreRate: 10000/s
                timeline:
                  - {at: 90s, start: {count: 1}}
                """.formatted(TASKS, taskAssignor == null ? "" : ", task.assignor.class: " + taskAssignor,
                CHANGELOG_RECORDS);
    }

    @Test
    void kafkasStickyTaskAssignorMovesColdTasksAtOnceWithoutWarmupsOrProbing() {
        VariantResult sticky = run(scaleOut(STICKY), "streams-kip924-sticky");
        VariantResult hat = run(scaleOut(null), "streams-kip924-default");
        for (VariantResult result : new VariantResult[] {sticky, hat}) {
            for (String pod : new String[] {"c1", "c2", "c3"}) {
                assertEquals(TASKS / 3, ownedBy(result, pod, 899_000).size(), pod);
            }
        }
        assertEquals(0, metric(sticky, "probingRebalances"), "StickyTaskAssignor sets no follow-up deadline");
        // The newcomer takes 4 tasks right after it joins (a minute before the first probing rebalance could be).
        assertEquals(TASKS / 3, ownedBy(sticky, "c3", 150_000).size());
        assertEquals(TASKS / 3, metric(sticky, "partitionsMoved"));
        // The join, and the follow-up the 4 withheld tasks need once their owners revoked them (COOPERATIVE).
        assertEquals(2, metric(sticky, "rebalances"));
        long coldRestore = metric(sticky, "recordsRestored");
        assertTrue(coldRestore >= TASKS / 3 * CHANGELOG_RECORDS, "recordsRestored " + coldRestore);

        long probing = metric(hat, "probingRebalances");
        assertTrue(probing >= 1, "HighAvailabilityTaskAssignor warms up and probes: " + probing);
        assertEquals(0, ownedBy(hat, "c3", 150_000).size(), "no task moves before its warm-up has caught up");
        long warmRestore = metric(hat, "recordsRestored");
        assertTrue(warmRestore <= TASKS * ACCEPTABLE_LAG, "recordsRestored " + warmRestore);
    }

    /** The partitions {@code pod} holds at {@code atMs}, from the ownership series (one partition per task). */
    private static Set<String> ownedBy(VariantResult result, String pod, long atMs) {
        return result.series().ownership().stream()
                .filter(o -> o.member().equals(pod) && o.fromMs() <= atMs && o.toMs() > atMs)
                .map(Series.OwnershipInterval::partition).collect(Collectors.toCollection(TreeSet::new));
    }
}
