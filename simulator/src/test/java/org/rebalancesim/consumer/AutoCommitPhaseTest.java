package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rebalancesim.events.CoordinatorEvents.MemberRemoved;
import org.rebalancesim.events.GroupListener;
import org.rebalancesim.events.PodEvents.PodRebalanceCompleted;
import org.rebalancesim.run.SimRuns;

/**
 * docs/kafka-semantics.md §6: a completed join starts the auto-commit interval again (ConsumerCoordinator#onJoinComplete,
 * "Reschedule the auto commit starting from now"), and an offset commit renews a classic member's session
 * (OffsetMetadataManager#validateOffsetCommit). So a member stopped by a GC pause is evicted a session after its last
 * heartbeat or its last auto-commit, whichever came last, and both are timed from its last join, not from its start.
 */
class AutoCommitPhaseTest {

    /**
     * c1 and c2 start at 0 (jvmStart 2 s), c3 at 8 s: c2's last join, the one c3 brings, completes at J (about 11 s, or 14 s after
     * cooperative's follow-up round). c2 pauses at about
     * J + 10.5 s: its auto-commits went out at J + 5 s and J + 10 s, its heartbeats at J' + 3 s, 6 s and
     * 9 s (J' its JoinGroup answer, a round trip before J). The last thing the coordinator heard from it is the commit
     * sent at J + 10 s, so its session (10 s) expires at J + 20 s + the commit's 1 ms trip. Timed from the process's
     * start, eager's commits would fall at 7, 12 and 17 s, and the heartbeat at J' + 9 s would set the eviction about a
     * second earlier.
     */
    @ParameterizedTest
    @CsvSource({"range, 21500", "cooperative-sticky, 24500"})
    void aPausedMembersSessionRunsFromTheAutoCommitOfItsLastJoinsPhase(String strategy, long pauseAtMs) {
        String yaml = """
                duration: 60s
                cluster:
                  network: {latency: 1ms}
                group: {id: auto-commit-phase}
                topics: [{name: t, partitions: 6, rate: 30/s}]
                consumers:
                  count: 2
                  config:
                    partition.assignment.strategy: %s
                    session.timeout.ms: 10000
                    heartbeat.interval.ms: 3000
                    auto.commit.interval.ms: 5000
                  processing: {constant: 1ms}
                  startup: {jvmStart: 2s}
                timeline:
                  - at: 8s
                    start: {consumer: c3}
                  - at: %dms
                    gcPause: {consumer: c2, duration: 30s}
                """.formatted(strategy, pauseAtMs);
        List<Long> c2JoinsCompleted = new ArrayList<>();
        List<Long> removals = new ArrayList<>();
        SimRuns.observe(yaml, "auto-commit-phase-" + strategy, sim -> new GroupListener() {
            @Override
            public void podRebalanceCompleted(PodRebalanceCompleted event) {
                if (event.pod().equals("c2") && removals.isEmpty()) {
                    c2JoinsCompleted.add(sim.nowMs());
                }
            }

            @Override
            public void memberRemoved(MemberRemoved event) {
                removals.add(sim.nowMs());
            }
        });

        assertEquals(1, removals.size(), "only the paused c2 is removed");
        long lastJoin = c2JoinsCompleted.get(c2JoinsCompleted.size() - 1);
        assertTrue(lastJoin > 10_000, "c2's last join is the one c3's start brings: " + lastJoin);
        // The pause falls after the commit at J + 10 s and before the heartbeat at J' + 12 s.
        assertTrue(pauseAtMs - lastJoin > 10_000 && pauseAtMs - lastJoin < 11_900, "pause at J + " + (pauseAtMs - lastJoin));
        long sinceLastJoin = removals.get(0) - lastJoin;
        // The commit goes out at J + 10 s, or once the record in hand (1 ms) is done; 1 ms to the coordinator.
        assertTrue(sinceLastJoin >= 20_001 && sinceLastJoin <= 20_004,
                "evicted a session after the auto-commit at J + 10 s: " + sinceLastJoin + " ms after J");
    }

    /**
     * Under the consumer protocol a completed reconciliation starts the interval again
     * (ConsumerMembershipManager#signalReconciliationCompleting). c3 starts at 8 s; c2 gives one of its 3 partitions
     * up and completes its reconciliation at R (about 11.4 s, at its first heartbeat, every 3 s, after c3's join),
     * commits at R + 5 s, and crashes at 17.2 s: what it processed since R + 5 s, at 20 records/s, is processed again
     * by the partitions' next owners (once its session, 45 s, has expired). Timed from the process's start (about
     * 7.3, 12.3 and 17.3 s), its last commit before the crash came seconds earlier: the code before this rule gave 78
     * duplicates.
     */
    @Test
    void aReconciliationRestartsTheAutoCommitInterval() {
        String yaml = """
                duration: 80s
                cluster:
                  network: {latency: 1ms}
                  config: {group.consumer.min.heartbeat.interval.ms: 1000, group.consumer.heartbeat.interval.ms: 3000}
                group: {id: auto-commit-phase-kip848}
                topics: [{name: t, partitions: 6, rate: 60/s, arrivals: inTurn}]
                consumers:
                  count: 2
                  config: {group.protocol: consumer, auto.commit.interval.ms: 5000}
                  processing: {constant: 1ms}
                  startup: {jvmStart: 2s}
                timeline:
                  - at: 8s
                    start: {consumer: c3}
                  - at: 17200ms
                    crash: {consumer: c2}
                """;
        List<Long> c2Reconciled = new ArrayList<>();
        SimRuns.observe(yaml, "auto-commit-phase-kip848", sim -> new GroupListener() {
            @Override
            public void podRebalanceCompleted(PodRebalanceCompleted event) {
                if (event.pod().equals("c2") && sim.nowMs() < 17_200) {
                    c2Reconciled.add(sim.nowMs());
                }
            }
        });
        long lastReconciled = c2Reconciled.get(c2Reconciled.size() - 1);
        assertTrue(lastReconciled > 10_000 && lastReconciled + 5_000 < 17_200, "R = " + lastReconciled);
        // c2's 2 partitions get 10 records/s each: what arrived between R + 5 s and the crash, and the record in hand.
        double sinceCommit = (17_200 - lastReconciled - 5_000) / 1000.0 * 20;
        long duplicates = SimRuns.metric(SimRuns.run(yaml, "auto-commit-phase-kip848"), "duplicates");
        assertTrue(duplicates >= 1 && duplicates <= Math.ceil(sinceCommit) + 1,
                duplicates + " duplicates; " + sinceCommit + " records arrived since the commit at R + 5 s");
    }
}
