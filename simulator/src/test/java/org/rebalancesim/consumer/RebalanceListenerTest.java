package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;

import org.junit.jupiter.api.Test;

/**
 * The application's rebalance listener (consumers.listener) runs where Kafka runs it, on the application thread
 * inside poll(), and the group waits for what follows it (docs/kafka-semantics.md §6, §17).
 */
class RebalanceListenerTest {

    /** Network latency is 1-3 ms one way; a round trip and a callback's hand-off stay well under this. */
    private static final long SLACK_MS = 50;

    /** c1 alone owns 4 partitions, and c2 joins at 20 s: one rebalance that moves half of them. */
    private static String twoPods(String strategyOrProtocol, String listener) {
        return """
                duration: 60s
                group: {id: listener}
                topics: [{name: t, partitions: 4, rate: 40/s}]
                consumers:
                  count: 2
                  config: {%s}
                  processing: {constant: 1ms}
                  startup: {stagger: 20s}
                  listener: {%s}
                """.formatted(strategyOrProtocol, listener);
    }

    /**
     * Eager (ConsumerCoordinator#onJoinPrepare): c1 learns of c2's join at a heartbeat, and at its next poll()
     * auto-commits, then runs onPartitionsRevoked(all) before it sends its JoinGroup. c2 joined already, so the
     * join phase ends (CompletingRebalance) when c1's JoinGroup arrives: at least the callback's 2 s after the
     * revocation began, and within a round trip of it without a listener.
     */
    @Test
    void anEagerMemberJoinsOnlyAfterItsRevocationCallback() {
        long withFlush = joinPhaseEndAfterRevocation(twoPods("partition.assignment.strategy: range",
                "onPartitionsRevoked: 2s"), 2000);
        assertTrue(withFlush >= 2000 && withFlush <= 2000 + SLACK_MS, "JoinGroup after the 2 s flush: " + withFlush);
        long without = joinPhaseEndAfterRevocation(twoPods("partition.assignment.strategy: range",
                "onPartitionsRevoked: 0s"), 0);
        assertTrue(without < SLACK_MS, "no callback time, no wait: " + without);
    }

    private static long joinPhaseEndAfterRevocation(String yaml, long callbackMs) {
        ListenerLog log = ListenerLog.run(yaml, "eager-flush");
        ListenerLog.Entry revoked = log.firstAfter("revoked", "c1", 20_000);
        // Auto-commit is on: the callback time is the listener's alone.
        assertEquals(callbackMs, revoked.durationMs(), "onPartitionsRevoked's recorded time");
        return log.firstAfter("state", null, revoked.atMs()).atMs() - revoked.atMs();
    }

    /**
     * Cooperative (ConsumerCoordinator#onJoinComplete): onPartitionsAssigned runs before anything of the new
     * partitions is fetched, so c2's partitions are first fetched at least 3 s after its SyncGroup answer, and
     * the assignment is published when the callback returns, exactly 3 s after it.
     */
    @Test
    void cooperativeNewPartitionsWaitForTheAssignmentCallback() {
        ListenerLog log = ListenerLog.run(twoPods("partition.assignment.strategy: cooperative-sticky",
                "onPartitionsAssigned: 3s"), "cooperative-load");
        ListenerLog.Entry assigned = log.of("assigned", "c2").stream().filter(e -> !e.text().equals("[]"))
                .findFirst().orElseThrow();
        ListenerLog.Entry completed = log.of("completed", "c2").stream().filter(e -> e.atMs() <= assigned.atMs())
                .reduce((a, b) -> b).orElseThrow();
        assertEquals(3000, assigned.atMs() - completed.atMs(), "the callback holds the new partitions 3 s");
        assertEquals(3000, assigned.durationMs());
        ListenerLog.Entry firstFetch = log.firstAfter("fetched", "c2", 0);
        assertTrue(firstFetch.atMs() >= completed.atMs() + 3000, "fetched before the callback returned: " + firstFetch);
    }

    /**
     * Consumer protocol (AbstractMembershipManager#revokeAndAssign): c1 must give t-2 and t-3 up to c2. It runs
     * onPartitionsRevoked, then in its next turn onPartitionsAssigned (of nothing new), and only when that has
     * returned does it acknowledge with a heartbeat; the coordinator hands the partitions to c2 only once c1's
     * heartbeat no longer owns them (CurrentAssignmentBuilder), at c2's next heartbeat. So the group reaches its
     * target (STABLE) at least the callback's 8 s after it began: more than the 5 s heartbeat interval, so an
     * acknowledgement sent before the callback would have let c2's next heartbeat take them sooner.
     */
    @Test
    void consumerProtocolAcknowledgesAfterTheAssignmentCallback() {
        ListenerLog log = ListenerLog.run(twoPods("group.protocol: consumer", "onPartitionsAssigned: 8s"),
                "kip848-load");
        ListenerLog.Entry revoked = log.firstAfter("revoked", "c1", 20_000);
        ListenerLog.Entry callback = log.firstAfter("callback", "c1", revoked.atMs());
        assertTrue(callback.text().startsWith("onPartitionsAssigned(0 partitions)"), callback.toString());
        assertEquals(8000, callback.durationMs());
        ListenerLog.Entry stable = log.entries.stream().filter(e -> e.kind().equals("state")
                && e.text().equals("STABLE") && e.atMs() > revoked.atMs()).findFirst()
                .orElseThrow(() -> new AssertionError(log.entries.toString()));
        assertTrue(stable.atMs() >= callback.atMs() + 8000, "released before c1's callback returned: " + stable);
        ListenerLog.Entry c2Gets = log.firstAfter("assigned", "c2", stable.atMs());
        assertEquals("[t-2, t-3]", c2Gets.text());
    }

    /**
     * The poll timer is not reset while a callback runs (its poll() has not returned): a 15 s
     * onPartitionsAssigned outlasts max.poll.interval.ms = 10 s, and the heartbeat thread leaves the group for
     * it (a poll timeout); a 5 s one does not.
     */
    @Test
    void aCallbackLongerThanThePollIntervalTimesOutThePoll() {
        String config = "partition.assignment.strategy: cooperative-sticky, max.poll.interval.ms: 10000";
        assertTrue(metric(run(twoPods(config, "onPartitionsAssigned: 15s"), "long-callback"), "pollTimeouts") >= 1);
        assertEquals(0, metric(run(twoPods(config, "onPartitionsAssigned: 5s"), "short-callback"), "pollTimeouts"));
    }

    /** Callbacks that take no time change nothing: the run is the one without the section. */
    @Test
    void callbacksOfNoTimeChangeNothing() {
        String without = twoPods("partition.assignment.strategy: range", "").replace("  listener: {}\n", "");
        assertFalse(without.contains("listener: {"));
        String zero = twoPods("partition.assignment.strategy: range",
                "onPartitionsRevoked: 0ms, onPartitionsAssigned: 0s, onPartitionsLost: 0s");
        var none = run(without, "none");
        var zeros = run(zero, "zero");
        assertEquals(none.metrics(), zeros.metrics());
        assertEquals(none.members(), zeros.members());
        assertEquals(none.eventsSimulated(), zeros.eventsSimulated());
    }
}
