package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.run;
import static org.rebalancesim.run.SimRuns.spans;
import static org.rebalancesim.run.SimRuns.startedAt;

import java.util.List;
import org.apache.commons.math3.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rebalancesim.engine.Rng;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.scenario.Distributions;

/**
 * Process start-up and exit (docs/kafka-semantics.md §22): a jvmStart drawn per start from the pod's own
 * stream, JVMs sharing their node's cores while they start, the exit time after close(), and the
 * client's round trips before its first JoinGroup. Network latency is a constant 5 ms one way here, so
 * every round trip takes exactly 10 ms.
 */
class StartupTimingTest {

    static final long SEED = 42;
    static final long ONE_WAY_MS = 5;

    static String scenario(String startup, int pods, String protocol, String timeline) {
        return """
                seed: %d
                duration: 60s
                cluster:
                  network: {latency: {constant: 5ms}}
                  config: {group.initial.rebalance.delay.ms: 0}
                group: {id: startup}
                topics: [{name: t, partitions: 4, rate: 10/s}]
                consumers:
                  count: %d
                  config: {group.protocol: %s}
                  processing: {constant: 1ms}
                  startup: %s
                timeline: %s
                """.formatted(SEED, pods, protocol, startup, timeline);
    }

    /** A constant jvmStart keeps today's timing exactly: pod i of a stagger is up at i * stagger + jvmStart. */
    @Test
    void constantJvmStartIsExact() {
        VariantResult result = run(scenario("{stagger: 700ms, jvmStart: 2s}", 3, "classic", "[]"), "constant-start");

        assertEquals(List.of(2_000L), startedAt(result, "c1"));
        assertEquals(List.of(2_700L), startedAt(result, "c2"));
        assertEquals(List.of(3_400L), startedAt(result, "c3"));
    }

    /**
     * A distribution is drawn anew at every start, from the pod's stream "jvm-start:<pod>": a pod crashed
     * and restarted 1 s later is up again after its second draw. The expected values are those draws.
     */
    @Test
    void distributionIsDrawnPerStartFromThePodsStream() {
        String timeline = "[{at: 20s, crash: {consumer: c1, restartAfter: 1s}}, "
                + "{at: 40s, crash: {consumer: c1, restartAfter: 1s}}]";
        String yaml = scenario("{jvmStart: {uniform: {min: 1s, max: 3s}}}", 2, "classic", timeline);
        VariantResult result = run(yaml, "drawn-start");

        RandomGenerator c1 = Rng.stream(SEED, "jvm-start:c1");
        Distributions.Uniform jvmStart = new Distributions.Uniform(1_000, 3_000);
        List<Long> expected = List.of(Math.round(jvmStart.sample(c1)), 21_000 + Math.round(jvmStart.sample(c1)),
                41_000 + Math.round(jvmStart.sample(c1)));
        assertEquals(expected, startedAt(result, "c1"));
        assertNotEquals(expected.get(1) - 21_000, expected.get(2) - 41_000, "each restart draws anew");
        RandomGenerator c2 = Rng.stream(SEED, "jvm-start:c2");
        assertEquals(List.of(Math.round(jvmStart.sample(c2))), startedAt(result, "c2"));
        assertEquals(startedAt(result, "c1"), startedAt(run(yaml, "drawn-start-again"), "c1"), "same seed, same starts");
    }

    /**
     * Three JVMs of 2 s of start-up work each, started together on a node of 2 cores, share it: each runs
     * at 2/3 of a core, so all three are up after 3 s. A pod alone on its node (podsPerNode: 1), or a
     * lone start, takes its 2 s.
     */
    @Test
    void concurrentStartsShareTheNodesCores() {
        VariantResult shared = run(scenario("{jvmStart: 2s, nodeCores: 2}", 3, "classic", "[]"), "contended");
        for (String pod : List.of("c1", "c2", "c3")) {
            assertEquals(List.of(3_000L), startedAt(shared, pod), pod);
        }
        VariantResult apart = run(scenario("{jvmStart: 2s, nodeCores: 2, podsPerNode: 1}", 3, "classic", "[]"),
                "one-per-node");
        for (String pod : List.of("c1", "c2", "c3")) {
            assertEquals(List.of(2_000L), startedAt(apart, pod), pod);
        }
        VariantResult lone = run(scenario("{jvmStart: 2s, nodeCores: 1}", 1, "classic", "[]"), "lone");
        assertEquals(List.of(2_000L), startedAt(lone, "c1"));
    }

    /**
     * A starting JVM keeps more than one core busy (JIT compiler and GC threads beside its main thread):
     * with coresPerStart: 2, three starts of 2 s on 2 cores, begun together, each progress at
     * 2 / (3 x 2) = 1/3 of their own speed and are all up after 6 s; two on 2 cores at 1/2, up after 4 s;
     * a lone one has its 2 cores and takes its 2 s. On a node of 1 core a lone start of a JVM that would
     * use 2 runs at half its speed: 4 s.
     */
    @Test
    void aStartThatKeepsTwoCoresBusySlowsOthersMore() {
        VariantResult three = run(scenario("{jvmStart: 2s, nodeCores: 2, coresPerStart: 2}", 3, "classic", "[]"),
                "three-of-two-cores");
        for (String pod : List.of("c1", "c2", "c3")) {
            assertEquals(List.of(6_000L), startedAt(three, pod), pod);
        }
        VariantResult two = run(scenario("{jvmStart: 2s, nodeCores: 2, coresPerStart: 2}", 2, "classic", "[]"),
                "two-of-two-cores");
        assertEquals(List.of(4_000L), startedAt(two, "c1"));
        VariantResult lone = run(scenario("{jvmStart: 2s, nodeCores: 2, coresPerStart: 2}", 1, "classic", "[]"),
                "lone-two-cores");
        assertEquals(List.of(2_000L), startedAt(lone, "c1"));
        VariantResult small = run(scenario("{jvmStart: 2s, nodeCores: 1, coresPerStart: 2}", 1, "classic", "[]"),
                "lone-one-core");
        assertEquals(List.of(4_000L), startedAt(small, "c1"));
    }

    /**
     * A cold leader's first assignment (firstAssignment: 25 ms) holds its first SyncGroup back, so the
     * group settles 25 ms later; the same process assigning again (after c2 leaves at 20 s) is warm.
     */
    @Test
    void onlyAProcessesFirstAssignmentPaysItsColdCode() {
        String timeline = "[{at: 20s, stop: {consumer: c2}}]";
        List<Series.RebalanceSpan> warm = spans(run(scenario("{jvmStart: 1s}", 2, "classic", timeline), "warm"));
        List<Series.RebalanceSpan> cold = spans(run(scenario("{jvmStart: 1s, firstAssignment: 25ms}", 2, "classic",
                timeline), "cold"));

        assertEquals(warm.size(), cold.size());
        assertEquals(warm.get(0).startMs(), cold.get(0).startMs());
        assertEquals(warm.get(0).stableMs() + 25, cold.get(0).stableMs(), "the first assignment is cold");
        Series.RebalanceSpan lastWarm = warm.get(warm.size() - 1);
        Series.RebalanceSpan lastCold = cold.get(cold.size() - 1);
        assertTrue(lastWarm.startMs() >= 20_000);
        assertEquals(lastWarm.stableMs() - lastWarm.startMs(), lastCold.stableMs() - lastCold.startMs(),
                "the same process's next assignment is warm");
    }

    /**
     * The cold code is the assignor's, not the young JVM's: a process's first turn as leader pays it however
     * long the process has run (on Kafka 4.4.0 here, a process 25 s into its life, Stable once as a follower,
     * took 14 to 18 ms from the JoinGroup answers to its first assignment at the coordinator; a leader that
     * had assigned before, 2 to 4 ms). c1 leads the first generation; whichever pod is stopped at 20 s, the
     * one left leads the next: c2 for the first time (cold), c1 again (warm).
     */
    @Test
    void aProcessesFirstTurnAsLeaderPaysColdCodeHoweverLongItRan() {
        for (String stopped : List.of("c1", "c2")) {
            String timeline = "[{at: 20s, stop: {consumer: " + stopped + "}}]";
            List<Series.RebalanceSpan> warm = spans(run(scenario("{jvmStart: 1s}", 2, "classic", timeline),
                    "warm-" + stopped));
            List<Series.RebalanceSpan> cold = spans(run(scenario("{jvmStart: 1s, firstAssignment: 25ms}", 2,
                    "classic", timeline), "cold-" + stopped));
            Series.RebalanceSpan lastWarm = warm.get(warm.size() - 1);
            Series.RebalanceSpan lastCold = cold.get(cold.size() - 1);
            assertTrue(lastWarm.startMs() >= 20_000, stopped);
            long coldMs = stopped.equals("c1") ? 25 : 0;
            assertEquals(lastWarm.stableMs() - lastWarm.startMs() + coldMs, lastCold.stableMs() - lastCold.startMs(),
                    "the pod left after " + stopped + " stops leads, " + (coldMs > 0 ? "for the first time" : "again"));
        }
    }

    /**
     * A cold client's first onJoinComplete (firstSync: 15 ms) holds its first onPartitionsAssigned back, the
     * leader's and the follower's alike, without moving the group's Stable (the coordinator has the
     * SyncGroups); the same processes syncing again after c2 leaves at 20 s are warm.
     */
    @Test
    void onlyAProcessesFirstSyncPaysItsColdCode() {
        String timeline = "[{at: 20s, stop: {consumer: c2}}]";
        VariantResult warm = run(scenario("{jvmStart: 1s}", 2, "classic", timeline), "warm-sync");
        VariantResult cold = run(scenario("{jvmStart: 1s, firstSync: 15ms}", 2, "classic", timeline), "cold-sync");

        long stableMs = spans(warm).get(0).stableMs();
        assertEquals(stableMs, spans(cold).get(0).stableMs(), "the coordinator's Stable");
        for (String pod : List.of("c1", "c2")) {
            assertEquals(assignedFrom(warm, pod, stableMs) + 15, assignedFrom(cold, pod, stableMs),
                    pod + " is cold at first");
        }
        assertEquals(assignedFrom(warm, "c1", 20_000), assignedFrom(cold, "c1", 20_000), "c1 is warm later");
    }

    /** When the pod next takes partitions, at or after {@code fromMs}: its onPartitionsAssigned. */
    private static long assignedFrom(VariantResult result, String pod, long fromMs) {
        return result.series().ownership().stream()
                .filter(o -> o.member().equals(pod) && o.fromMs() >= fromMs)
                .mapToLong(Series.OwnershipInterval::fromMs).min().orElseThrow();
    }

    /**
     * Staggered on one core: c1 starts at 0 alone (rate 1) and has 1 s of work left when c2 starts at 1 s;
     * both then run at 1/2, so c1 is done at 3 s; c2, with 1 s of its 2 s done by then, alone again,
     * finishes at 4 s.
     */
    @Test
    void aStartSlowsOnlyWhileAnotherOneRuns() {
        VariantResult result = run(scenario("{stagger: 1s, jvmStart: 2s, nodeCores: 1}", 2, "classic", "[]"),
                "staggered-contention");

        assertEquals(List.of(3_000L), startedAt(result, "c1"));
        assertEquals(List.of(4_000L), startedAt(result, "c2"));
    }

    /**
     * coreShareSpread: two starts of 2 s on one core share it by the weights they drew from their pods' streams
     * "core-share:<pod>" (lognormal, median 1): the heavier one runs at w / (w1 + w2) of its speed and is up
     * after 2 s * (w1 + w2) / w; the core is busy all along, so the other, alone after that, is up when the 4 s
     * of work of both are done. Equal shares put both at 4 s.
     */
    @Test
    void unequalSharesLetOneStartGetAheadWithoutChangingTheNodesWork() {
        String yaml = scenario("{jvmStart: 2s, nodeCores: 1, coreShareSpread: 0.5}", 2, "classic", "[]");
        VariantResult result = run(yaml, "unequal-shares");

        double w1 = Math.exp(0.5 * Rng.stream(SEED, "core-share:c1").nextGaussian());
        double w2 = Math.exp(0.5 * Rng.stream(SEED, "core-share:c2").nextGaussian());
        String ahead = w1 > w2 ? "c1" : "c2";
        String behind = w1 > w2 ? "c2" : "c1";
        long aheadUpMs = (long) Math.ceil(2_000 * (w1 + w2) / Math.max(w1, w2) - 1e-6);
        assertTrue(aheadUpMs < 4_000, "the weights differ: " + w1 + ", " + w2);
        assertEquals(List.of(aheadUpMs), startedAt(result, ahead));
        long behindUpMs = startedAt(result, behind).get(0);
        assertTrue(behindUpMs >= 4_000 && behindUpMs <= 4_001, "the core's 4 s of work, to the ms: " + behindUpMs);
        assertEquals(startedAt(result, "c1"), startedAt(run(yaml, "unequal-shares-again"), "c1"), "same seed, same shares");

        VariantResult equal = run(scenario("{jvmStart: 2s, nodeCores: 1}", 2, "classic", "[]"), "equal-shares");
        assertEquals(List.of(4_000L), startedAt(equal, "c1"));
        assertEquals(List.of(4_000L), startedAt(equal, "c2"));
    }

    /**
     * A process keeps its share of the core from its JVM's start through its client's warm-up: two pods of 1 s
     * of start and 1 s of warm-up on one core, weights w1 and w2 drawn once each (the first of their pods'
     * streams). While both are busy the shares never change, so the heavier one, A, is warmed up after
     * 2 * 1 s * (w1 + w2) / wA (to a ms, both steps rounded up), and its JoinGroup with a member id reaches the
     * coordinator 15 one-way trips later, which opens the group's first rebalance.
     */
    @Test
    void aProcessKeepsItsShareThroughItsWarmup() {
        String yaml = scenario("{jvmStart: 1s, clientWarmup: 1s, nodeCores: 1, coreShareSpread: 0.5}", 2,
                "classic", "[]");
        VariantResult result = run(yaml, "kept-share");

        double w1 = Math.exp(0.5 * Rng.stream(SEED, "core-share:c1").nextGaussian());
        double w2 = Math.exp(0.5 * Rng.stream(SEED, "core-share:c2").nextGaussian());
        long startMs = (long) Math.ceil(1_000 * (w1 + w2) / Math.max(w1, w2) - 1e-6);
        long joinedMs = spans(result).get(0).startMs() - 15 * ONE_WAY_MS;
        assertTrue(Math.abs(joinedMs - 2 * startMs) <= 1, "warmed up at " + joinedMs + ", expected about "
                + 2 * startMs);
    }

    /**
     * close() at 20 s: the batch in hand (1 ms records) ends, the final commit takes a round trip, then
     * the LeaveGroup, whose answer close() awaits (another round trip) before the process ends; the
     * restart's 2 s downtime and the 2 s JVM start follow: up again at 24.02 s, plus at most the batch's
     * last ms. A jvmExit of 3 s puts the restarted process 3 s later, all else equal.
     */
    @Test
    void exitTimeDelaysTheRestart() {
        String timeline = "[{at: 20s, restart: {consumer: c1, downtime: 2s}}]";
        VariantResult none = run(scenario("{jvmStart: 2s}", 2, "classic", timeline), "no-exit");
        VariantResult slow = run(scenario("{jvmStart: 2s, jvmExit: 3s}", 2, "classic", timeline), "slow-exit");

        long restartedWithout = startedAt(none, "c1").get(1);
        long closeMs = 2 * 2 * ONE_WAY_MS;
        assertTrue(restartedWithout >= 24_000 + closeMs && restartedWithout <= 24_000 + closeMs + 2,
                "restarted at " + restartedWithout);
        assertEquals(restartedWithout + 3_000, startedAt(slow, "c1").get(1));
    }

    /**
     * close()'s own work (startup.closeWork, 40 ms) follows its LeaveGroup: the rebalance the leave starts begins
     * when it did without, and the process ends 40 ms after the leave was sent instead of at the leave's answer
     * (one round trip, 10 ms, which close() no longer waits on once its work is done): the restart comes 30 ms
     * later.
     */
    @Test
    void closeWorkComesAfterTheLeaveGroup() {
        String timeline = "[{at: 20s, restart: {consumer: c1, downtime: 2s}}]";
        VariantResult none = run(scenario("{jvmStart: 2s}", 2, "classic", timeline), "no-close-work");
        VariantResult working = run(scenario("{jvmStart: 2s, closeWork: 40ms}", 2, "classic", timeline),
                "close-work");

        assertEquals(startedAt(none, "c1").get(1) + 40 - 2 * ONE_WAY_MS, startedAt(working, "c1").get(1));
        long leaveRebalance = spans(none).stream().filter(span -> span.startMs() >= 20_000).findFirst()
                .orElseThrow().startMs();
        assertEquals(leaveRebalance, spans(working).stream().filter(span -> span.startMs() >= 20_000).findFirst()
                .orElseThrow().startMs());
    }

    /**
     * The first JoinGroup of a new dynamic classic member, c1 up at 2 s (docs/kafka-semantics.md §22):
     * bootstrap connect and ApiVersions (2 round trips), Metadata (1), FindCoordinator (1), the
     * coordinator's own connection and ApiVersions (2): the JoinGroup leaves after 6 round trips, at
     * 2 s + 12 x 5 ms; MEMBER_ID_REQUIRED comes back after one more, and the JoinGroup with the member id
     * arrives 5 ms after that, at 2 s + 15 x 5 ms, where the group starts to rebalance.
     */
    @Test
    void firstJoinGroupFollowsTheStartUpRoundTrips() {
        VariantResult result = run(scenario("{jvmStart: 2s}", 1, "classic", "[]"), "first-join");

        assertEquals(2_000 + 15 * ONE_WAY_MS, spans(result).get(0).startMs());
    }

    /** KIP-848: the same start-up round trips, then the first ConsumerGroupHeartbeat arrives (no MEMBER_ID_REQUIRED). */
    @Test
    void firstConsumerGroupHeartbeatFollowsTheStartUpRoundTrips() {
        VariantResult result = run(scenario("{jvmStart: 2s}", 1, "consumer", "[]"), "first-heartbeat");

        assertEquals(2_000 + 13 * ONE_WAY_MS, spans(result).get(0).startMs());
    }

    /**
     * A link cut while the JVM starts (1 s to 13 s): the bootstrap connect at 2 s gets no answer and fails
     * after socket.connection.setup.timeout.ms (10 s), at 12 s; the reconnect 50 ms later is still cut and
     * fails after the doubled timeout, 20 s, at 32.05 s; the third, 100 ms later, gets through: the group
     * rebalances 15 one-way trips after 32.15 s.
     */
    @Test
    void aCutLinkHoldsTheStartUpBack() {
        String timeline = "[{at: 1s, networkPartition: {consumer: c1, duration: 12s}}]";
        VariantResult result = run(scenario("{jvmStart: 2s}", 1, "classic", timeline), "cut-start");

        assertEquals(32_150 + 15 * ONE_WAY_MS, spans(result).get(0).startMs());
    }

    /**
     * clientWarmup: the process is up ("started") after its jvmStart, and its consumer's first request
     * leaves a warm-up later, so the JoinGroup that starts the group's rebalance arrives at 2 s + 800 ms
     * + the 15 one-way trips of the start-up path.
     */
    @Test
    void theClientsWarmUpDelaysItsFirstRequest() {
        VariantResult result = run(scenario("{jvmStart: 2s, clientWarmup: 800ms}", 1, "classic", "[]"), "warm-up");

        assertEquals(List.of(2_000L), startedAt(result, "c1"));
        assertEquals(2_800 + 15 * ONE_WAY_MS, spans(result).get(0).startMs());
    }

    /**
     * The warm-up is CPU work too: with nodeCores: 1, c1 and c2 start together (1 s of JVM start each,
     * sharing the core: both up at 2 s), then warm up together (600 ms each at half a core: done at
     * 3.2 s). The group's first rebalance starts when the first JoinGroup arrives.
     */
    @Test
    void warmUpsShareTheNodesCores() {
        VariantResult result = run(scenario("{jvmStart: 1s, clientWarmup: 600ms, nodeCores: 1}", 2, "classic", "[]"),
                "warm-up-contended");

        assertEquals(List.of(2_000L), startedAt(result, "c1"));
        assertEquals(List.of(2_000L), startedAt(result, "c2"));
        assertEquals(3_200 + 15 * ONE_WAY_MS, spans(result).get(0).startMs());
    }

    /** A crash during the warm-up: the process never sends anything, and the restart warms up anew. */
    @Test
    void aCrashDuringTheWarmUpCallsItOff() {
        String timeline = "[{at: 2500ms, crash: {consumer: c1, restartAfter: 1s}}]";
        VariantResult result = run(scenario("{jvmStart: 2s, clientWarmup: 1s}", 1, "classic", timeline), "warm-up-crash");

        assertEquals(List.of(2_000L, 5_500L), startedAt(result, "c1"));
        assertEquals(6_500 + 15 * ONE_WAY_MS, spans(result).get(0).startMs(), "only the restarted process joins");
    }
}
