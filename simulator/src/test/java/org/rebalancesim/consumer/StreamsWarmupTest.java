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
import org.rebalancesim.events.StoryKind;
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
     * StreamsPartitionAssignor#assign checks the internal topics and reads the changelogs' end offsets (Admin calls)
     * before it places the tasks, and assignTasksToClients takes the probing deadline from the leader's clock after
     * that (time.milliseconds() + probing.rebalance.interval.ms), so both the leader's SyncGroup and its probing
     * rebalance come that work later than its JoinGroup answer. The thread enforces the rebalance at the end of the
     * loop turn the deadline falls in: within a poll(poll.ms, 100 ms) and its records.
     */
    @Test
    void theProbingDeadlineCountsFromTheEndOfTheLeadersAssignWork() {
        String yaml = probingScenario().replace("restoreRate: 5000/s", "restoreRate: 5000/s\n    assignWork: 500ms");
        VariantResult result = run(yaml, "streams-assign-work");
        List<Series.StoryEvent> probings = result.series().events().stream()
                .filter(e -> e.kind() == StoryKind.PROBING_REBALANCE).toList();
        assertEquals(2, probings.size());
        for (Series.StoryEvent probing : probings) {
            List<Series.StoryEvent> assignments = SimRuns.story(result, probing.subject(), "assignor for");
            Series.StoryEvent setter = assignments.stream().filter(a -> a.atMs() <= probing.atMs() - 60_000)
                    .reduce((first, second) -> second).orElseThrow();
            assertEquals(500, setter.durationMs(), "the leader's SyncGroup waits for its assign work");
            long sinceAnswer = probing.atMs() - setter.atMs();
            assertTrue(sinceAnswer >= 60_500 && sinceAnswer <= 60_500 + 200, "probing " + sinceAnswer
                    + " ms after the JoinGroup answer that set it");
        }
    }

    /**
     * The newcomer's warm-up promoted to active is a task its state updater holds: TaskManager#handleAssignment asks
     * for it back (StateUpdater#remove) and waits, before it does anything of the assignment, for the rest of the
     * updater's loop turn: the batch of at most 1,000 records it is writing (200 ms at 5,000 records/s), or its
     * present poll(poll.ms, 100 ms) while it only follows changelogs. Only then does the task start as active.
     * Measured (calibrate, scenarios/calibration/streams-scale-out.yaml, 6 runs): the newcomer's callback of that
     * hand-over came 17 to 99 ms (once 597 ms) after the group was stable, where the model had it within a few ms.
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
            long promotedAt = SimRuns.firstTaskState(states, "c3", wait.atMs(), TaskState.RESTORING);
            assertEquals(wait.atMs() + wait.durationMs(), promotedAt);
        }
    }

    /**
     * Kafka's member is STABLE while onJoinComplete runs, so a heartbeat answered REBALANCE_IN_PROGRESS during a
     * Kafka Streams thread's wait for its state updater asks it to rejoin, and AbstractCoordinator#joinGroupIfNeeded
     * rejoins as soon as onJoinComplete returns, not at the next heartbeat. Restoring at 200 records/s, a batch of
     * 1,000 takes 5 s: c3's wait for its promoted warm-up (at about 5:38) lasts seconds, c4's JoinGroup (launched at
     * 5:37.485, 1 s JVM start) lands inside it, and c3's next heartbeat, a second after its JoinGroup answer, hears
     * of that rebalance during the wait. The rebalance c4 starts is then stable a few round trips after c3's wait ends (c1 and c2 rejoined at
     * their heartbeats already), where with the answer ignored it would wait for c3's next heartbeat after it.
     */
    @Test
    void aRebalanceHeardOfDuringTheWaitIsJoinedWhenTheWaitEnds() {
        VariantResult result = run("""
                duration: 400s
                cluster:
                  network: {latency: {constant: 1ms}}
                group: {id: hold}
                topics: [{name: orders, partitions: 6, rate: 30/s}]
                consumers:
                  count: 2
                  app: streams
                  config: {session.timeout.ms: 10000, heartbeat.interval.ms: 1000, probing.rebalance.interval.ms: 60s}
                  processing: {constant: 1ms}
                  startup: {jvmStart: 1s}
                  topology:
                    subtopologies: [{source: [orders], stateful: true, changelog: {records: 30000, recordBytes: 24}}]
                    restoreRate: 200/s
                timeline:
                  - {at: 30s, start: {count: 1}}
                  - {at: 337485ms, start: {count: 1}}
                """, "streams-rejoin-after-wait");
        Series.StoryEvent wait = SimRuns.story(result, "c3", "state updater").stream()
                .filter(e -> e.atMs() > 330_000).findFirst().orElseThrow();
        long waitEndsMs = wait.atMs() + wait.durationMs();
        long c4JoinsMs = 337_485 + 1_000;
        assertTrue(wait.atMs() < c4JoinsMs && c4JoinsMs < waitEndsMs && waitEndsMs - wait.atMs() > 1_000,
                "c4's join, then a heartbeat of c3, within the wait " + wait.atMs() + ".." + waitEndsMs);
        Series.RebalanceSpan c4s = SimRuns.firstSpanFrom(result, c4JoinsMs);
        assertTrue(c4s.stableMs() >= waitEndsMs && c4s.stableMs() < waitEndsMs + 100, "stable at " + c4s.stableMs()
                + ", c3's wait ended at " + waitEndsMs);
    }

    /** The partitions {@code pod} holds at {@code atMs}, from the ownership series (one partition per task). */
    private static Set<String> ownedBy(VariantResult result, String pod, long atMs) {
        return result.series().ownership().stream()
                .filter(o -> o.member().equals(pod) && o.fromMs() <= atMs && o.toMs() > atMs)
                .map(Series.OwnershipInterval::partition).collect(Collectors.toCollection(TreeSet::new));
    }
}
