package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.firstSpanFrom;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;
import static org.rebalancesim.run.SimRuns.spans;
import static org.rebalancesim.run.SimRuns.states;
import static org.rebalancesim.run.SimRuns.story;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * max.poll.interval.ms (docs/kafka-semantics.md §5): every poll() resets the poll timer; when it expires the
 * heartbeat thread calls maybeLeaveGroup. A dynamic member sends LeaveGroup (a rebalance at once); a
 * static one sends nothing, resets its generation and member id and stops heartbeating, so the
 * coordinator removes it only when its session expires (§8 "No LeaveGroup, ever").
 *
 * <p>c1 starts a 120 s record shortly after 60 s under max.poll.interval.ms = 60 s. The poll() that
 * returned the record is the start of c1's SLOW_RECORD interval; the heartbeat thread notices the
 * expired poll timer on its next wake-up, which in Kafka is at most retry.backoff.ms (100 ms) later
 * (it waits retryBackoffMs between checks). So the poll timeout happens in
 * [lastPoll + 60 s, lastPoll + 60 s + 100 ms].
 */
class PollIntervalTest {

    static final long MAX_POLL_MS = 60_000;
    static final long SESSION_MS = 30_000;
    static final long HEARTBEAT_MS = 3_000;
    static final long CHECK_MS = 100;
    static final long LATENCY_MS = 5;

    static String scenario(String extraConfig, String duration) {
        return scenario(extraConfig, duration, SESSION_MS, "120s");
    }

    static String scenario(String extraConfig, String duration, long sessionMs, String slowFor) {
        return """
                duration: %s
                group: {id: poll-demo}
                topics: [{name: t, partitions: 6, rate: 60/s}]
                consumers:
                  count: 3
                  config: {max.poll.interval.ms: %d, session.timeout.ms: %d, heartbeat.interval.ms: %d%s}
                  processing: {constant: 1ms}
                  startup: {jvmStart: 2s}
                timeline:
                  - at: 60s
                    slowRecord: {consumer: c1, duration: %s}
                """.formatted(duration, MAX_POLL_MS, sessionMs, HEARTBEAT_MS, extraConfig, slowFor);
    }

    /** The poll() that returned the slow record: the start of c1's first SLOW_RECORD interval. */
    static long lastPollBeforeSlowRecord(VariantResult result) {
        List<Series.StateInterval> slow = states(result, "c1", MemberState.SLOW_RECORD);
        assertTrue(!slow.isEmpty(), "c1 never processed the slow record");
        long from = slow.get(0).fromMs();
        assertTrue(from >= 60_000 && from <= 60_500, "c1 fetches its next record right after 60 s: " + from);
        return from;
    }

    static long pollTimeoutAt(VariantResult result, long lastPollMs) {
        List<Series.StoryEvent> timeouts = story(result, "c1", "max.poll.interval.ms");
        assertEquals(1, timeouts.size(), "one poll timeout of c1: " + timeouts);
        long at = timeouts.get(0).atMs();
        assertTrue(at >= lastPollMs + MAX_POLL_MS && at <= lastPollMs + MAX_POLL_MS + CHECK_MS,
                "poll timeout at " + at + ", last poll at " + lastPollMs);
        return at;
    }

    /**
     * Dynamic: LeaveGroup at the poll timeout, so the rebalance starts one one-way latency later. The run
     * ends at 170 s, before the record's next owner (which gets it again: it was never committed, known
     * problem 3) can time out in turn (not before ~183 s), so exactly one pollTimeout is counted.
     */
    @Test
    void dynamicMemberLeavesAtPollTimeoutAndTheGroupRebalancesThen() {
        VariantResult result = run(scenario("", "170s"), "poll-timeout-dynamic");

        long lastPoll = lastPollBeforeSlowRecord(result);
        long timeout = pollTimeoutAt(result, lastPoll);
        assertEquals(1, metric(result, "pollTimeouts"));

        Series.RebalanceSpan span = firstSpanFrom(result, 60_000);
        assertTrue(span.cause().contains("left the group"), "LeaveGroup starts it: " + span.cause());
        assertTrue(span.startMs() >= timeout && span.startMs() <= timeout + LATENCY_MS,
                "rebalance at " + span.startMs() + ", poll timeout at " + timeout);
        assertEquals(0, metric(result, "evictions"), "a LeaveGroup is not an eviction");
    }

    /**
     * Static: no LeaveGroup, heartbeats stop at the poll timeout. The last heartbeat that reached the
     * coordinator was sent at most one interval before, so the session expires in
     * [timeout + session - interval, timeout + session + latency], and no rebalance starts before that.
     * The slow record still runs until ~180 s, so c1 cannot rejoin earlier; the run ends at 175 s.
     */
    @Test
    void staticMemberSendsNoLeaveGroupAndIsRemovedOnlyAtSessionExpiry() {
        VariantResult result = run(scenario(", group.instance.id: worker-$(POD_NAME)", "175s"), "poll-timeout-static");

        long lastPoll = lastPollBeforeSlowRecord(result);
        long timeout = pollTimeoutAt(result, lastPoll);
        assertEquals(1, metric(result, "pollTimeouts"));

        Series.RebalanceSpan span = firstSpanFrom(result, 60_000);
        assertTrue(span.cause().contains("session timeout"), "the session expiry starts it: " + span.cause());
        assertTrue(span.startMs() >= timeout + SESSION_MS - HEARTBEAT_MS
                        && span.startMs() <= timeout + SESSION_MS + LATENCY_MS,
                "rebalance at " + span.startMs() + ", poll timeout at " + timeout);
        assertEquals(1, metric(result, "evictions"), "removed by the coordinator's session timer");
        assertEquals(1, spans(result).stream().filter(s -> s.startMs() >= 60_000).count());
    }

    /**
     * §5 last bullet: a static member that polls again within its session (counted from its last
     * heartbeat) rejoins with its group.instance.id and, the group being Stable, causes no rebalance (§8).
     * Here the record takes 70 s: poll timeout at ~120 s, c1 polls again at ~130 s, 10 s later, well
     * within the 45 s session. Its partitions were lost without a commit, so it fetches the same record
     * again and times out a second time at ~190 s (known problem 3), again without a rebalance.
     */
    @Test
    void staticMemberPollingAgainWithinItsSessionRejoinsWithoutRebalance() {
        VariantResult result = run(scenario(", group.instance.id: worker-$(POD_NAME)", "200s", 45_000, "70s"),
                "poll-timeout-static-back-in-time");

        assertEquals(0, spans(result).stream().filter(s -> s.startMs() >= 60_000).count(), "spans " + spans(result));
        assertEquals(0, metric(result, "evictions"));
        assertEquals(2, metric(result, "pollTimeouts"), "the same uncommitted record times c1 out twice");
    }
}
