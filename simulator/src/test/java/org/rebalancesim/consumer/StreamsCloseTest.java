package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.consumer.StreamsScenarios.HEARTBEAT_MS;
import static org.rebalancesim.consumer.StreamsScenarios.SESSION_MS;
import static org.rebalancesim.consumer.StreamsScenarios.STATELESS;
import static org.rebalancesim.consumer.StreamsScenarios.streams;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;

import org.junit.jupiter.api.Test;
import org.rebalancesim.scenario.StreamsApp;
import org.rebalancesim.metrics.VariantResult;

/**
 * A stateless Streams instance restarted (c2 at 60 s, 5 s down). KafkaStreams#close() on the classic protocol
 * sends no LeaveGroup by default (StreamThread#completeShutdown: REMAIN_IN_GROUP), so the coordinator keeps
 * c2's old member, and its 2 tasks, until that member's session expires: session.timeout.ms after its last
 * heartbeat, which came at most heartbeat.interval.ms before the close. CloseOptions LEAVE_GROUP sends one,
 * and the tasks move at the rebalance it starts (docs/kafka-semantics.md §19).
 */
class StreamsCloseTest {

    private static String restarted(String closeOptions) {
        return streams("150s", "30s", "", STATELESS, "persistent", closeOptions,
                "- {at: 60s, restart: {consumer: c2, downtime: 5s}}");
    }

    @Test
    void theDefaultCloseLeavesTheTasksIdleUntilTheSessionExpires() {
        VariantResult result = run(restarted(""), "streams-close-default");
        assertEquals(1, metric(result, "evictions"), "the old member is evicted, it never left");
        long longest = metric(result, "maxTaskDowntimeMs");
        assertTrue(longest >= SESSION_MS - HEARTBEAT_MS && longest <= SESSION_MS + 1_000,
                "c2's tasks wait for its old session: " + longest);
        // Both of c2's tasks wait that long; the other 4 lose at most a rebalance's round trips.
        long total = metric(result, "taskDowntimeMs");
        assertTrue(total >= 2 * (SESSION_MS - HEARTBEAT_MS) && total <= 2 * (SESSION_MS + 1_000) + 4 * 1_000,
                "taskDowntimeMs " + total);
        // Stateless tasks restore nothing, but c2's two, handed to its new process by the rebalance after the
        // removal, each wait for its stream thread to take them from the state updater: at most one poll.ms (the idle
        // updater hands a stateless task back at the same check).
        long restoring = metric(result, "taskDowntimeByCause.restoring");
        assertTrue(restoring > 0 && restoring <= 2 * StreamsApp.DEFAULT_POLL_MS, "restoring " + restoring);
        // As for partitions (docs/metrics.md): the group counts c2's tasks as its old member's until the
        // coordinator removes it, a session after its last heartbeat, also once c2's pod runs a new process (a
        // new member, 7 s after the close): a dead owner all that time. Then the rebalance the removal starts
        // hands them out: the new member is already waiting in its JoinGroup, and c1 rejoins at its next
        // heartbeat (cooperative: nothing of c1's is revoked). The causes add up to the total.
        long deadOwner = metric(result, "taskDowntimeByCause.deadOwner");
        assertTrue(deadOwner >= 2 * (SESSION_MS - HEARTBEAT_MS) && deadOwner <= 2 * SESSION_MS,
                "deadOwner " + deadOwner);
        long rebalance = metric(result, "taskDowntimeByCause.rebalance");
        assertTrue(rebalance <= 2 * (HEARTBEAT_MS + 1_000), "rebalance " + rebalance);
        long causes = 0;
        for (String cause : new String[] {"rebalance", "deadOwner", "pausedOwner", "unreachableOwner", "noMembers",
                "restoring"}) {
            causes += metric(result, "taskDowntimeByCause." + cause);
        }
        assertEquals(total, causes);
        // From the close until every task runs again: the same session, c2's tasks being the last back.
        long recovery = metric(result, "maxTaskRecoveryMs");
        assertTrue(recovery >= longest && recovery <= SESSION_MS + 1_000, "maxTaskRecoveryMs " + recovery);
    }

    /**
     * close()'s own work after its commit (closing the tasks and clients: startup.closeWork) does not move the
     * old member's removal: the close's commit renewed its session (OffsetMetadataManager#commitOffset) and close()
     * stops the heartbeat thread first (AbstractCoordinator#close), so the coordinator removes it a session after
     * that commit either way. The tasks are a dead owner's only from the end of close(): each of c2's two tasks
     * 50 ms less, and the rebalance after the removal is the same.
     */
    @Test
    void closeWorkShortensTheDeadOwnersWaitByItsLength() {
        VariantResult instant = run(restarted(""), "streams-close-instant");
        VariantResult working = run(restarted("").replace("startup: {jvmStart: 2s}",
                "startup: {jvmStart: 2s, closeWork: 50ms}"), "streams-close-work");

        assertEquals(metric(instant, "taskDowntimeByCause.deadOwner") - 2 * 50,
                metric(working, "taskDowntimeByCause.deadOwner"));
        assertEquals(metric(instant, "taskDowntimeByCause.rebalance"), metric(working, "taskDowntimeByCause.rebalance"));
        assertEquals(1, metric(working, "evictions"));
    }

    @Test
    void closeOptionsLeaveGroupMovesTheTasksAtOnce() {
        VariantResult result = run(restarted("  closeOptions: {groupMembershipOperation: LEAVE_GROUP}\n"),
                "streams-close-leave");
        assertEquals(0, metric(result, "evictions"));
        // The leave's rebalance, then c2's return: a cooperative move waits for the others' next heartbeat at most.
        long longest = metric(result, "maxTaskDowntimeMs");
        assertTrue(longest < HEARTBEAT_MS + 1_000, "maxTaskDowntimeMs " + longest);
    }
}
