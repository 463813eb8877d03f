package org.rebalancesim.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.firstSpanFrom;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.runAll;
import static org.rebalancesim.run.SimRuns.states;
import static org.rebalancesim.run.SimRuns.variant;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.metrics.Series.RebalanceSpan;
import org.rebalancesim.metrics.Series.StateInterval;

/**
 * The metrics that mean one thing across protocols (docs/metrics.md "Rebalance counts" and "Stop-the-world
 * and partition downtime"; docs/kafka-semantics.md §23), from one event: c3 joins a stable group of c1
 * and c2 at 60 s (JVM start 2 s), 4 partitions, measured from 30 s, when start-up is long over.
 *
 * <ul>
 *   <li>Classic eager (range): c3's JoinGroup starts one rebalance; c1 and c2 learn of it at their next
 *   heartbeat, revoke everything (onJoinPrepare) and rejoin; the join phase ends with one new generation
 *   (initNextGeneration), which reaches Stable. So 1 bump and 1 rebalance; every existing member is
 *   blocked from its revocation to its SyncGroup answer; c3 waits from its join to its answer.</li>
 *   <li>Consumer protocol (uniform): c3's join heartbeat bumps the group epoch once and computes the
 *   target at once; 4 partitions over 3 members leave each old member at least 1 of its 2, so no existing
 *   member is ever stopped; c3 waits, holding nothing, until the partition released to it arrives.</li>
 * </ul>
 */
public class ProtocolMetricsTest {

    static final long JOIN_AT_MS = 60_000;
    /** Round trips, the 1 ms records of a handoff, a commit: well below one heartbeat interval. */
    static final long SLACK_MS = 50;

    /** The join, one variant per protocol: eager and consumer. */
    public static final String SCENARIO = """
            name: join
            duration: 120s
            measure: {from: 30s}
            group: {id: g}
            topics: [{name: t, partitions: 4, rate: 40/s}]
            consumers:
              count: 2
              processing: {constant: 1ms}
              startup: {stagger: 1700ms, jvmStart: 2s}
            timeline:
              - {at: 60s, start: {consumers: [c3]}}
            variants:
              - name: eager
                consumers: {config: {partition.assignment.strategy: range}}
              - name: consumer
                consumers: {config: {group.protocol: consumer}}
            """;

    private static final RunResult JOINED = runAll(SCENARIO, "join");

    @Test
    void classicEagerJoinBumpsTheGenerationOnceAndStopsEveryExistingMember() {
        VariantResult eager = variant(JOINED, "eager");
        RebalanceSpan span = firstSpanFrom(eager, JOIN_AT_MS);
        long spanMs = span.stableMs() - span.startMs();

        assertEquals(1, metric(eager, "groupEpochBumps"), "the join phase ends with one new generation");
        assertEquals(1, metric(eager, "rebalances"), "which reaches Stable");
        assertEquals(0, metric(eager, "reconcilingTimeMs"), "a classic group has no target to reconcile to");
        long stopped = 0;
        for (String pod : List.of("c1", "c2")) {
            long blockedMs = blockedWithin(eager, pod, span);
            assertTrue(blockedMs > 0, pod + " revokes everything and waits for its SyncGroup answer");
            stopped += blockedMs;
        }
        assertEquals(stopped, metric(eager, "stopTheWorldMs"), "c1 and c2 are the existing members blocked");
        // c3 is blocked from its JoinGroup, which starts the rebalance, until its SyncGroup answer.
        long waited = metric(eager, "newMemberWaitMs");
        assertTrue(Math.abs(waited - spanMs) <= SLACK_MS, "c3 waits the whole rebalance: " + waited + " vs " + span);
    }

    @Test
    void consumerProtocolJoinBumpsTheEpochOnceAndStopsNoExistingMember() {
        VariantResult consumer = variant(JOINED, "consumer");
        RebalanceSpan span = firstSpanFrom(consumer, JOIN_AT_MS);

        assertEquals(1, metric(consumer, "groupEpochBumps"), "only the join bumps the group epoch");
        assertEquals(1, metric(consumer, "rebalances"), "one target, which every member reaches");
        assertEquals(0, metric(consumer, "stopTheWorldMs"), "c1 and c2 keep a partition each throughout");
        assertEquals(0, metric(consumer, "maxStopTheWorldMs"));
        long c3First = consumer.series().ownership().stream().filter(o -> o.member().equals("c3"))
                .mapToLong(Series.OwnershipInterval::fromMs).min().orElseThrow();
        long waited = metric(consumer, "newMemberWaitMs");
        assertTrue(waited > 0, "c3 waits for the partition c1 or c2 releases");
        // It counts while the group rebalances: until the heartbeat answer that brings c3 its partition
        // makes the coordinator's group stable; c3 then reconciles it in the next turns of its poll() loop.
        assertTrue(Math.abs(waited - (span.stableMs() - span.startMs())) <= SLACK_MS,
                "c3 waits from its join until the group is stable: " + waited + " vs " + span);
        assertTrue(c3First >= span.stableMs() && c3First <= span.stableMs() + 3 * 100 + SLACK_MS,
                "c3 takes its partition at its reconciliation: " + c3First + " vs " + span);
        // The join heartbeat computes the target at once (the batching interval has long passed, and a small
        // group's computation takes 0 ms): the group is never ASSIGNING, so it reconciles the whole rebalance.
        assertEquals(metric(consumer, "rebalanceTimeMs"), metric(consumer, "reconcilingTimeMs"));
        assertTrue(metric(consumer, "reconcilingTimeMs") > 0);
    }

    /**
     * Over the whole run, start-up included: classic, c1's and c2's joins fall within one
     * group.initial.rebalance.delay.ms (3 s) and make one generation; consumer protocol, each member's join is
     * a bump of its own (3 in all), however many targets they make.
     */
    @Test
    void startUpBumpsCountPerProtocol() {
        RunResult whole = runAll(SCENARIO.replace("measure: {from: 30s}\n", ""), "join-whole-run");
        VariantResult eager = variant(whole, "eager");
        assertEquals(2, metric(eager, "groupEpochBumps"));
        assertEquals(metric(eager, "rebalances"), metric(eager, "groupEpochBumps"));
        VariantResult consumer = variant(whole, "consumer");
        assertEquals(3, metric(consumer, "groupEpochBumps"));
        assertTrue(metric(consumer, "rebalances") <= 3, "a target may take in several bumps");
    }

    /** How long {@code pod} is shown blocked (REBALANCING) within the rebalance, its SyncGroup answer included. */
    private static long blockedWithin(VariantResult result, String pod, RebalanceSpan span) {
        long total = 0;
        for (StateInterval interval : states(result, pod, MemberState.REBALANCING)) {
            long from = Math.max(interval.fromMs(), span.startMs());
            long to = Math.min(interval.toMs(), span.stableMs() + SLACK_MS);
            total += Math.max(0, to - from);
        }
        return total;
    }
}
