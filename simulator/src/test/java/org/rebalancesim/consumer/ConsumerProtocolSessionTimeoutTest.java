package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.ASSIGNMENT_INTERVAL_MS;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.HEARTBEAT_MS;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.SLACK_MS;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.assertNoTwoOwners;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.epochBumpsFrom;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.first;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.handoffs;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.memberIdOf;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.ownedBy;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.scenario;
import static org.rebalancesim.consumer.CooperativeScenarios.ownershipOf;
import static org.rebalancesim.run.SimRuns.firstSpanFrom;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * A crashed member is fenced by its session timer (docs/kafka-semantics.md §10 "Fencing": the session timer,
 * re-armed on each heartbeat, fences the member: removed, group epoch +1, partitions freed). The timer is
 * the broker's group.consumer.session.timeout.ms (client settings are ignored): the default 45000, and
 * 10000 with group.consumer.min.session.timeout.ms lowered to allow it (the broker bounds it to
 * [min, max], default 45000..60000).
 *
 * <p>c1 crashes at 60 s. Its last heartbeat reached the coordinator at most one heartbeat interval
 * (5000) before, so it is fenced between session − interval and session after the crash. Until then its
 * partitions are held by a dead owner (docs/metrics.md downtimeByCause.deadOwner); after, the first heartbeat
 * of c2 or c3 computes the new target and each takes its share at its next heartbeat (≤ one interval).
 */
class ConsumerProtocolSessionTimeoutTest {

    static final long CRASH_MS = 60_000;

    static VariantResult runWithSession(long sessionMs) {
        String broker = sessionMs == 45_000 ? ""
                : "group.consumer.session.timeout.ms: " + sessionMs + ", group.consumer.min.session.timeout.ms: " + sessionMs;
        long durationS = (CRASH_MS + sessionMs + 20_000) / 1000;
        return run(scenario(durationS + "s", broker, "", "{at: 60s, crash: {consumer: c1}}"),
                "kip848-session-" + sessionMs);
    }

    @ParameterizedTest(name = "group.consumer.session.timeout.ms={0}")
    @ValueSource(longs = {10_000, 45_000})
    void crashedMemberIsFencedAfterTheSessionTimeout(long sessionMs) {
        VariantResult result = runWithSession(sessionMs);
        Series.StoryEvent fenced = first(result, "c1", "removed from the group", CRASH_MS);
        assertTrue(fenced.what().contains("SESSION_TIMEOUT"), fenced.toString());
        long afterCrash = fenced.atMs() - CRASH_MS;
        assertTrue(afterCrash >= sessionMs - HEARTBEAT_MS - SLACK_MS && afterCrash <= sessionMs + SLACK_MS,
                "fenced " + afterCrash + " ms after the crash, session " + sessionMs);
        assertEquals(1, metric(result, "evictions"));

        Series.RebalanceSpan span = firstSpanFrom(result, CRASH_MS);
        assertTrue(span.cause().contains("SESSION_TIMEOUT"), span.toString());
        assertEquals(fenced.atMs(), span.startMs(), "the fencing bumps the group epoch");
        assertEquals(1, metric(result, "rebalances"));
        assertNoTwoOwners(result, false);
    }

    /**
     * A member cut off for longer than its session is fenced by the coordinator while it still runs. Its
     * first heartbeat once the link is back (failed heartbeats back off to at most retry.backoff.max.ms,
     * 1000, §14) gets UNKNOWN_MEMBER_ID: it calls onPartitionsLost and rejoins with epoch 0, keeping its
     * member id (KIP-1082: one id for the consumer's life) — a join, bumping the group epoch (§10 "Epoch
     * checks").
     */
    @Test
    void memberFencedWhileCutOffRejoinsWithEpochZero() {
        VariantResult result = run(scenario("140s", "", "", "{at: 60s, networkPartition: {consumer: c1, duration: 50s}}"),
                "kip848-cut-off");
        Series.StoryEvent fenced = first(result, "c1", "removed from the group", CRASH_MS);
        assertTrue(fenced.what().contains("SESSION_TIMEOUT"), fenced.toString());
        assertTrue(fenced.atMs() >= CRASH_MS + 45_000 - HEARTBEAT_MS - SLACK_MS && fenced.atMs() <= CRASH_MS + 45_000 + SLACK_MS);
        Series.StoryEvent fencingBump = epochBumpsFrom(result, CRASH_MS).get(0);
        String memberId = memberIdOf(fencingBump);

        long linkBackMs = CRASH_MS + 50_000;
        Series.StoryEvent told = first(result, "c1", "UNKNOWN_MEMBER_ID", linkBackMs);
        assertTrue(told.atMs() <= linkBackMs + 1_000 + SLACK_MS, "first heartbeat after the cut: " + told);
        Series.StoryEvent rejoin = epochBumpsFrom(result, told.atMs()).get(0);
        assertTrue(rejoin.what().contains(memberId + " joined"), "the same member id joins again: " + rejoin);
        assertTrue(rejoin.atMs() - told.atMs() <= 1_000 + SLACK_MS, rejoin.toString());
        assertEquals(1, metric(result, "evictions"));
        assertTrue(result.series().ownership().stream().anyMatch(o -> o.member().equals("c1") && o.fromMs() > rejoin.atMs()),
                "c1 gets partitions again");
        assertNoTwoOwners(result, true);
    }

    @ParameterizedTest(name = "group.consumer.session.timeout.ms={0}")
    @ValueSource(longs = {10_000, 45_000})
    void itsPartitionsWaitForTheSessionTimeoutThenGoToOthers(long sessionMs) {
        VariantResult result = runWithSession(sessionMs);
        long fencedMs = first(result, "c1", "removed from the group", CRASH_MS).atMs();
        Set<String> lost = ownedBy(result, "c1", CRASH_MS - 1);
        assertEquals(4, lost.size(), "12 / 3: " + lost);

        // The dead member holds them until it is fenced; then c2 and c3 take them within one interval.
        List<ConsumerProtocolScenarios.Handoff> moved = handoffs(result, CRASH_MS, fencedMs + 60_000);
        assertEquals(lost, moved.stream().map(ConsumerProtocolScenarios.Handoff::partition).collect(Collectors.toSet()),
                "only c1's partitions move: " + moved);
        for (ConsumerProtocolScenarios.Handoff handoff : moved) {
            assertEquals("c1", handoff.from());
            assertEquals(fencedMs, handoff.releasedMs(), "held by the dead c1 until fenced: " + handoff);
            assertTrue(handoff.gapMs() > 0 && handoff.gapMs() <= HEARTBEAT_MS + ASSIGNMENT_INTERVAL_MS + SLACK_MS,
                    handoff.toString());
        }
        // deadOwner downtime: each of the 4 partitions from the crash to the fencing, ≈ the session timeout.
        long deadOwner = metric(result, "downtimeByCause.deadOwner");
        assertEquals(4 * (fencedMs - CRASH_MS), deadOwner, 4 * 2, "deadOwner " + deadOwner);
        assertTrue(deadOwner >= 4 * (sessionMs - HEARTBEAT_MS - SLACK_MS) && deadOwner <= 4 * (sessionMs + SLACK_MS));
        // The others never lose a partition.
        for (String pod : List.of("c2", "c3")) {
            for (String partition : ownedBy(result, pod, CRASH_MS - 1)) {
                assertEquals(1, ownershipOf(result, partition).stream().filter(o -> o.toMs() > CRASH_MS).count(),
                        partition + " stays with " + pod);
            }
        }
    }
}
