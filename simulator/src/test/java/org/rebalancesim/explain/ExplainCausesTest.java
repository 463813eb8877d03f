package org.rebalancesim.explain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.explain.Explanations.explain;
import static org.rebalancesim.explain.Explanations.line;
import static org.rebalancesim.explain.Explanations.rebalancesFrom;
import static org.rebalancesim.explain.Explanations.timeAfter;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.run.SimRuns;
import org.rebalancesim.scenario.ConsumerConfig;
import org.rebalancesim.scenario.Operation;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.scenario.TimelineEvent;
import org.rebalancesim.scenario.Variant;

/**
 * The cause chains of classic rebalances in the library scenarios, with the expected values taken from
 * the files and docs/kafka-semantics.md: the coordinator evicts a silent member session.timeout.ms after the
 * last heartbeat that reached it (§4), sent at most heartbeat.interval.ms before the silence began, and
 * received a one-way network latency later (1 to 3 ms by default): so an eviction falls in
 * [silence + session - heartbeat interval, silence + session + a few ms].
 */
class ExplainCausesTest {

    /** Two one-way latencies of the default network (1 to 3 ms each), rounded up. */
    static final long LATENCY_MS = 10;

    static final String GC = "gc-pause-vs-session-timeout.yaml";
    static final String CRASH = "slow-record-and-crash.yaml";

    static <T extends Operation> TimelineEvent first(Variant variant, Class<T> kind) {
        return variant.timeline().stream().filter(e -> kind.isInstance(e.operation())).findFirst().orElseThrow();
    }

    static void assertEvictedWithinTheSessionWindow(String text, long silenceMs, ConsumerConfig config) {
        long evictedMs = timeAfter(text, "evicted at ");
        long expectedMs = silenceMs + config.sessionTimeoutMs();
        assertTrue(evictedMs >= expectedMs - config.heartbeatIntervalMs() && evictedMs <= expectedMs + LATENCY_MS,
                "evicted at " + evictedMs + ", expected within a heartbeat interval before " + expectedMs + ": " + text);
    }

    @Test
    void aPauseLongerThanTheSessionIsAnEvictionAndAShorterOneIsNot() {
        Variant variant = Explanations.variant(Explanations.library(GC), "session-10s");
        ConsumerConfig config = variant.consumers().configOf("c1");
        List<TimelineEvent> pauses = variant.timeline().stream()
                .filter(e -> e.operation() instanceof Operation.GcPause).toList();
        long longPauseMs = pauses.get(0).atMs();   // 2m, c1, 12 s
        long shortPauseMs = pauses.get(1).atMs();  // 10m, c2, 6 s

        VariantExplanation story = explain(GC, "session-10s");

        String eviction = line(story, longPauseMs, "c1 paused by GC for 12 s").text();
        assertTrue(eviction.startsWith("c1 paused by GC for 12 s > session.timeout.ms 10 s (by 2 s) → evicted at "),
                eviction);
        assertEvictedWithinTheSessionWindow(eviction, longPauseMs, config);
        assertTrue(eviction.contains("→ generation 2 started"), "the start-up made generation 1: " + eviction);
        assertTrue(eviction.contains("c1 lost 3 partitions"), "12 partitions over 4 pods, range: " + eviction);
        // 6 s + a 3 s heartbeat interval < 10 s: the short pause can never expire the session.
        assertEquals("c2 paused by GC for 6 s < session.timeout.ms 10 s: no eviction",
                line(story, shortPauseMs, "c2 paused by GC").text());
        assertTrue(story.summary().get(0).contains("1 eviction"), story.summary().toString());
    }

    @Test
    void withKafkasDefaultSessionNeitherPauseEvicts() {
        VariantExplanation story = explain(GC, "kafka-default");
        assertEquals("c1 paused by GC for 12 s < session.timeout.ms 45 s: no eviction",
                line(story, 120_000, "c1 paused by GC").text());
        assertEquals("c2 paused by GC for 6 s < session.timeout.ms 45 s: no eviction",
                line(story, 600_000, "c2 paused by GC").text());
        assertEquals(List.of(), rebalancesFrom(story, 60_000), "no rebalance after the start-up");
    }

    @Test
    void aPauseAsLongAsTheSessionStillEvictsBecauseTheSessionStartedAtTheLastHeartbeat() {
        VariantExplanation story = explain(GC, "advised-6s");
        String eviction = line(story, 600_000, "c2 paused by GC for 6 s").text();
        // A classic member's offset commits renew its session too (OffsetMetadataManager#validateOffsetCommit).
        assertTrue(eviction.contains("6 s = session.timeout.ms 6 s, but the session runs from its last heartbeat or offset"
                + " commit before the pause"), eviction);
        Variant variant = Explanations.variant(Explanations.library(GC), "advised-6s");
        assertEvictedWithinTheSessionWindow(eviction, 600_000, variant.consumers().configOf("c2"));
    }

    @Test
    void aCrashWithoutLeaveGroupIsEvictedAfterTheSessionAndTheJoinWaitsForTheSlowRecord() {
        Variant variant = Explanations.variant(Explanations.library(CRASH), "dynamic");
        TimelineEvent crash = first(variant, Operation.Crash.class);           // 2m, c2
        TimelineEvent slow = first(variant, Operation.SlowRecord.class);       // 1m, c1, 15 min
        long slowRecordMs = ((Operation.SlowRecord) slow.operation()).durationMs();

        VariantExplanation story = explain(CRASH, "dynamic");

        String eviction = line(story, crash.atMs(), "c2 crashed").text();
        // Its auto-commits renewed its session as its heartbeats did (a classic member).
        assertTrue(eviction.startsWith("c2 crashed: no LeaveGroup, so the coordinator waits session.timeout.ms 10 s"
                + " from its last heartbeat or offset commit"), eviction);
        assertEvictedWithinTheSessionWindow(eviction, crash.atMs(), variant.consumers().configOf("c2"));
        assertTrue(eviction.contains("→ generation 2 started"), eviction);
        assertTrue(eviction.contains("c2 lost 2 partitions"), "6 partitions over 3 pods: " + eviction);
        // Eager: the join barrier waits for c1's next poll(), after its record (docs/kafka-semantics.md known problem 1).
        long stableMs = timeAfter(eviction, "stable at ");
        assertTrue(stableMs >= slow.atMs() + slowRecordMs, "stable only after c1's record: " + eviction);
        assertTrue(eviction.contains("waited for c1's next poll()"), eviction);
        assertEquals(1, rebalancesFrom(story, 30_000).size(), story.lines().toString());
    }

    @Test
    void aRecordLongerThanThePollIntervalIsAPollTimeoutAndALeaveGroup() {
        VariantExplanation story = explain("poll-interval-outgrown.yaml", "poll-5m");
        String leave = line(story, 120_000, "c1's next record takes 7 min").text();
        // The record starts at 2m; no poll() for 5 min: the poll timer expires at 7m.
        assertTrue(leave.startsWith("c1's next record takes 7 min > max.poll.interval.ms 5 min (by 2 min)"), leave);
        assertEquals(420_000, timeAfter(leave, "poll timeout at "), leave);
        assertTrue(leave.contains("→ LeaveGroup at "), leave);
        assertTrue(leave.contains("→ generation 2 started"), leave);

        VariantExplanation longer = explain("poll-interval-outgrown.yaml", "poll-8m");
        assertTrue(line(longer, 120_000, "c1's next record takes 7 min").text()
                .startsWith("c1's next record takes 7 min < max.poll.interval.ms 8 min: no poll timeout"));
        assertEquals(List.of(), rebalancesFrom(longer, 60_000));
    }

    @Test
    void newPartitionsWaitForTheClassicLeadersMetadataRefresh() {
        // 900 partitions added at 2m; the leader refreshes its metadata every metadata.max.age.ms (5 min).
        VariantExplanation story = explain("add-partitions.yaml", "eager");
        String line = line(story, 120_000, "events grows from 100 to 1000 partitions").text();
        // The leader is whichever pod's JoinGroup reached the coordinator first: the latency draws of the
        // start-up round trips decide which (docs/kafka-semantics.md §22), so it is not named here.
        assertTrue(line.matches(".*→ the leader c\\d+ sees them at its metadata refresh \\(metadata\\.max\\.age\\.ms 5 min\\).*"),
                line);
        long refreshMs = timeAfter(line, "metadata refresh (metadata.max.age.ms 5 min) at ");
        assertTrue(refreshMs > 120_000 && refreshMs <= 120_000 + 300_000, line);
        assertTrue(line.contains("→ generation 2 started"), line);
    }

    static final String FAILOVER = """
            duration: 120s
            cluster: {brokers: 3}
            group: {id: failover-demo}
            topics: [{name: t, partitions: 6, rate: 60/s}]
            consumers:
              count: 3
              config: {session.timeout.ms: 10000, heartbeat.interval.ms: 3000}
              processing: {constant: 1ms}
              startup: {jvmStart: 2s}
            timeline:
              - at: 60s
                brokerFailure: {broker: coordinator, downtime: 30s}
            """;

    @Test
    void aCoordinatorFailoverLoadsTheGroupWithoutARebalance() {
        // docs/kafka-semantics.md §11: the controller moves the leadership after broker.session.timeout.ms (9 s);
        // the classic group loads Stable at its generation and every session timer starts again.
        Scenario scenario = SimRuns.load(FAILOVER, "failover");
        VariantExplanation story = Explainer.explain(SimRuns.runScenario(scenario), scenario).get(0);
        String failure = line(story, 60_000, "broker-").text();
        assertTrue(failure.matches("broker-\\d fails for 30 s"), failure);
        assertTrue(line(story, 69_000, "coordinator failover: broker-").text()
                .endsWith(" loads the group at generation 1; every session timer restarts, no rebalance"));
        assertEquals(List.of(), rebalancesFrom(story, 60_000));
    }

    @Test
    void theInitialRebalanceDelayAbsorbsStaggeredJoins() {
        // Six pods 10 s apart, a 120 s delay re-armed by each new member: one generation for all.
        VariantExplanation story = explain("staggered-startup.yaml", "delay-120s");
        List<StoryLine> rebalances = rebalancesFrom(story, 0);
        assertEquals(1, rebalances.size(), story.lines().toString());
        String first = rebalances.get(0).text();
        assertTrue(first.startsWith("c1 started → joined the empty group → generation 1 started"), first);
        assertTrue(first.contains("group.initial.rebalance.delay.ms 2 min holds the first join open"), first);
        assertTrue(first.contains("c2, c3, c4, c5, c6 started meanwhile and joined it"), first);
    }
}
