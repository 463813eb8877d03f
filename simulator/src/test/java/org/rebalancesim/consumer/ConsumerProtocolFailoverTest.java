package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.ASSIGNMENT_INTERVAL_MS;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.HEARTBEAT_MS;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.OLD_MEMBERS;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.SLACK_MS;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.assertNeverBlocked;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.assertNoTwoOwners;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.assertUnbroken;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.epochBumpsFrom;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.groupEvents;
import static org.rebalancesim.consumer.ConsumerProtocolScenarios.ownedBy;
import static org.rebalancesim.run.SimRuns.firstSpanFrom;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * Coordinator failover of a consumer-protocol group (docs/kafka-semantics.md §10 "Persistence", §11): all
 * group state (members, epochs, target and current assignments) is in __consumer_offsets, so the new
 * coordinator resumes the group as it was: no rebalance, no epoch change; every member's session timer
 * starts fresh when the group is loaded.
 *
 * <p>The coordinator's broker fails at 60 s for 30 s; another replica loads the group after
 * broker.session.timeout.ms (9000). The session timeout is lowered to 10 s: the members' last heartbeats
 * reached the old coordinator up to 5 s before the failure and none reaches a coordinator before the
 * load at 69 s, so only fresh session timers after loading (§11) keep the members. A member joining at
 * 92 s then shows the loaded group works as before.
 */
class ConsumerProtocolFailoverTest {

    static final long FAIL_MS = 60_000;
    static final long LOADED_MS = FAIL_MS + 9_000;
    static final long JOIN_MS = 92_000;
    static final Pattern EPOCH = Pattern.compile("\\(epoch (\\d+)\\)");

    static VariantResult result;

    @BeforeAll
    static void runOnce() {
        result = run("""
                duration: 120s
                measure: {from: 30s}
                cluster:
                  brokers: 3
                  config: {group.consumer.session.timeout.ms: 10000, group.consumer.min.session.timeout.ms: 10000}
                group: {id: kip848-failover}
                topics: [{name: t, partitions: 12, rate: 120/s}]
                consumers:
                  count: 3
                  config: {group.protocol: consumer}
                  processing: {constant: 1ms}
                  startup: {stagger: 1700ms, jvmStart: 2s}
                timeline:
                  - {at: 60s, brokerFailure: {broker: coordinator, downtime: 30s}}
                  - {at: 90s, start: {consumers: [c4]}}
                """, "kip848-failover");
    }

    static int epochIn(Series.StoryEvent event) {
        Matcher matcher = EPOCH.matcher(event.what());
        assertTrue(matcher.find(), "no epoch in " + event);
        return Integer.parseInt(matcher.group(1));
    }

    @Test
    void groupResumesOnTheNewCoordinatorAtTheSameEpoch() {
        List<Series.StoryEvent> unloaded = groupEvents(result, "→ DEAD (epoch");
        List<Series.StoryEvent> loaded = groupEvents(result, "DEAD → STABLE (epoch");
        assertEquals(1, unloaded.size(), "unloaded once: " + unloaded);
        assertEquals(1, loaded.size(), "loaded once, Stable: " + loaded);
        assertEquals(FAIL_MS, unloaded.get(0).atMs());
        assertEquals(LOADED_MS, loaded.get(0).atMs(), "loaded after broker.session.timeout.ms");
        assertEquals(epochIn(unloaded.get(0)), epochIn(loaded.get(0)), "the group epoch is unchanged");
        assertTrue(epochBumpsFrom(result, 30_000).stream().allMatch(e -> e.atMs() >= JOIN_MS),
                "no epoch bump before c4's join: " + epochBumpsFrom(result, 30_000));
    }

    @Test
    void noRebalanceNoEvictionAndNothingMoves() {
        assertEquals(0, metric(result, "evictions"), "fresh session timers after loading");
        for (String pod : OLD_MEMBERS) {
            assertNeverBlocked(result, pod, 30_000, JOIN_MS);
            for (String partition : ownedBy(result, pod, FAIL_MS - 1)) {
                // Each keeps its partitions through the failover, until c4's join moves at most one each.
                assertUnbroken(result, partition, pod, 30_000, JOIN_MS);
            }
        }
        assertEquals(0, metric(result, "downtimeByCause.rebalance") - downtimeAfterJoin(), "no rebalance downtime");
        assertNoTwoOwners(result, false);
    }

    /** The new coordinator serves the group as usual: c4's join completes as in a plain join. */
    @Test
    void loadedGroupHandlesAJoinAsUsual() {
        Series.RebalanceSpan span = firstSpanFrom(result, FAIL_MS);
        assertTrue(span.cause().contains("joined") && span.startMs() >= JOIN_MS, "the first rebalance is c4's: " + span);
        assertTrue(span.stableMs() - span.startMs() <= 2 * HEARTBEAT_MS + ASSIGNMENT_INTERVAL_MS + SLACK_MS, span.toString());
        assertEquals(1, metric(result, "rebalances"));
        assertEquals(3, ownedBy(result, "c4", 119_999).size());
    }

    /** Rebalance downtime of the partitions moved to c4 (from their release to c4's start). */
    static long downtimeAfterJoin() {
        return ConsumerProtocolScenarios.handoffs(result, JOIN_MS, 120_000).stream()
                .mapToLong(ConsumerProtocolScenarios.Handoff::gapMs).sum();
    }
}
