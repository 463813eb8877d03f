package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.firstSpanFrom;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;
import static org.rebalancesim.run.SimRuns.states;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * The eager join barrier (docs/kafka-semantics.md §2, §5 "A busy member during a rebalance", known problem
 * 1): the join phase completes when every member has rejoined or the rebalance timeout
 * (max(max.poll.interval.ms)) expires, and a member rejoins only at its next poll(). Under eager,
 * everyone else has already revoked everything and sits idle.
 *
 * <p>The scenario is slow-record-and-crash (dynamic): c1 starts a 15 min record at ~1 m; c2 crashes at
 * 2 m (session 10 s, heartbeat 3 s) and comes back at 2m30s + 2 s JVM start as a new member.
 */
class EagerBarrierTest {

    static final long SLOW_MS = 900_000;

    static String scenario(long maxPollIntervalMs) {
        return """
                duration: 20m
                group: {id: demo-app}
                topics: [{name: input-topic, partitions: 6, rate: 60/s}]
                consumers:
                  count: 3
                  config:
                    partition.assignment.strategy: range
                    session.timeout.ms: 10000
                    heartbeat.interval.ms: 3000
                    max.poll.interval.ms: %d
                  processing: {lognormal: {median: 2ms, p99: 20ms}}
                  startup: {jvmStart: 2s}
                timeline:
                  - at: 1m
                    slowRecord: {consumer: c1, duration: 15m}
                  - at: 2m
                    crash: {consumer: c2, restartAfter: 30s}
                """.formatted(maxPollIntervalMs);
    }

    static long slowRecordStart(VariantResult result) {
        List<Series.StateInterval> slow = states(result, "c1", MemberState.SLOW_RECORD);
        assertTrue(!slow.isEmpty(), "c1 never started its slow record");
        long start = slow.get(0).fromMs();
        assertTrue(start >= 60_000 && start < 61_000, "c1's next poll after 1 m fetches it: " + start);
        return start;
    }

    /** Whether one of {@code pod}'s intervals in {@code state} covers [fromMs, toMs]. */
    static boolean covered(VariantResult result, String pod, MemberState state, long fromMs, long toMs) {
        return states(result, pod, state).stream().anyMatch(s -> s.fromMs() <= fromMs && s.toMs() >= toMs);
    }

    /**
     * max.poll.interval.ms = 1 h > 15 min: the barrier waits for c1's record. The crash is noticed by
     * session timeout (start in [2m + 7 s, 2m + 10 s + latency]); the generation reaches Stable only
     * after c1's record ends, shortly after (c1's poll, commit, JoinGroup, SyncGroup round trips). c3
     * is REBALANCING from at most one heartbeat interval after the start until Stable, and the
     * restarted c2 from its first JoinGroup (~152 s) until Stable.
     */
    @Test
    void rebalanceWaitsForTheSlowRecordWhileTheOthersSitBlocked() {
        VariantResult result = run(scenario(3_600_000), "slow-record-barrier");

        long slowStart = slowRecordStart(result);
        Series.RebalanceSpan span = firstSpanFrom(result, 120_000);
        assertTrue(span.startMs() >= 120_000 + 7_000 && span.startMs() <= 120_000 + 10_005, "crash eviction: " + span);
        assertTrue(span.stableMs() >= slowStart + SLOW_MS, "Stable at " + span.stableMs()
                + " before c1's record ended at " + (slowStart + SLOW_MS));
        assertTrue(span.stableMs() <= slowStart + SLOW_MS + 1_000, "Stable soon after c1 polls again: " + span);

        assertTrue(covered(result, "c3", MemberState.REBALANCING, span.startMs() + 3_010, span.stableMs() - 20),
                "c3 should be blocked throughout: " + states(result, "c3", MemberState.REBALANCING));
        assertTrue(covered(result, "c2", MemberState.REBALANCING, 152_100, span.stableMs() - 20),
                "restarted c2 should be blocked until Stable: " + states(result, "c2", MemberState.REBALANCING));
        assertTrue(covered(result, "c1", MemberState.SLOW_RECORD, slowStart, slowStart + SLOW_MS),
                "c1 works on its record the whole time");

        // One rebalance for the crash (c2's rejoin is absorbed by the same join phase); c3's blocked
        // time alone is nearly the whole wait.
        assertEquals(1, metric(result, "evictions"));
        assertTrue(metric(result, "maxStopTheWorldMs") >= slowStart + SLOW_MS - (span.startMs() + 3_010));
    }

    /**
     * max.poll.interval.ms = 5 min < 15 min: the join cannot wait for the record. c1's poll timer
     * expires 5 min after its last poll and it sends LeaveGroup (§5), and in any case the join timer
     * (rebalance timeout = 5 min from the rebalance's start, §2) would complete it; so the generation is
     * Stable by min(slowStart, spanStart) + 5 min + a few round trips, long before the record ends.
     */
    @Test
    void shorterPollIntervalStopsTheGroupFromWaitingForTheWholeRecord() {
        long maxPollMs = 300_000;
        VariantResult result = run(scenario(maxPollMs), "slow-record-barrier-5m");

        long slowStart = slowRecordStart(result);
        Series.RebalanceSpan span = firstSpanFrom(result, 120_000);
        assertTrue(span.stableMs() <= Math.min(slowStart, span.startMs()) + maxPollMs + 1_000,
                "Stable at " + span.stableMs() + ", later than the poll/rebalance timeout allows");
        assertTrue(span.stableMs() < slowStart + SLOW_MS, "the group did not wait for the whole record");
        assertTrue(metric(result, "pollTimeouts") >= 1, "c1 timed out of its poll interval");
    }
}
