package org.rebalancesim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.runAll;
import static org.rebalancesim.run.SimRuns.spans;
import static org.rebalancesim.run.SimRuns.variant;

import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.VariantResult;

/**
 * Rolling restart (docs/kafka-semantics.md Known problem 2; §7 "Classic close"; §8 static membership).
 * Three pods restarted 60 s apart from 120 s on, each down 10 s plus a 5 s JVM start, session 45 s.
 * - dynamic: close() sends LeaveGroup (a rebalance at once), and the new process joins as a new member
 *   (another rebalance): 2 per pod, 6 in all, none of them an eviction.
 * - static: close() sends no LeaveGroup and the pod is back with its group.instance.id after ~15 s,
 *   well within the session: 0 rebalances. Each pod's 2 partitions are down only while it is:
 *   3 pods x 2 partitions x 15 s = 90 s of partition downtime, plus round trips.
 */
class RollingRestartTest {

    static final String SCENARIO = """
            duration: 6m
            measure: {from: 30s}
            group: {id: rollout}
            topics: [{name: payments, partitions: 6, rate: 60/s}]
            consumers:
              count: 3
              config: {session.timeout.ms: 45000, heartbeat.interval.ms: 3000}
              processing: {constant: 1ms}
              startup: {jvmStart: 5s}
            timeline:
              - at: 2m
                rollingRestart: {interval: 60s, downtime: 10s}
            variants:
              - name: dynamic
              - name: static
                consumers:
                  config: {group.instance.id: payments-pod-$(POD_NAME)}
            """;

    static final long[] RESTART_AT = {120_000, 180_000, 240_000};
    static final long BACK_AFTER_MS = 10_000 + 5_000;

    @Test
    void dynamicMembersCostTwoRebalancesPerPod() {
        RunResult run = runAll(SCENARIO, "rolling-restart-test");
        VariantResult dynamic = variant(run, "dynamic");

        assertEquals(2 * RESTART_AT.length, metric(dynamic, "rebalances"));
        assertEquals(0, metric(dynamic, "evictions"));
        for (long at : RESTART_AT) {
            // The leave: LeaveGroup arrives right after close() (a batch of 1 ms records, one commit).
            assertTrue(spans(dynamic).stream().anyMatch(s -> s.startMs() >= at && s.startMs() <= at + 100
                    && s.cause().contains("left the group")), "no leave rebalance at " + at + ": " + spans(dynamic));
            // The join: the new process sends its first JoinGroup after downtime + JVM start.
            assertTrue(spans(dynamic).stream().anyMatch(s -> s.startMs() >= at + BACK_AFTER_MS
                    && s.startMs() <= at + BACK_AFTER_MS + 200 && s.cause().contains("joined")),
                    "no join rebalance at " + (at + BACK_AFTER_MS) + ": " + spans(dynamic));
        }
    }

    @Test
    void staticMembersRestartWithoutRebalancing() {
        RunResult run = runAll(SCENARIO, "rolling-restart-test");
        VariantResult stat = variant(run, "static");

        assertEquals(0, metric(stat, "rebalances"));
        assertEquals(0, metric(stat, "evictions"));
        assertEquals(0, spans(stat).stream().filter(s -> s.startMs() >= 30_000).count());
        long expected = RESTART_AT.length * 2 * BACK_AFTER_MS;
        long downtime = metric(stat, "partitionDowntimeMs");
        assertTrue(downtime >= expected && downtime <= expected + RESTART_AT.length * 2 * 200,
                "partition downtime " + downtime + ", expected ~" + expected);
        // Nobody else is blocked; only the restarted member's own JoinGroup/SyncGroup round trips count.
        assertTrue(metric(stat, "stopTheWorldMs") < 1_000);
    }
}
