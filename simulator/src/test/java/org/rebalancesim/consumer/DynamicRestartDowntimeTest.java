package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rebalancesim.metrics.VariantResult;

/**
 * A dynamic member's pod killed and back before its session expires (docs/metrics.md, partition downtime). The
 * pod's new process is a new member; the group keeps the old member, and its partitions, until the coordinator
 * removes it a session after its last heartbeat (classic: GroupMetadataManager's heartbeat expiration; consumer
 * protocol: the member is fenced when its session expires), so the partitions are down with a dead owner from
 * the kill until then, not only while the pod is down; after it, the rebalance the removal starts hands them out.
 *
 * <p>2 members, 4 partitions (2 each), session 45 s, heartbeat 3 s (consumer protocol: the broker's
 * group.consumer.* defaults, session 45 s and heartbeat 5 s); c2 killed at 60 s, back 5 s + 2 s of JVM start
 * later, long before the session expires.
 */
class DynamicRestartDowntimeTest {

    private static final long SESSION_MS = 45_000;

    private static String scenario(String clientConfig) {
        return """
                duration: 150s
                measure: {from: 30s}
                group: {id: dynamic-restart}
                topics: [{name: t, partitions: 4, rate: 40/s}]
                consumers:
                  count: 2
                  config: {%s}
                  processing: {constant: 1ms}
                  startup: {jvmStart: 2s}
                timeline:
                  - at: 60s
                    crash: {consumer: c2, restartAfter: 5s}
                """.formatted(clientConfig);
    }

    private static final String RANGE =
            "session.timeout.ms: 45000, heartbeat.interval.ms: 3000, partition.assignment.strategy: range";
    private static final String COOPERATIVE =
            "session.timeout.ms: 45000, heartbeat.interval.ms: 3000, partition.assignment.strategy: cooperative-sticky";
    private static final String CONSUMER_PROTOCOL = "group.protocol: consumer";
    /** The pod is down 5 s, then its JVM starts in 2 s. */
    private static final long BACK_AFTER_MS = 7_000;

    @ParameterizedTest
    @ValueSource(strings = {RANGE, COOPERATIVE, CONSUMER_PROTOCOL})
    void theOldMembersPartitionsHaveADeadOwnerUntilItIsRemoved(String clientConfig) {
        VariantResult result = run(scenario(clientConfig), "dynamic-restart");
        assertEquals(1, metric(result, "evictions"), "the old member is removed, it never left");
        // c2's 2 partitions, each from the kill to the removal: a session after the last heartbeat, which came
        // at most a heartbeat interval before the kill.
        long deadOwner = metric(result, "downtimeByCause.deadOwner");
        assertTrue(deadOwner >= 2 * (SESSION_MS - heartbeatMs(clientConfig)) && deadOwner <= 2 * SESSION_MS,
                clientConfig + ": deadOwner " + deadOwner);
    }

    /**
     * Cooperative and KIP-848: after the removal the partitions wait only for the rebalance it starts: the new
     * member is already in the group (classic: waiting in its JoinGroup), c1 hears of it at its next heartbeat,
     * and c1 keeps its own partitions throughout.
     */
    @ParameterizedTest
    @ValueSource(strings = {COOPERATIVE, CONSUMER_PROTOCOL})
    void withoutAJoinBarrierOnlyTheRemovalsRebalanceFollows(String clientConfig) {
        long rebalance = metric(run(scenario(clientConfig), "dynamic-restart"), "downtimeByCause.rebalance");
        assertTrue(rebalance <= 2 * (heartbeatMs(clientConfig) + 1_000), clientConfig + ": rebalance " + rebalance);
    }

    /**
     * Eager: the new process's JoinGroup starts a rebalance in which c1 revokes everything, and the join barrier
     * waits for every member the group knows, the dead one included, until the removal: c1's 2 partitions are
     * down from c2's return (its JVM up, plus the join's round trips) until then, a rebalance each.
     */
    @ParameterizedTest
    @ValueSource(strings = {RANGE})
    void anEagerGroupWaitsInTheJoinBarrierForTheDeadMember(String clientConfig) {
        VariantResult result = run(scenario(clientConfig), "dynamic-restart");
        long rebalance = metric(result, "downtimeByCause.rebalance");
        long barrierMs = SESSION_MS - heartbeatMs(clientConfig) - BACK_AFTER_MS - 1_000;
        assertTrue(rebalance >= 2 * barrierMs && rebalance <= 4 * (SESSION_MS - BACK_AFTER_MS + 1_000),
                "rebalance " + rebalance);
    }

    /** The consumer protocol's heartbeat is the broker's group.consumer.heartbeat.interval.ms, 5 s. */
    private static long heartbeatMs(String clientConfig) {
        return clientConfig.equals(CONSUMER_PROTOCOL) ? 5_000 : 3_000;
    }
}
