package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.ASSIGNMENT_INTERVAL_MS;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.HEARTBEAT_MS;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.SESSION_MS;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.RECONCILIATION_MS;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.SLACK_MS;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.assertNeverBlocked;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.assertNoTwoOwners;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.assertUnbroken;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.epochBumpsFrom;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.first;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.handoffs;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.ownedBy;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.scenario;
import static org.rebalancesim.consumer.CooperativeScenarios.ownershipOf;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * Static membership on the consumer protocol (docs/kafka-semantics.md §10 "Static members", "Poll timeout and
 * close"; known problem 12). close() of a static member sends epoch −2: the coordinator keeps it, with
 * its assignment, while its session timer keeps running. A new process rejoining with epoch 0 and the
 * same group.instance.id inherits that assignment, with no group epoch bump (unchanged subscription),
 * so nothing moves. After a crash there was no −2: the new process gets UNRELEASED_INSTANCE_ID, fatal
 * in the Java client (the consumer throws; the process exits), and only the old member's session expiry
 * (45 s after its last heartbeat; epoch bump, partitions freed) ends it. Unlike classic, a restart does
 * not replace the old member.
 */
class ConsumerProtocolStaticMembershipTest {

    static final long RESTART_MS = 60_000;
    static final String STATIC = ", group.instance.id: pod-$(POD_NAME)";

    @Test
    void gracefulRestartWithinTheSessionInheritsTheAssignment() {
        VariantResult result = run(scenario("120s", "", STATIC, "{at: 60s, restart: {consumer: c1, downtime: 10s}}"),
                "kip848-static-restart");
        Set<String> before = ownedBy(result, "c1", RESTART_MS - 1);
        assertEquals(4, before.size(), before.toString());

        assertTrue(epochBumpsFrom(result, 30_000).isEmpty(), "no group epoch bump: " + epochBumpsFrom(result, 30_000));
        assertEquals(0, metric(result, "rebalances"));
        assertEquals(0, metric(result, "evictions"));
        assertEquals(0, metric(result, "partitionsMoved"));
        assertTrue(handoffs(result, 30_000, 120_000).isEmpty(), "nothing moves: " + handoffs(result, 30_000, 120_000));

        // The new process owns the same partitions as soon as it has reconciled the answer to its join
        // heartbeat: it waits for nobody else's heartbeat.
        Series.StoryEvent restarted = first(result, "c1", "started", RESTART_MS);
        assertTrue(restarted.atMs() < RESTART_MS + SESSION_MS, restarted.toString());
        assertEquals(before, ownedBy(result, "c1", 119_999));
        for (String partition : before) {
            long back = ownershipOf(result, partition).stream().filter(o -> o.fromMs() > RESTART_MS)
                    .mapToLong(Series.OwnershipInterval::fromMs).min().orElseThrow();
            assertTrue(back >= restarted.atMs() && back <= restarted.atMs() + RECONCILIATION_MS + SLACK_MS,
                    partition + " back at " + back);
        }
        // The other members do not notice.
        for (String pod : List.of("c2", "c3")) {
            assertNeverBlocked(result, pod, 30_000, 120_000);
            for (String partition : ownedBy(result, pod, RESTART_MS - 1)) {
                assertUnbroken(result, partition, pod, 30_000, 120_000);
            }
        }
        assertNoTwoOwners(result, false);
    }

    /** A −2 leave does not re-arm the session: a restart longer than it loses the assignment. */
    @Test
    void gracefulRestartLongerThanTheSessionIsFencedAtItsExpiry() {
        VariantResult result = run(scenario("150s", "", STATIC, "{at: 60s, restart: {consumer: c1, downtime: 60s}}"),
                "kip848-static-long-restart");
        Series.StoryEvent fenced = first(result, "c1", "removed from the group", RESTART_MS);
        assertTrue(fenced.what().contains("SESSION_TIMEOUT"), fenced.toString());
        assertTrue(fenced.atMs() >= RESTART_MS + SESSION_MS - HEARTBEAT_MS - SLACK_MS
                && fenced.atMs() <= RESTART_MS + SESSION_MS + SLACK_MS, "45 s after its last heartbeat: " + fenced);
        assertEquals(1, metric(result, "evictions"));
        // Then the returning process is a new member: a join, with its own epoch bump.
        Series.StoryEvent restarted = first(result, "c1", "started", RESTART_MS);
        assertTrue(epochBumpsFrom(result, restarted.atMs()).stream().anyMatch(e -> e.what().contains("joined")));
        assertNoTwoOwners(result, false);
    }

    @Test
    void restartAfterCrashIsFatalUntilTheOldSessionExpires() {
        VariantResult result = run(scenario("130s", "", STATIC, "{at: 60s, crash: {consumer: c1, restartAfter: 10s}}"),
                "kip848-static-crash");
        Set<String> before = ownedBy(result, "c1", RESTART_MS - 1);
        Series.StoryEvent restarted = first(result, "c1", "started", RESTART_MS);
        Series.StoryEvent fatal = first(result, "c1", "fatal", RESTART_MS);
        assertTrue(fatal.what().contains("UNRELEASED_INSTANCE_ID"), fatal.toString());
        assertTrue(fatal.atMs() >= restarted.atMs() && fatal.atMs() <= restarted.atMs() + SLACK_MS,
                "refused at its join heartbeat: " + fatal);
        // The process exited: c1 stays down to the end, and never owns anything again.
        List<Series.StateInterval> last = result.series().memberStates().stream()
                .filter(s -> s.member().equals("c1") && s.toMs() > fatal.atMs()).toList();
        assertTrue(last.stream().allMatch(s -> s.state() == MemberState.DOWN), "c1 after the fatal error: " + last);
        assertTrue(result.series().ownership().stream().noneMatch(o -> o.member().equals("c1") && o.fromMs() > RESTART_MS));

        // The old member, not replaced, is fenced at its session expiry (45 s after its last heartbeat).
        Series.StoryEvent fenced = first(result, "c1", "removed from the group", RESTART_MS);
        assertTrue(fenced.what().contains("SESSION_TIMEOUT"), fenced.toString());
        assertTrue(fenced.atMs() >= RESTART_MS + SESSION_MS - HEARTBEAT_MS - SLACK_MS
                && fenced.atMs() <= RESTART_MS + SESSION_MS + SLACK_MS, fenced.toString());
        List<Series.StoryEvent> bumps = epochBumpsFrom(result, 30_000);
        assertEquals(1, bumps.size(), "only the fencing bumps the epoch: " + bumps);
        assertEquals(fenced.atMs(), bumps.get(0).atMs());
        assertEquals(1, metric(result, "evictions"));
        assertEquals(1, metric(result, "rebalances"));

        // Its partitions were held by the dead member until then, and go to c2 and c3 after.
        List<ConsumerProtocolScenarios.Handoff> moved = handoffs(result, RESTART_MS, 130_000);
        assertEquals(before, moved.stream().map(ConsumerProtocolScenarios.Handoff::partition).collect(Collectors.toSet()));
        for (ConsumerProtocolScenarios.Handoff handoff : moved) {
            assertEquals(fenced.atMs(), handoff.releasedMs(), handoff.toString());
            assertTrue(handoff.gapMs() > 0 && handoff.gapMs() <= HEARTBEAT_MS + ASSIGNMENT_INTERVAL_MS + SLACK_MS,
                    handoff.toString());
        }
        // The refused process never held them: a dead owner's all along, from the crash to the fencing.
        assertEquals(before.size() * (fenced.atMs() - RESTART_MS), metric(result, "downtimeByCause.deadOwner"));
        assertNoTwoOwners(result, false);
    }
}
