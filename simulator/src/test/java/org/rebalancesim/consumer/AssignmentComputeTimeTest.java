package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.assignor.AssignmentCost;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.report.JsonReport;
import org.rebalancesim.run.SimRuns;

/**
 * The classic leader's assign() takes AssignmentCost.CLIENT's measured time: the SyncGroup that carries
 * the assignment leaves that much after the JoinGroup answer, so a large group reaches Stable later.
 */
class AssignmentComputeTimeTest {

    /** Every message takes exactly LATENCY_MS one way, so the rebalance's steps can be timed exactly. */
    static final long LATENCY_MS = 2;

    static String scenario(int consumers, int partitions, String strategy) {
        return """
                duration: 30s
                cluster: {network: {latency: {constant: %dms}}}
                group: {id: big}
                topics: [{name: t, partitions: %d, rate: 1000/s}]
                consumers:
                  count: %d
                  config: {partition.assignment.strategy: %s}
                  processing: {constant: 1ms}
                """.formatted(LATENCY_MS, partitions, consumers, strategy);
    }

    /**
     * 1000 members × 10000 partitions with the sticky assignor: the join phase completes at T; the leader
     * reads its JoinGroup answer at T + latency, computes for computeMs (its story says so), and its
     * SyncGroup reaches the coordinator at T + latency + computeMs + latency, which stores the assignment:
     * Stable, and the rebalance span ends, exactly then.
     */
    @Test
    void theLeadersSyncGroupLeavesComputeMsAfterItsJoinGroupAnswer() {
        long computeMs = AssignmentCost.CLIENT.computeMs("sticky", 1000, 10_000);
        assertTrue(computeMs >= 1, "a 1000 x 10000 sticky assignment takes whole milliseconds: " + computeMs);
        VariantResult result = SimRuns.run(scenario(1000, 10_000, "sticky"), "large-group-assignment");

        long joinCompleted = only(SimRuns.story(result, "group", "COMPLETING_REBALANCE (generation 1)")).atMs();
        List<Series.StoryEvent> computing = result.series().events().stream()
                .filter(e -> e.what().startsWith("leader runs the sticky assignor for 1000 members")).toList();
        Series.StoryEvent leader = only(computing);
        assertEquals("leader runs the sticky assignor for 1000 members: " + computeMs + " ms before its SyncGroup",
                leader.what());
        assertEquals(joinCompleted + LATENCY_MS, leader.atMs(), "the leader computes as soon as it reads its answer");

        long stable = only(SimRuns.story(result, "group", "COMPLETING_REBALANCE → STABLE (generation 1)")).atMs();
        assertEquals(leader.atMs() + computeMs + LATENCY_MS, stable, "the SyncGroup waited for the computation");
        Series.RebalanceSpan span = SimRuns.spans(result).get(0);
        assertEquals(stable, span.stableMs());
    }

    /** Same scenario, same bytes, with the computation delaying the SyncGroup (docs/ARCHITECTURE.md, habit 4). */
    @Test
    void aDelayedSyncGroupIsDeterministic() {
        String yaml = scenario(300, 10_000, "cooperative-sticky");
        assertTrue(AssignmentCost.CLIENT.computeMs("cooperative-sticky", 300, 10_000) >= 1);
        String first = JsonReport.render(SimRuns.runAll(yaml, "delayed-sync"));
        assertTrue(first.contains("leader runs the cooperative-sticky assignor for 300 members"),
                "the scenario must exercise the delay");
        assertEquals(first, JsonReport.render(SimRuns.runAll(yaml, "delayed-sync")));
    }

    private static Series.StoryEvent only(List<Series.StoryEvent> events) {
        assertEquals(1, events.size(), "expected exactly one story line: " + events);
        return events.get(0);
    }
}
