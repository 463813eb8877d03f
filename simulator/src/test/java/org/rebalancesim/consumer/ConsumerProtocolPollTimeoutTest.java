package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.ASSIGNMENT_INTERVAL_MS;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.HEARTBEAT_MS;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.RECONCILIATION_MS;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.SLACK_MS;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.assertNoTwoOwners;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.epochBumpsFrom;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.first;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.handoffs;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.memberIdOf;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.ownedBy;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.scenario;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;
import static org.rebalancesim.run.SimRuns.states;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * A record outlasts max.poll.interval.ms (docs/kafka-semantics.md §10 "Poll timeout and close"): when the
 * poll timer expires the client sends a leave heartbeat with epoch −1 (dynamic member), the coordinator
 * removes it and bumps the group epoch, its partitions go to the others; the client goes stale, calls
 * onPartitionsLost at its next poll() and rejoins there with epoch 0.
 *
 * <p>c1 takes a 40 s record at 50 s with max.poll.interval.ms 30000: it leaves at ≈ 80 s and its next
 * poll() is at ≈ 90 s. The run ends at 105 s, before whoever took over the uncommitted record times out
 * on it in turn (§ known problem 3), so exactly one poll timeout is in the window.
 */
class ConsumerProtocolPollTimeoutTest {

    static final long MAX_POLL_INTERVAL_MS = 30_000;
    static final long END_MS = 105_000;

    static VariantResult result;
    static long lastPollMs;
    static long nextPollMs;
    static Series.StoryEvent leave;

    @BeforeAll
    static void runOnce() {
        result = run(scenario("105s", "", ", max.poll.interval.ms: 30000",
                "{at: 50s, slowRecord: {consumer: c1, duration: 40s}}"), "kip848-poll-timeout");
        List<Series.StateInterval> slow = states(result, "c1", MemberState.SLOW_RECORD);
        assertEquals(1, slow.size(), slow.toString());
        lastPollMs = slow.get(0).fromMs();
        nextPollMs = slow.get(0).toMs();
        leave = epochBumpsFrom(result, 30_000).get(0);
    }

    @Test
    void clientLeavesWithEpochMinusOneWhenItsPollTimerExpires() {
        Series.StoryEvent timeout = first(result, "c1", "max.poll.interval.ms", 30_000);
        assertTrue(timeout.what().contains("epoch -1"), timeout.toString());
        assertTrue(timeout.atMs() >= lastPollMs + MAX_POLL_INTERVAL_MS
                && timeout.atMs() <= lastPollMs + MAX_POLL_INTERVAL_MS + 10, timeout + ", last poll " + lastPollMs);
        // The leave heartbeat is sent at once; the coordinator removes the member: the group epoch goes up.
        assertTrue(leave.what().contains("LEAVE"), "the first epoch bump is the leave: " + leave);
        assertTrue(leave.atMs() >= timeout.atMs() && leave.atMs() <= timeout.atMs() + 5, leave.toString());
        assertEquals(1, metric(result, "pollTimeouts"));
        assertEquals(0, metric(result, "evictions"), "a leave is not an eviction");
    }

    /** The epoch bump computes a new target at the next heartbeat of c2 or c3; each takes its share at its next one. */
    @Test
    void itsPartitionsGoToTheOthers() {
        Set<String> c1Before = ownedBy(result, "c1", lastPollMs - 1);
        assertEquals(4, c1Before.size(), "12 / 3: " + c1Before);
        List<ConsumerProtocolScenarios.Handoff> taken = handoffs(result, leave.atMs(), nextPollMs).stream()
                .filter(h -> h.from().equals("c1")).toList();
        assertEquals(c1Before, taken.stream().map(ConsumerProtocolScenarios.Handoff::partition)
                .collect(Collectors.toSet()), "all of c1's partitions move: " + taken);
        for (ConsumerProtocolScenarios.Handoff handoff : taken) {
            assertFalse(handoff.to().equals("c1"), handoff.toString());
            assertTrue(handoff.acquiredMs() <= leave.atMs() + HEARTBEAT_MS + ASSIGNMENT_INTERVAL_MS + SLACK_MS,
                    handoff.toString());
        }
    }

    /** The same member id comes back with epoch 0 (a join: a new epoch bump) at its next poll(), not before. */
    @Test
    void clientRejoinsWithEpochZeroAtItsNextPoll() {
        String memberId = memberIdOf(leave);
        Series.StoryEvent rejoin = epochBumpsFrom(result, leave.atMs() + 1).stream()
                .filter(e -> e.what().contains(memberId + " joined")).findFirst()
                .orElseThrow(() -> new AssertionError("c1 never rejoined: " + result.series().events()));
        assertTrue(rejoin.atMs() >= nextPollMs && rejoin.atMs() <= nextPollMs + SLACK_MS,
                rejoin + ", next poll at " + nextPollMs);
        assertFalse(ownedBy(result, "c1", END_MS - 1).isEmpty(), "c1 gets partitions again after rejoining");
    }

    /**
     * Until that next poll() c1's application thread still works on its record and believes it owns its
     * partitions (onPartitionsLost runs inside poll()): a zombie, as in Kafka. It overlaps each new owner
     * from the new owner's start until c1's next poll, and no longer.
     */
    @Test
    void leftMemberIsAZombieUntilItsNextPoll() {
        long expected = handoffs(result, leave.atMs(), nextPollMs).stream().filter(h -> h.from().equals("c1"))
                .mapToLong(h -> nextPollMs - h.acquiredMs()).sum();
        long zombie = metric(result, "zombieOverlapMs");
        assertTrue(zombie > 0 && Math.abs(zombie - expected) <= 4 * 10, "zombieOverlapMs " + zombie + " vs " + expected);
        assertNoTwoOwners(result, true);
    }

    /**
     * A static member leaves with −2 instead: the coordinator keeps it and its assignment (no epoch bump,
     * nothing moves) while its session runs (45 s from its last heartbeat, ≈ 80 s); its next poll() at
     * ≈ 90 s loses the partitions locally and rejoins with epoch 0, inheriting the same assignment.
     */
    @Test
    void staticMemberLeavesWithMinusTwoAndGetsItsPartitionsBack() {
        VariantResult statics = run(scenario("105s", "", ", max.poll.interval.ms: 30000, group.instance.id: pod-$(POD_NAME)",
                "{at: 50s, slowRecord: {consumer: c1, duration: 40s}}"), "kip848-static-poll-timeout");
        Series.StoryEvent timeout = first(statics, "c1", "max.poll.interval.ms", 30_000);
        assertTrue(timeout.what().contains("epoch -2"), timeout.toString());
        assertEquals(1, metric(statics, "pollTimeouts"));
        assertTrue(epochBumpsFrom(statics, 30_000).isEmpty(), "no epoch bump: " + epochBumpsFrom(statics, 30_000));
        assertEquals(0, metric(statics, "rebalances"));
        assertEquals(0, metric(statics, "evictions"));
        assertTrue(handoffs(statics, 30_000, END_MS).isEmpty(), "nothing moves to another member");
        long back = states(statics, "c1", MemberState.SLOW_RECORD).get(0).toMs();
        Set<String> before = ownedBy(statics, "c1", timeout.atMs() - 1);
        assertEquals(before, ownedBy(statics, "c1", END_MS - 1));
        for (String partition : before) {
            assertTrue(CooperativeScenarios.ownershipOf(statics, partition).stream()
                    .anyMatch(o -> o.fromMs() >= back && o.fromMs() <= back + RECONCILIATION_MS + SLACK_MS),
                    partition + " regained at its first reconciliation");
        }
        assertNoTwoOwners(statics, false);
    }

    /**
     * Known problem 3 on the consumer protocol, all members in phase (no stagger): c1's 60 s record is
     * never committed, so each new owner of its partition takes it again and times out in turn. Every new
     * owner takes a partition at an epoch above that of the zombie still holding it (each leave bumped
     * the group epoch), so no two owners share an epoch (ownershipViolations, docs/metrics.md: must be 0).
     */
    @Test
    void pollTimeoutLoopNeverHasTwoOwnersInOneEpoch() {
        VariantResult loop = run("""
                duration: 150s
                group: {id: kip848-demo}
                topics: [{name: t, partitions: 12, rate: 120/s}]
                consumers:
                  count: 3
                  config: {group.protocol: consumer, max.poll.interval.ms: 30000}
                  processing: {constant: 1ms}
                  startup: {jvmStart: 2s}
                timeline:
                  - {at: 50s, slowRecord: {consumer: c1, duration: 60s}}
                """, "kip848-poll-timeout-loop");
        assertTrue(metric(loop, "pollTimeouts") >= 2, "the record times out its next owner too");
        assertNoTwoOwners(loop, true);
    }
}
