package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.ASSIGNMENT_INTERVAL_MS;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.HEARTBEAT_MS;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.SLACK_MS;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.assertNoTwoOwners;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.epochBumpsFrom;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.first;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.handoffs;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.ownedBy;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.scenario;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;
import static org.rebalancesim.run.SimRuns.states;

import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * The revocation deadline (docs/kafka-semantics.md §10 "Fencing"): a member put in UNREVOKED_PARTITIONS gets
 * a rebalance timer of its rebalanceTimeoutMs (= max.poll.interval.ms, sent in its join heartbeat); if
 * it is still there at the same epoch when the timer fires, the coordinator fences it (removed, group
 * epoch +1, partitions freed): an eviction.
 *
 * <p>Which fires first. Both timers are max.poll.interval.ms long, but the client's poll timer runs from
 * its last poll(), while the coordinator's starts at the heartbeat that moved it to
 * UNREVOKED_PARTITIONS, which the member can only send after that poll (it reconciles in poll(), so a
 * member that polled after receiving the revocation would have revoked). So the client's timer always
 * expires first, and its leave heartbeat (−1) reaches the coordinator one one-way latency later; the
 * coordinator fences only a member whose leave could not be sent or arrive in time (a JVM pause, a
 * network cut). Should both land at the same instant on the coordinator, Kafka's coordinator runs its
 * timer expiries and requests one at a time on the partition's event queue, so whichever was queued
 * first wins; the group ends the same either way (the member is removed once, one epoch bump; the
 * expiry re-checks member and epoch and does nothing, or the leave gets UNKNOWN_MEMBER_ID, which a
 * leaving client ignores); only the accounting differs (eviction vs leave).
 *
 * <p>Both cases, max.poll.interval.ms 30000: c1 takes a slow record at 50 s; c4 joins at 57 s (JVM 2 s),
 * so c1 must revoke a partition from its next heartbeat on.
 */
class ConsumerProtocolRebalanceTimeoutTest {

    static final long MAX_POLL_INTERVAL_MS = 30_000;
    static final long C4_START_MS = 55_000;

    /** c1's JVM stops from 65 s to 100 s (heartbeats too), across its poll deadline (≈ 80 s). */
    @Test
    void pausedMemberIsFencedByItsRebalanceTimer() {
        VariantResult result = run(scenario("110s", "", ", max.poll.interval.ms: 30000",
                "{at: 50s, slowRecord: {consumer: c1, duration: 20s}}",
                "{at: 55s, start: {consumers: [c4]}}",
                "{at: 65s, gcPause: {consumer: c1, duration: 35s}}"), "kip848-rebalance-timeout");
        Series.StoryEvent join = epochBumpsFrom(result, C4_START_MS).get(0);
        assertTrue(join.what().contains("joined"), join.toString());
        Set<String> c1Before = ownedBy(result, "c1", join.atMs());

        Series.StoryEvent fenced = first(result, "c1", "removed from the group", C4_START_MS);
        assertTrue(fenced.what().contains("REBALANCE_TIMEOUT"), "fenced by the coordinator: " + fenced);
        // Armed at c1's first heartbeat after the target (computed in c4's join heartbeat): ≤ one interval.
        assertTrue(fenced.atMs() >= join.atMs() + MAX_POLL_INTERVAL_MS
                        && fenced.atMs() <= join.atMs() + HEARTBEAT_MS + MAX_POLL_INTERVAL_MS + SLACK_MS,
                fenced + ", target at " + join.atMs());
        // Before its session expires: 45 s after the last heartbeat before the pause (≥ 60 s).
        assertTrue(fenced.atMs() < 60_000 + 45_000, fenced.toString());
        Series.StoryEvent bump = epochBumpsFrom(result, join.atMs() + 1).get(0);
        assertTrue(bump.what().contains("REBALANCE_TIMEOUT") && bump.atMs() == fenced.atMs(), bump.toString());
        assertEquals(1, metric(result, "evictions"));

        // The client could not act during the pause: it notices its own poll timeout only after it.
        Series.StoryEvent pollTimeout = first(result, "c1", "max.poll.interval.ms", C4_START_MS);
        long pauseEnd = states(result, "c1", MemberState.PAUSED).get(0).toMs();
        assertTrue(pollTimeout.atMs() >= pauseEnd && pauseEnd > fenced.atMs(), pollTimeout + ", pause until " + pauseEnd);
        assertEquals(1, metric(result, "pollTimeouts"));

        // All of c1's partitions go to the others (c1 is a paused zombie meanwhile).
        Set<String> taken = handoffs(result, fenced.atMs(), pauseEnd).stream().filter(h -> h.from().equals("c1"))
                .map(ConsumerProtocolScenarios.Handoff::partition).collect(Collectors.toSet());
        assertEquals(c1Before, taken, "c1's partitions after the fencing");
        handoffs(result, fenced.atMs(), pauseEnd).forEach(h -> assertTrue(
                h.acquiredMs() <= fenced.atMs() + HEARTBEAT_MS + ASSIGNMENT_INTERVAL_MS + SLACK_MS, h.toString()));
        assertNoTwoOwners(result, true);
    }

    /** Without the pause the client's poll timer fires first: c1 leaves (−1); no eviction. */
    @Test
    void clientPollTimerFiresBeforeTheRebalanceTimer() {
        VariantResult result = run(scenario("100s", "", ", max.poll.interval.ms: 30000",
                "{at: 50s, slowRecord: {consumer: c1, duration: 60s}}",
                "{at: 55s, start: {consumers: [c4]}}"), "kip848-poll-timer-first");
        Series.StoryEvent join = epochBumpsFrom(result, C4_START_MS).get(0);
        long lastPoll = states(result, "c1", MemberState.SLOW_RECORD).get(0).fromMs();

        Series.StoryEvent left = first(result, "c1", "removed from the group", C4_START_MS);
        assertTrue(left.what().contains("LEAVE"), "the client left first: " + left);
        assertTrue(left.atMs() <= lastPoll + MAX_POLL_INTERVAL_MS + 5, left + ", last poll " + lastPoll);
        assertTrue(left.atMs() < join.atMs() + MAX_POLL_INTERVAL_MS, "before the rebalance timer could fire");
        assertFalse(result.series().events().stream().anyMatch(e -> e.what().contains("REBALANCE_TIMEOUT")),
                "the rebalance timer was cancelled with the member");
        assertEquals(0, metric(result, "evictions"));
        assertEquals(1, metric(result, "pollTimeouts"));
        assertNoTwoOwners(result, true);
    }
}
