package org.rebalancesim.explain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.explain.Explanations.explain;
import static org.rebalancesim.explain.Explanations.line;
import static org.rebalancesim.explain.Explanations.rebalancesFrom;
import static org.rebalancesim.explain.Explanations.timeAfter;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * KIP-848 runs (docs/kafka-semantics.md §10): rebalances are group epochs, not generations; the broker's
 * group.consumer.session.timeout.ms (45 s) and heartbeat interval (5 s) apply; a member leaves with a
 * heartbeat of epoch -1, and a silent one is fenced when its session expires.
 */
class ExplainConsumerProtocolTest {

    static final Pattern EPOCH = Pattern.compile("→ group epoch (\\d+)");

    @Test
    void rebalancesAreGroupEpochsThatOnlyGoUp() {
        VariantExplanation story = explain("protocols-rolling-restart.yaml", "consumer");
        assertTrue(story.limits().startsWith("group.consumer.session.timeout.ms 45 s, "
                + "group.consumer.heartbeat.interval.ms 5 s"), story.limits());
        List<StoryLine> rebalances = rebalancesFrom(story, 0);
        int previous = 0;
        for (StoryLine line : rebalances) {
            assertFalse(line.text().contains("generation"), line.text());
            Matcher epoch = EPOCH.matcher(line.text());
            assertTrue(epoch.find(), line.text());
            int value = Integer.parseInt(epoch.group(1));
            assertTrue(value > previous, "epochs go up: " + rebalances);
            previous = value;
        }
        // Six pods restarted from 2m, each a leave and a join: twelve epochs that all members reach.
        assertEquals(12, rebalancesFrom(story, 120_000).size(), story.lines().toString());
        assertTrue(line(story, 120_000, "c1 stopped").text()
                .startsWith("c1 stopped (close()) → leave heartbeat (epoch -1) at "));
    }

    @Test
    void theCoordinatorAssignsNewPartitionsAtTheNextHeartbeat() {
        VariantExplanation story = explain("add-partitions.yaml", "consumer");
        String line = line(story, 120_000, "events grows from 100 to 1000 partitions").text();
        assertTrue(line.contains("→ the coordinator sees the new partition count at the next heartbeat → group epoch "),
                line);
        // Everyone heartbeats every 5 s: the new target is computed within an interval, not minutes later.
        assertTrue(timeAfter(line, "stable at ") - 120_000 <= 5_000 + 1_000, line);
    }

    @Test
    void aCrashedMemberIsFencedWhenTheBrokersSessionTimeoutRunsOut() {
        VariantExplanation story = explain("crash-in-large-group.yaml", "consumer");
        String fencing = line(story, 120_000, "c7 crashed").text();
        // Only heartbeats renew a consumer group member's session: its commits do not (docs/kafka-semantics.md §6).
        assertTrue(fencing.contains("group.consumer.session.timeout.ms 45 s from its last heartbeat →"), fencing);
        long fencedMs = timeAfter(fencing, "fenced at ");
        long expectedMs = 120_000 + 45_000;
        assertTrue(fencedMs >= expectedMs - 5_000 && fencedMs <= expectedMs + ExplainCausesTest.LATENCY_MS,
                "fenced within a heartbeat interval before " + expectedMs + ": " + fencing);
        assertTrue(fencing.contains("c7 lost 26 partitions"), "650 partitions over 25 pods: " + fencing);
    }
}
