package org.rebalancesim.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rebalancesim.scenario.Variant;

/**
 * Measured metrics from small synthetic event logs; every expected value is derived by hand in the
 * comments from docs/metrics.md and the inference rules of {@link Completions}, {@link RebalanceSpans} and
 * {@link Departures}.
 */
class MeasuredMetricsTest {

    static final String EAGER = """
            name: m
            duration: 20s
            group: {id: g}
            topics: [{name: t, partitions: 4, rate: 20/s}]
            consumers:
              count: 2
              config:
                partition.assignment.strategy: range
                session.timeout.ms: 6000
                heartbeat.interval.ms: 2000
                max.poll.interval.ms: 10000
            """;

    static long metric(Map<String, Number> metrics, String name) {
        Number value = metrics.get(name);
        if (value == null) {
            throw new AssertionError("no metric " + name + " in " + metrics);
        }
        return value.longValue();
    }

    /**
     * Eager: c1 and c2 start at 1 s and get generation 1 at 4 s / 4.01 s; c2 is killed at 10 s; its
     * session (6 s) ends at 16 s; c1 rejoins at 16.5 s and gets everything in generation 2 at 17 s.
     */
    @Test
    void eagerStartThenCrash() {
        Variant variant = SyntheticEvents.variant(EAGER);
        SyntheticEvents log = startThenCrash();
        Map<String, Number> m = MeasuredMetrics.of(variant, log.list());
        // Generation 1 completes when its last member (c2) reports it; generation 2 with c1 alone.
        assertEquals(2, metric(m, "rebalances"));
        // Generation 2 gives t-2 and t-3, c2's in generation 1, to c1.
        assertEquals(2, metric(m, "partitionsMoved"));
        // [1000, 4010] from the first start; [16000, 17000] from c2's inferred eviction.
        assertEquals(3010 + 1000, metric(m, "rebalanceTimeMs"));
        // New members c1 1000→4000 and c2 1000→4010 wait for their first partitions; c1, an existing member
        // by then, is stopped 16500→17000 (docs/metrics.md "Stop-the-world and partition downtime").
        assertEquals(3000 + 3010, metric(m, "newMemberWaitMs"));
        assertEquals(500, metric(m, "stopTheWorldMs"));
        assertEquals(500, metric(m, "maxStopTheWorldMs"));
        // Generations 1 and 2 (docs/metrics.md "Rebalance counts"); classic has no reconciling phase.
        assertEquals(2, metric(m, "groupEpochBumps"));
        assertEquals(0, metric(m, "reconcilingTimeMs"));
        // c2 was a member, killed at 10 s: evicted at 10 s + session 6 s (before generation 2 moved its partitions).
        assertEquals(1, metric(m, "evictions"));
        assertEquals(0, metric(m, "pollTimeouts"));
        // Before the first pod starts (1 s) no one can own the 4 partitions: noMembers, 4 × 1000.
        // deadOwner: t-2, t-3 × [10000, 16000).
        assertEquals(4000, metric(m, "downtimeByCause.noMembers"));
        assertEquals(12_000, metric(m, "downtimeByCause.deadOwner"));
        // rebalance: t-0, t-1 × [1000, 4000) + t-2, t-3 × [1000, 4010) + t-2, t-3 × [16000, 17000)
        //            + t-0, t-1 × [16500, 17000)
        assertEquals(6000 + 6020 + 2000 + 1000, metric(m, "downtimeByCause.rebalance"));
        assertEquals(0, metric(m, "downtimeByCause.pausedOwner"));
        assertEquals(4000 + 12_000 + 15_020, metric(m, "partitionDowntimeMs"));
        // t-2 (and t-3) are down [10000, 17000) in one piece.
        assertEquals(7000, metric(m, "maxPartitionDowntimeMs"));
        assertEquals(0, metric(m, "zombieOverlapMs"));
        assertEquals(0, metric(m, "ownershipViolations"));
        // c1 processes t-2 from 30 though c2 had processed up to 50: 20 again.
        assertEquals(20, metric(m, "duplicates"));
        assertEquals(400, metric(m, "recordsProduced"));
        assertEquals(420, metric(m, "recordsProcessed"));
        assertEquals(400, metric(m, "recordsProcessedUnique"));
        assertEquals(0, metric(m, "finalLag"));
        // From 15 s: 400 produced, 190 processed.
        assertEquals(210, metric(m, "maxLag"));
        // t-3's record 40 is in the producer's first report (log end 50 at 2 s), so it was appended by 2 s; it is
        // processed only at 18 s. The last lag sample before (100 ms apart) is at 17.9 s: 15.9 s behind.
        assertEquals(17_900 - 2_000, metric(m, "maxTimeBehindMs"));
        // The start-up rebalance is an empty group's (no incident); the crash at 10 s leaves the lag at its level
        // (10, within the tolerance: 400 records in 20 s is 20 a second); generation 2's rebalance starts at 16 s
        // with a lag of 210, ends at 17 s, and the 17 s sample (210) is within 210 + max(21, 20): 1 s.
        assertEquals(1_000, metric(m, "recoveryTimeMs"));
        assertEquals(0, metric(m, "incidentsNotRecovered"));
    }

    /** The log of {@link #eagerStartThenCrash}: c2 killed at 10 s, c1 alone from 17 s. */
    private static SyntheticEvents startThenCrash() {
        return new SyntheticEvents()
                .started(1000, "c1").started(1000, "c2")
                .produced(2000, "t-0", 50).produced(2000, "t-1", 50).produced(2000, "t-2", 50).produced(2000, "t-3", 50)
                .assigned(4000, "c1", 1, "t-0", "t-1").assigned(4010, "c2", 1, "t-2", "t-3")
                .processed(5000, "c1", "t-0", 0, 50).processed(5000, "c1", "t-1", 0, 50)
                .processed(5000, "c2", "t-2", 0, 50).processed(5000, "c2", "t-3", 0, 40)
                .at(10_000, "c2", "killed")
                .produced(15_000, "t-0", 100).produced(15_000, "t-1", 100).produced(15_000, "t-2", 100)
                .produced(15_000, "t-3", 100)
                .joining(16_500, "c1", 1).revoked(16_500, "c1", 1, "t-0", "t-1")
                .assigned(17_000, "c1", 2, "t-0", "t-1", "t-2", "t-3")
                .processed(18_000, "c1", "t-0", 50, 100).processed(18_000, "c1", "t-1", 50, 100)
                .processed(18_000, "c1", "t-2", 30, 100).processed(18_000, "c1", "t-3", 40, 100);
    }

    /**
     * The run of {@link #eagerStartThenCrash} with the coordinator's log read: it removed c2 at 15.2 s, its
     * last heartbeat having been at 9.2 s (the clients' events bound it only by the kill + session, 16 s).
     */
    @Test
    void aDeadMembersEvictionIsWhenTheCoordinatorSaysItRemovedIt() {
        SyntheticEvents log = startThenCrash().at(15_200, "c2", CoordinatorLog.REMOVED);
        Map<String, Number> m = MeasuredMetrics.of(SyntheticEvents.variant(EAGER), log.list());
        assertEquals(1, metric(m, "evictions"));
        // [1000, 4010] from the first start; [15200, 17000) from the removal.
        assertEquals(3010 + 1800, metric(m, "rebalanceTimeMs"));
        // t-2, t-3 × [10000, 15200): the dead owner holds them until the coordinator takes them back.
        assertEquals(2 * 5200, metric(m, "downtimeByCause.deadOwner"));
        // As before, but t-2, t-3 × [15200, 17000) instead of [16000, 17000).
        assertEquals(6000 + 6020 + 3600 + 1000, metric(m, "downtimeByCause.rebalance"));
        assertEquals(7000, metric(m, "maxPartitionDowntimeMs"));
    }

    /**
     * The pause of {@link #gcPauseEviction} with the coordinator's log read: it removed c1 at 10.3 s (its
     * last heartbeat at 4.3 s, before the pause began), not at the pause + session (11 s).
     */
    @Test
    void aPausedMembersEvictionIsWhenTheCoordinatorSaysItRemovedIt() {
        SyntheticEvents log = pausedPastItsSession().at(10_300, "c1", CoordinatorLog.REMOVED);
        Map<String, Number> m = MeasuredMetrics.of(SyntheticEvents.variant(EAGER), log.list());
        assertEquals(1, metric(m, "evictions"));
        assertEquals(0, metric(m, "pollTimeouts"));
        // [1000, 4000], [10300, 12000], [15100, 16000].
        assertEquals(3000 + 1700 + 900, metric(m, "rebalanceTimeMs"));
        // A paused owner keeps its partitions until they move (12 s), removal or not.
        assertEquals(14_000, metric(m, "downtimeByCause.pausedOwner"));
    }

    /**
     * Cooperative rolling restart step: c2's close() revokes t-2, t-3 at 10 s, its LeaveGroup reaches the
     * coordinator at 10.004 s (its lines: the member left, the group prepares a rebalance) and close()
     * returns at 10.1 s; c1 takes t-2, t-3 at 10.5 s. The leaving member holds nothing and is shutting
     * down, not held up by the rebalance: no stop-the-world, though its close() outlasts the rebalance's
     * start.
     */
    @Test
    void aClosingMemberIsNotStoppedAndLeavesAtItsLeaveGroup() {
        SyntheticEvents log = new SyntheticEvents()
                .started(1000, "c1").started(1000, "c2")
                .assigned(4000, "c1", 1, "t-0", "t-1").assigned(4000, "c2", 1, "t-2", "t-3")
                .at(10_000, "c2", "stopRequested").revoked(10_000, "c2", 1, "t-2", "t-3")
                .at(10_004, "c2", CoordinatorLog.LEFT).add(10_004, EventLog.CLUSTER, CoordinatorLog.PREPARING, 2)
                .at(10_100, "c2", "closed")
                .joining(10_400, "c1", 1).assigned(10_500, "c1", 2, "t-2", "t-3");
        Map<String, Number> m = MeasuredMetrics.of(SyntheticEvents.variant(COOPERATIVE), log.list());
        assertEquals(0, metric(m, "evictions"));
        assertEquals(0, metric(m, "stopTheWorldMs"));
        // [10004, 10500]: with the coordinator's lines the rebalances are its own, and this log has none
        // for the start-up's generation 1.
        assertEquals(496, metric(m, "rebalanceTimeMs"));
    }

    /**
     * Eager poll timeout: c1 polls at 5 s and then works on one record until 17 s; max.poll.interval.ms
     * is 10 s. It leaves at 15 s, c2 takes everything in generation 2 (16 s); c1 finds out at its next
     * poll (lost at 17 s) and rejoins: generation 3 at 18 s.
     */
    @Test
    void eagerPollTimeout() {
        SyntheticEvents log = new SyntheticEvents()
                .started(1000, "c1").started(1000, "c2")
                .assigned(4000, "c1", 1, "t-0", "t-1").assigned(4000, "c2", 1, "t-2", "t-3")
                .polled(4000, "c1", 1, 0).polled(5000, "c1", 1, 1)
                .polled(5000, "c2", 1, 0).polled(14_000, "c2", 1, 0).polled(15_500, "c2", 1, 0)
                .joining(15_500, "c2", 1).revoked(15_500, "c2", 1, "t-2", "t-3")
                .assigned(16_000, "c2", 2, "t-0", "t-1", "t-2", "t-3").polled(16_000, "c2", 2, 0)
                .lost(17_000, "c1", -1, "t-0", "t-1").polled(17_001, "c1", -1, 0)
                .joining(17_500, "c2", 2).revoked(17_500, "c2", 2, "t-0", "t-1", "t-2", "t-3")
                .assigned(18_000, "c1", 3, "t-0", "t-1").assigned(18_000, "c2", 3, "t-2", "t-3")
                .polled(18_001, "c1", 3, 0).polled(18_001, "c2", 3, 0);
        Map<String, Number> m = MeasuredMetrics.of(SyntheticEvents.variant(EAGER), log.list());
        // 5 s + 10 s without a poll and a lost before the next one: a poll timeout, not an eviction.
        assertEquals(1, metric(m, "pollTimeouts"));
        assertEquals(0, metric(m, "evictions"));
        assertEquals(3, metric(m, "rebalances"));
        // t-0, t-1 go to c2 in generation 2 and back to c1 in generation 3.
        assertEquals(4, metric(m, "partitionsMoved"));
        // [1000, 4000], [15000 (the poll timeout), 16000], [17000 (c1's lost: it rejoins), 18000].
        assertEquals(3000 + 1000 + 1000, metric(m, "rebalanceTimeMs"));
        // New members c1, c2 3000 each at the start; then existing members: c2 15500→16000; c1 17000→18000
        // (lost: it must rejoin, but its process has held partitions); c2 17500→18000.
        assertEquals(6000, metric(m, "newMemberWaitMs"));
        assertEquals(500 + 1000 + 500, metric(m, "stopTheWorldMs"));
        assertEquals(1000, metric(m, "maxStopTheWorldMs"));
        assertEquals(3, metric(m, "groupEpochBumps"));
        // 4 × 3000 at the start; t-2, t-3 × [15500, 16000); all four × [17500, 18000). A slow record is not downtime.
        assertEquals(12_000 + 1000 + 2000, metric(m, "downtimeByCause.rebalance"));
        // plus 4 × 1000 before any pod starts (noMembers).
        assertEquals(19_000, metric(m, "partitionDowntimeMs"));
        // c1 (generation 1) and c2 (generation 2) both own t-0 and t-1 from 16 s until c1's lost at 17 s.
        assertEquals(2000, metric(m, "zombieOverlapMs"));
        assertEquals(0, metric(m, "ownershipViolations"));
    }

    /** A GC pause longer than the session: an eviction at pause + session, a zombie until it resumes. */
    @Test
    void gcPauseEviction() {
        SyntheticEvents log = pausedPastItsSession();
        Map<String, Number> m = MeasuredMetrics.of(SyntheticEvents.variant(EAGER), log.list());
        // The 5 s → 15.1 s gap between c1's polls contains a pause: not a poll timeout.
        assertEquals(0, metric(m, "pollTimeouts"));
        // Evicted at 5 s + 6 s session = 11 s (before generation 2 moved its partitions at 12 s).
        assertEquals(1, metric(m, "evictions"));
        assertEquals(3, metric(m, "rebalances"));
        assertEquals(4, metric(m, "partitionsMoved"));
        // [1000, 4000], [11000, 12000], [15100, 16000].
        assertEquals(3000 + 1000 + 900, metric(m, "rebalanceTimeMs"));
        // 6000 for the new members at the start; then c2 11500→12000; c1 15100→16000; c2 15600→16000.
        assertEquals(6000, metric(m, "newMemberWaitMs"));
        assertEquals(500 + 900 + 400, metric(m, "stopTheWorldMs"));
        // t-0, t-1 × [5000, 12000) with a paused owner.
        assertEquals(14_000, metric(m, "downtimeByCause.pausedOwner"));
        assertEquals(7000, metric(m, "maxPartitionDowntimeMs"));
        // 12000 at the start; t-2, t-3 × [11500, 12000); all four × [15600, 16000).
        assertEquals(12_000 + 1000 + 1600, metric(m, "downtimeByCause.rebalance"));
        // c1 still believes it owns t-0, t-1 from 12 s (c2's generation 2) until its lost at 15.1 s.
        assertEquals(2 * 3100, metric(m, "zombieOverlapMs"));
    }

    /** The log of {@link #gcPauseEviction}: c1 paused from 5 s to 15 s, past its 6 s session. */
    private static SyntheticEvents pausedPastItsSession() {
        return new SyntheticEvents()
                .started(1000, "c1").started(1000, "c2")
                .assigned(4000, "c1", 1, "t-0", "t-1").assigned(4000, "c2", 1, "t-2", "t-3")
                .polled(5000, "c1", 1, 0).at(5000, "c1", "paused")
                .joining(11_500, "c2", 1).revoked(11_500, "c2", 1, "t-2", "t-3")
                .assigned(12_000, "c2", 2, "t-0", "t-1", "t-2", "t-3")
                .at(15_000, "c1", "resumed").lost(15_100, "c1", -1, "t-0", "t-1").polled(15_100, "c1", -1, 0)
                .joining(15_600, "c2", 2).revoked(15_600, "c2", 2, "t-0", "t-1", "t-2", "t-3")
                .assigned(16_000, "c1", 3, "t-0", "t-1").assigned(16_000, "c2", 3, "t-2", "t-3");
    }

    static final String STATIC = EAGER.replace("max.poll.interval.ms: 10000",
            "max.poll.interval.ms: 10000\n    group.instance.id: pod-$(POD_NAME)").replace("session.timeout.ms: 6000",
            "session.timeout.ms: 20000");

    /** A static member killed and back within its session: no eviction, no rebalance, its partitions wait. */
    @Test
    void staticMemberBackInTime() {
        SyntheticEvents log = new SyntheticEvents()
                .started(1000, "c1").started(1000, "c2")
                .assigned(4000, "c1", 1, "t-0", "t-1").assigned(4000, "c2", 1, "t-2", "t-3")
                .at(10_000, "c2", "killed")
                .started(13_000, "c2").assigned(13_500, "c2", 1, "t-2", "t-3");
        Map<String, Number> m = MeasuredMetrics.of(SyntheticEvents.variant(STATIC), log.list());
        assertEquals(0, metric(m, "evictions"));
        // Generation 1 counts once, at 4 s; c2's second report of it is a static member coming back.
        assertEquals(1, metric(m, "rebalances"));
        assertEquals(3000, metric(m, "rebalanceTimeMs"));
        assertEquals(0, metric(m, "partitionsMoved"));
        // c2's partitions wait for it: [10000, 13000) (the pod runs again from 13 s, as in a simulation).
        assertEquals(6000, metric(m, "downtimeByCause.deadOwner"));
        // Only the start-up's waits; c2's new process waits 13000→13500 in a stable group, which blocks nobody.
        assertEquals(6000, metric(m, "newMemberWaitMs"));
        assertEquals(0, metric(m, "stopTheWorldMs"));
        // c2's return is generation 1 again: no bump.
        assertEquals(1, metric(m, "groupEpochBumps"));
    }

    /** A static member's close revokes locally, but the group keeps its partitions for it. */
    @Test
    void staticMemberCloseKeepsItsPartitions() {
        SyntheticEvents log = new SyntheticEvents()
                .started(1000, "c1").started(1000, "c2")
                .assigned(4000, "c1", 1, "t-0", "t-1").assigned(4000, "c2", 1, "t-2", "t-3")
                .at(10_000, "c2", "stopRequested").revoked(10_000, "c2", 1, "t-2", "t-3").at(10_050, "c2", "closed")
                .started(13_000, "c2").assigned(13_500, "c2", 1, "t-2", "t-3");
        Map<String, Number> m = MeasuredMetrics.of(SyntheticEvents.variant(STATIC), log.list());
        assertEquals(0, metric(m, "evictions"));
        assertEquals(1, metric(m, "rebalances"));
        // [10050, 13000) dead owner, not a rebalance: the revocation at close is c2's own business.
        assertEquals(2 * 2950, metric(m, "downtimeByCause.deadOwner"));
        assertEquals(12_000, metric(m, "downtimeByCause.rebalance"));
    }

    /** A static member that stays away longer than its session is evicted. */
    @Test
    void staticMemberAwayTooLongIsEvicted() {
        SyntheticEvents log = new SyntheticEvents()
                .started(1000, "c1").started(1000, "c2")
                .assigned(4000, "c1", 1, "t-0", "t-1").assigned(4000, "c2", 1, "t-2", "t-3")
                .at(5000, "c2", "killed")
                .joining(25_500, "c1", 1).revoked(25_500, "c1", 1, "t-0", "t-1")
                .assigned(26_000, "c1", 2, "t-0", "t-1", "t-2", "t-3");
        Variant variant = SyntheticEvents.variant(STATIC.replace("duration: 20s", "duration: 30s"));
        Map<String, Number> m = MeasuredMetrics.of(variant, log.list());
        assertEquals(1, metric(m, "evictions"));
        assertEquals(2, metric(m, "rebalances"));
        // [1000, 4000] and [25000 (5 s + 20 s session), 26000].
        assertEquals(4000, metric(m, "rebalanceTimeMs"));
    }

    static final String COOPERATIVE = EAGER.replace("strategy: range", "strategy: cooperative-sticky");

    /**
     * Cooperative scale-out: c2 joins at 10 s; generation 2 withholds t-2, t-3, which c1 revokes; the
     * follow-up generation 3 hands them to c2. Only the member that owns nothing is blocked.
     */
    @Test
    void cooperativeScaleOut() {
        SyntheticEvents log = new SyntheticEvents()
                .started(1000, "c1").assigned(4000, "c1", 1, "t-0", "t-1", "t-2", "t-3")
                .started(10_000, "c2")
                .revoked(12_000, "c1", 2, "t-2", "t-3").assigned(12_000, "c1", 2).assigned(12_000, "c2", 2)
                .assigned(13_000, "c1", 3).assigned(13_000, "c2", 3, "t-2", "t-3");
        Map<String, Number> m = MeasuredMetrics.of(SyntheticEvents.variant(COOPERATIVE), log.list());
        assertEquals(3, metric(m, "rebalances"));
        assertEquals(2, metric(m, "partitionsMoved"));
        // [1000, 4000], [10000 (c2's start), 12000], and the follow-up [12000, 13000].
        assertEquals(3000 + 2000 + 1000, metric(m, "rebalanceTimeMs"));
        // New members only: c1 1000→4000 (it owned nothing yet), c2 10000→13000 through both rounds; c1 keeps
        // t-0, t-1, so no existing member stops.
        assertEquals(3000 + 3000, metric(m, "newMemberWaitMs"));
        assertEquals(0, metric(m, "stopTheWorldMs"));
        assertEquals(3, metric(m, "groupEpochBumps"));
        // 4 × 1000 before any pod starts, 4 × 3000 while the first join completes, t-2 and t-3 × [12000, 13000).
        assertEquals(4000 + 12_000 + 2000, metric(m, "partitionDowntimeMs"));
        assertEquals(0, metric(m, "evictions"));
    }

    static final String CONSUMER_PROTOCOL = """
            name: m
            duration: 20s
            group: {id: g}
            topics: [{name: t, partitions: 4, rate: 20/s}]
            consumers:
              count: 2
              config: {group.protocol: consumer}
            """;

    /**
     * Consumer protocol: c1 joins alone (epoch 1), c2 joins (epoch 2); c1 revokes t-2, t-3 and reports
     * epoch 2 on its next poll without a callback; c2 reconciles last, at 5 s.
     */
    @Test
    void consumerProtocolEpochs() {
        SyntheticEvents log = new SyntheticEvents()
                .started(1000, "c1").assigned(1500, "c1", 1, "t-0", "t-1", "t-2", "t-3")
                .started(3000, "c2")
                .revoked(4000, "c1", 1, "t-2", "t-3").polled(4100, "c1", 2, 0)
                .assigned(5000, "c2", 2, "t-2", "t-3");
        Map<String, Number> m = MeasuredMetrics.of(SyntheticEvents.variant(CONSUMER_PROTOCOL), log.list());
        assertEquals(2, metric(m, "rebalances"));
        assertEquals(2, metric(m, "partitionsMoved"));
        // [1000, 1500] and [3000, 5000].
        assertEquals(500 + 2000, metric(m, "rebalanceTimeMs"));
        // New members: c1 owns nothing 1000→1500, c2 3000→5000; c1 keeps t-0, t-1 while it revokes, so no
        // existing member stops.
        assertEquals(500 + 2000, metric(m, "newMemberWaitMs"));
        assertEquals(0, metric(m, "stopTheWorldMs"));
        // Member epochs 1 and 2: two group epoch bumps. A client cannot tell assigning from reconciling:
        // the replay counts each span as reconciling throughout.
        assertEquals(2, metric(m, "groupEpochBumps"));
        assertEquals(500 + 2000, metric(m, "reconcilingTimeMs"));
        // 4 × 1000 before any pod starts, 4 × 500 until the first assignment, then t-2, t-3 × [4000, 5000).
        assertEquals(4000 + 2000 + 2000, metric(m, "partitionDowntimeMs"));
    }

    /**
     * Consumer protocol, two joins in one target: c2 and c3 join together at 3 s, so the group epoch goes
     * 1 → 2 → 3 and the one target the members reach is epoch 3 (the clients never see epoch 2). Two
     * rebalances (targets reached), three bumps: the rise of the highest member epoch, 0 → 3.
     */
    @Test
    void consumerProtocolBumpsAMemberNeverSees() {
        SyntheticEvents log = new SyntheticEvents()
                .started(1000, "c1").assigned(1500, "c1", 1, "t-0", "t-1", "t-2", "t-3")
                .started(3000, "c2").started(3000, "c3")
                .revoked(4000, "c1", 1, "t-2", "t-3").polled(4100, "c1", 3, 0)
                .assigned(5000, "c2", 3, "t-2").assigned(5000, "c3", 3, "t-3");
        Map<String, Number> m = MeasuredMetrics.of(SyntheticEvents.variant(CONSUMER_PROTOCOL.replace("count: 2",
                "count: 3")), log.list());
        assertEquals(2, metric(m, "rebalances"));
        assertEquals(3, metric(m, "groupEpochBumps"));
        // New members only: c1 1000→1500, c2 and c3 3000→5000; c1 keeps t-0, t-1.
        assertEquals(500 + 2 * 2000, metric(m, "newMemberWaitMs"));
        assertEquals(0, metric(m, "stopTheWorldMs"));
    }

    /**
     * Consumer protocol, the order a real group takes (docs/kafka-semantics.md §10, "What a client can
     * see of it"): c2 joins and gets epoch 2 at once with nothing (its partitions are still c1's), c1
     * revokes t-2, t-3 in its old epoch 1 and then reports epoch 2, and c2 receives them at 5 s, still
     * in epoch 2. Epoch 2 completes with that late assignment, not at 4.1 s when the last member
     * reported it; otherwise c2's callback at 5 s would open a rebalance that never ends.
     */
    @Test
    void consumerProtocolPartitionsArriveLateInTheirEpoch() {
        SyntheticEvents log = new SyntheticEvents()
                .started(1000, "c1").assigned(1500, "c1", 1, "t-0", "t-1", "t-2", "t-3")
                .started(3000, "c2").assigned(3100, "c2", 2).add(3100, "c2", "epoch", 2)
                .joining(4000, "c1", 1).revoked(4000, "c1", 1, "t-2", "t-3").add(4100, "c1", "epoch", 2)
                .joining(5000, "c2", 2).assigned(5000, "c2", 2, "t-2", "t-3")
                .polled(19_000, "c1", 2, 0).polled(19_000, "c2", 2, 0);
        Map<String, Number> m = MeasuredMetrics.of(SyntheticEvents.variant(CONSUMER_PROTOCOL), log.list());
        assertEquals(2, metric(m, "rebalances"));
        // [1000, 1500] and [3000, 5000], nothing open at the end.
        assertEquals(500 + 2000, metric(m, "rebalanceTimeMs"));
        assertEquals(2, metric(m, "partitionsMoved"));
    }

    /**
     * Consumer protocol with the coordinator's own view (GroupStatePoller): a rebalance ends when the
     * coordinator's group is STABLE again, a reconciliation before the last callback (c2's at 5 s). A
     * sample answered before the coordinator handled the bump still shows epoch 1 and ends nothing.
     */
    @Test
    void consumerProtocolEndsWhenTheCoordinatorSaysStable() {
        SyntheticEvents log = new SyntheticEvents()
                .add(1000, "cluster", CoordinatorLog.EPOCH_BUMPED, 1).started(1000, "c1")
                .add(1010, "cluster", GroupStatePoller.REBALANCING, 1).add(1450, "cluster", GroupStatePoller.SETTLED, 1)
                .assigned(1500, "c1", 1, "t-0", "t-1", "t-2", "t-3")
                .started(3000, "c2").add(3000, "cluster", CoordinatorLog.EPOCH_BUMPED, 2)
                .add(3005, "cluster", GroupStatePoller.SETTLED, 1).add(3030, "cluster", GroupStatePoller.REBALANCING, 2)
                .revoked(4000, "c1", 1, "t-2", "t-3").polled(4100, "c1", 2, 0)
                .add(4600, "cluster", GroupStatePoller.SETTLED, 2)
                .assigned(5000, "c2", 2, "t-2", "t-3");
        Map<String, Number> m = MeasuredMetrics.of(SyntheticEvents.variant(CONSUMER_PROTOCOL), log.list());
        assertEquals(2, metric(m, "rebalances"));
        // [1000, 1450] and [3000, 4600].
        assertEquals(450 + 1600, metric(m, "rebalanceTimeMs"));
        // Holding nothing while the group rebalances: c1 1000→1450, c2 3000→4600.
        assertEquals(450 + 1600, metric(m, "newMemberWaitMs"));
    }

    /**
     * A static consumer-protocol member away between its close() and its return keeps the group
     * RECONCILING without an epoch bump or a client callback (ConsumerGroup.maybeUpdateGroupState): only
     * the coordinator's state shows it, and it counts as rebalance time, as the simulator counts it.
     */
    @Test
    void consumerProtocolStaticMemberAwayIsReconciling() {
        SyntheticEvents log = new SyntheticEvents()
                .add(1000, "cluster", CoordinatorLog.EPOCH_BUMPED, 1).started(1000, "c1").started(1000, "c2")
                .add(1200, "cluster", CoordinatorLog.EPOCH_BUMPED, 2)
                .add(1010, "cluster", GroupStatePoller.REBALANCING, 1)
                .assigned(1500, "c1", 2, "t-0", "t-1").assigned(1500, "c2", 2, "t-2", "t-3")
                .add(1490, "cluster", GroupStatePoller.SETTLED, 2)
                .at(8000, "c2", "stopRequested").revoked(8000, "c2", 2, "t-2", "t-3").at(8050, "c2", "closed")
                .add(8060, "cluster", GroupStatePoller.REBALANCING, 2)
                .started(11_000, "c2").assigned(11_500, "c2", 2, "t-2", "t-3")
                .add(11_480, "cluster", GroupStatePoller.SETTLED, 2);
        Map<String, Number> m = MeasuredMetrics.of(SyntheticEvents.variant(CONSUMER_PROTOCOL
                .replace("config: {group.protocol: consumer}", "config: {group.protocol: consumer, group.instance.id: pod-$(POD_NAME)}")),
                log.list());
        assertEquals(1, metric(m, "rebalances"));
        // The two joins; the absence bumps nothing.
        assertEquals(2, metric(m, "groupEpochBumps"));
        // [1000, 1490] and the static member's absence, [8060, 11480].
        assertEquals(490 + 3420, metric(m, "rebalanceTimeMs"));
    }

    /** The measure window: only what completes in it counts, durations are clipped to it. */
    @Test
    void measureWindow() {
        SyntheticEvents log = new SyntheticEvents()
                .started(1000, "c1").started(1000, "c2")
                .assigned(4000, "c1", 1, "t-0", "t-1").assigned(4010, "c2", 1, "t-2", "t-3")
                .at(10_000, "c2", "killed")
                .joining(16_500, "c1", 1).revoked(16_500, "c1", 1, "t-0", "t-1")
                .assigned(17_000, "c1", 2, "t-0", "t-1", "t-2", "t-3");
        Variant variant = SyntheticEvents.variant(EAGER.replace("duration: 20s", "duration: 20s\nmeasure: {from: 12s}"));
        Map<String, Number> m = MeasuredMetrics.of(variant, log.list());
        assertEquals(1, metric(m, "rebalances"));
        assertEquals(1, metric(m, "evictions"));
        assertEquals(1000, metric(m, "rebalanceTimeMs"));
        assertEquals(500, metric(m, "stopTheWorldMs"));
        // t-2, t-3: dead owner [12000, 16000) once clipped.
        assertEquals(8000, metric(m, "downtimeByCause.deadOwner"));
    }

    /** A dynamic member's graceful close is a LeaveGroup: a rebalance, not an eviction; the last one leaves nothing behind. */
    @Test
    void dynamicCloseIsNotAnEviction() {
        SyntheticEvents log = new SyntheticEvents()
                .started(1000, "c1").started(1000, "c2")
                .assigned(4000, "c1", 1, "t-0", "t-1").assigned(4000, "c2", 1, "t-2", "t-3")
                .at(10_000, "c2", "stopRequested").revoked(10_000, "c2", 1, "t-2", "t-3").at(10_100, "c2", "closed")
                .joining(11_000, "c1", 1).revoked(11_000, "c1", 1, "t-0", "t-1")
                .assigned(11_500, "c1", 2, "t-0", "t-1", "t-2", "t-3")
                .at(15_000, "c1", "stopRequested").revoked(15_000, "c1", 2, "t-0", "t-1", "t-2", "t-3")
                .at(15_100, "c1", "closed");
        Map<String, Number> m = MeasuredMetrics.of(SyntheticEvents.variant(EAGER), log.list());
        assertEquals(0, metric(m, "evictions"));
        assertEquals(2, metric(m, "rebalances"));
        // [1000, 4000] and [10100 (c2's LeaveGroup), 11500]; c1's close leaves an empty group, no rebalance.
        assertEquals(3000 + 1400, metric(m, "rebalanceTimeMs"));
    }

    /** Killed in the middle of a long record, after its poll timer expired: it had left, it is not evicted. */
    @Test
    void killedAfterItsPollTimeout() {
        SyntheticEvents log = new SyntheticEvents()
                .started(1000, "c1").started(1000, "c2")
                .assigned(4000, "c1", 1, "t-0", "t-1").assigned(4000, "c2", 1, "t-2", "t-3")
                .polled(5000, "c1", 1, 1).polled(5000, "c2", 1, 0)
                .joining(15_500, "c2", 1).revoked(15_500, "c2", 1, "t-2", "t-3")
                .assigned(16_000, "c2", 2, "t-0", "t-1", "t-2", "t-3").polled(16_000, "c2", 2, 0)
                .at(17_000, "c1", "killed");
        Map<String, Number> m = MeasuredMetrics.of(SyntheticEvents.variant(EAGER), log.list());
        // No poll after 5 s until the kill at 17 s: the timer expired at 15 s (no lost to see: it never polled again).
        assertEquals(1, metric(m, "pollTimeouts"));
        assertEquals(0, metric(m, "evictions"));
        assertEquals(2, metric(m, "rebalances"));
        // [1000, 4000] and [15000, 16000].
        assertEquals(4000, metric(m, "rebalanceTimeMs"));
        // c1 holds t-0, t-1 (generation 1) alongside c2 (generation 2) from 16 s until it dies at 17 s.
        assertEquals(2000, metric(m, "zombieOverlapMs"));
    }

    /** A run cut short by the variant's duration: later events are ignored, an open rebalance lasts to the end. */
    @Test
    void eventsAfterTheDurationAreIgnored() {
        SyntheticEvents log = new SyntheticEvents()
                .started(1000, "c1").assigned(4000, "c1", 1, "t-0", "t-1", "t-2", "t-3")
                .started(19_000, "c2")
                .assigned(21_000, "c1", 2, "t-0", "t-1").assigned(21_000, "c2", 2, "t-2", "t-3");
        Map<String, Number> m = MeasuredMetrics.of(SyntheticEvents.variant(EAGER), log.list());
        assertEquals(1, metric(m, "rebalances"));
        // [1000, 4000] and c2's join from 19 s to the end at 20 s.
        assertEquals(3000 + 1000, metric(m, "rebalanceTimeMs"));
        // New members: c1 1000→4000; c2 owns nothing from 19 s to the end.
        assertEquals(3000 + 1000, metric(m, "newMemberWaitMs"));
        assertEquals(0, metric(m, "stopTheWorldMs"));
    }

    /**
     * A member waiting in poll() through a long eager rebalance logs no polls (workers may log only
     * polls that return records): killed later, it did not time out, it was evicted.
     */
    @Test
    void waitingInARebalanceIsNotAPollTimeout() {
        SyntheticEvents log = new SyntheticEvents()
                .started(1000, "c1").started(1000, "c2")
                .assigned(4000, "c1", 1, "t-0", "t-1").assigned(4000, "c2", 1, "t-2", "t-3")
                .polled(4500, "c2", 1, 3)
                .joining(5000, "c2", 1).revoked(5000, "c2", 1, "t-2", "t-3")
                .at(16_000, "c2", "killed");
        Variant variant = SyntheticEvents.variant(EAGER.replace("duration: 20s", "duration: 30s"));
        Map<String, Number> m = MeasuredMetrics.of(variant, log.list());
        assertEquals(0, metric(m, "pollTimeouts"));
        // At 16 s + 6 s session.
        assertEquals(1, metric(m, "evictions"));
        // Nothing completes after 4 s: the group rebalances from c2's joining at 5 s to the end.
        assertEquals(1, metric(m, "rebalances"));
        assertEquals(3000 + 25_000, metric(m, "rebalanceTimeMs"));
    }
}
