package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.TaskState;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.run.SimRuns;

/**
 * Scale-out of a stateful application with KIP-441 warm-ups (docs/kafka-semantics.md §19, §26): a third
 * instance joins a group of two running 12 stateful tasks. It has no state, so Kafka's assignor keeps every
 * task with its caught-up owner, gives the newcomer up to max.warmup.replicas warm-ups, and schedules a
 * probing rebalance probing.rebalance.interval.ms later; a task moves once its warm-up is within
 * acceptable.recovery.lag. Kafka's TaskAssignorConvergenceTest bounds the probing rebalances until the
 * assignment is balanced by numStatefulTasks / max.warmup.replicas + 1.
 */
class StreamsWarmupTest {

    private static final int TASKS = 12;
    private static final long ACCEPTABLE_LAG = 10_000;

    private static String scaleOut(int maxWarmups) {
        return """
                duration: 15m
                measure: {from: 80s}
                group: {id: streams-scale}
                topics: [{name: orders, partitions: %d, rate: 120/s}]
                consumers:
                  count: 2
                  app: streams
                  config: {probing.rebalance.interval.ms: 60s, max.warmup.replicas: %d}
                  processing: {constant: 1ms}
                  startup: {jvmStart: 2s}
                  topology:
                    subtopologies: [{source: [orders], stateful: true, changelog: {records: 100000}}]
                    restoreRate: 10000/s
                timeline:
                  - {at: 90s, start: {count: 1}}
                """.formatted(TASKS, maxWarmups);
    }

    @Test
    void warmUpsMoveTasksOnlyOnceCaughtUpAndTheGroupBalancesWithinKafkasBound() {
        for (int maxWarmups : new int[] {1, 2}) {
            VariantResult result = run(scaleOut(maxWarmups), "streams-warmups-" + maxWarmups);
            for (String pod : new String[] {"c1", "c2", "c3"}) {
                assertEquals(TASKS / 3, ownedBy(result, pod, 899_000).size(), pod + " with max.warmup.replicas "
                        + maxWarmups);
            }
            long probing = metric(result, "probingRebalances");
            assertTrue(probing >= 1 && probing <= TASKS / maxWarmups + 1, "probingRebalances " + probing);
            // Every task that moved had a warm-up within acceptable.recovery.lag.
            long restored = metric(result, "recordsRestored");
            assertTrue(restored <= (long) TASKS * ACCEPTABLE_LAG, "recordsRestored " + restored);
        }
    }

    private static String probingScenario() {
        return """
                duration: 170s
                measure: {from: 20s}
                group: {id: streams-probing}
                topics: [{name: orders, partitions: 6, rate: 30/s}]
                consumers:
                  count: 2
                  app: streams
                  config: {session.timeout.ms: 10000, heartbeat.interval.ms: 1000, commit.interval.ms: 1000,
                           probing.rebalance.interval.ms: 60s}
                  processing: {constant: 1ms}
                  startup: {jvmStart: 1s}
                  topology:
                    subtopologies: [{source: [orders], stateful: true, changelog: {records: 30000, recordBytes: 24}}]
                    restoreRate: 5000/s
                timeline:
                  - {at: 30s, start: {count: 1}}
                """;
    }

    /**
     * Each probing rebalance that moves tasks takes two generations, as in Kafka: the probing one withholds
     * the moving tasks (their owners revoke them inside the poll that took the assignment, committing, and
     * rejoin at once: ConsumerCoordinator#onJoinComplete), and the newcomer's follow-up (StreamThread#runOnce,
     * once that poll is over) joins that same second round, which hands them over. Real Kafka Streams 4.4.0
     * (calibrate, scenarios/calibration/streams-scale-out.yaml): 6 tasks, 2 warm-ups, 2 probing rebalances,
     * 5 rebalances from the scale-out on (1 for the join, 2 for each probing one).
     */
    @Test
    void aProbingRebalanceThatMovesTasksTakesTwoGenerations() {
        VariantResult result = run(probingScenario(), "streams-probing-generations");
        assertEquals(2, metric(result, "probingRebalances"));
        assertEquals(1 + 2 * 2, metric(result, "rebalances"));
        assertEquals(4, metric(result, "partitionsMoved"));
    }

    /**
     * The newcomer's warm-up promoted to active is a task its state updater holds: TaskManager#handleAssignment asks
     * for it back (StateUpdater#remove) and waits, before it does anything of the assignment, for the rest of the
     * updater's loop turn: the batch of at most 1,000 records it is writing (200 ms at 5,000 records/s), or its
     * present poll(poll.ms, 100 ms) while it only follows changelogs. Only then does the task start as active.
     * Measured (calibrate, scenarios/calibration/streams-scale-out.yaml, 6 runs): the newcomer's callback of that
     * hand-over came 183 to 698 ms after the group was stable, where the model had said 22 to 98.
     */
    @Test
    void aPromotedWarmUpWaitsForTheStateUpdatersTurn() {
        String yaml = probingScenario();
        VariantResult result = run(yaml, "streams-promotion-wait");
        List<Series.StoryEvent> waits = SimRuns.story(result, "c3", "state updater");
        assertEquals(2, waits.size(), "one wait per probing rebalance that moves tasks to c3");
        List<SimRuns.TaskStateEvent> states = SimRuns.taskStates(yaml, "streams-promotion-wait", "base");
        for (Series.StoryEvent wait : waits) {
            assertTrue(wait.durationMs() > 0 && wait.durationMs() <= 200, "wait " + wait.durationMs());
            long promotedAt = states.stream().filter(s -> s.pod().equals("c3") && s.atMs() >= wait.atMs()
                    && s.state() == TaskState.RESTORING).findFirst().orElseThrow().atMs();
            assertEquals(wait.atMs() + wait.durationMs(), promotedAt);
        }
    }

    /** The partitions {@code pod} holds at {@code atMs}, from the ownership series (one partition per task). */
    private static Set<String> ownedBy(VariantResult result, String pod, long atMs) {
        return result.series().ownership().stream()
                .filter(o -> o.member().equals(pod) && o.fromMs() <= atMs && o.toMs() > atMs)
                .map(Series.OwnershipInterval::partition).collect(Collectors.toCollection(TreeSet::new));
    }
}
