package org.rebalancesim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;
import static org.rebalancesim.run.SimRuns.spans;
import static org.rebalancesim.run.SimRuns.story;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * Coordinator failover (docs/kafka-semantics.md §11): when the broker leading the group's
 * __consumer_offsets partition fails, the controller notices after broker.session.timeout.ms (default
 * 9000) and elects another replica, which loads the group from its last persisted state. A classic
 * group loads as Stable at its generation, every member's session timer starts fresh, and loading
 * causes no rebalance. Clients mark the coordinator unknown, rediscover it (FindCoordinator, retried
 * with backoff ≤ 1 s) and heartbeat again well within their 10 s session.
 */
class CoordinatorFailoverRunTest {

    static final String SCENARIO = """
            duration: 120s
            measure: {from: 30s}
            cluster: {brokers: 3}
            group: {id: failover-demo}
            topics: [{name: t, partitions: 6, rate: 60/s}]
            consumers:
              count: 3
              config: {session.timeout.ms: 10000, heartbeat.interval.ms: 3000}
              processing: {constant: 1ms}
              startup: {jvmStart: 2s}
            timeline:
              - at: 60s
                brokerFailure: {broker: coordinator, downtime: 30s}
            """;

    static final Pattern BROKER = Pattern.compile("broker-(\\d+)");

    @Test
    void stableGroupIsReloadedElsewhereAfterBrokerSessionTimeoutWithoutRebalance() {
        VariantResult result = run(SCENARIO, "coordinator-failover");

        List<Series.StoryEvent> failures = result.series().events().stream()
                .filter(e -> e.subject().startsWith("broker-") && e.what().contains("fails")).toList();
        assertEquals(1, failures.size(), "one broker failure: " + failures);
        assertEquals(60_000, failures.get(0).atMs());
        String failed = failures.get(0).subject();

        List<Series.StoryEvent> loads = story(result, "group", "loaded on broker-");
        assertEquals(1, loads.size(), "the group is loaded once: " + loads);
        Series.StoryEvent load = loads.get(0);
        assertEquals(60_000 + 9_000, load.atMs(), "loaded after broker.session.timeout.ms");
        Matcher broker = BROKER.matcher(load.what());
        assertTrue(broker.find());
        assertNotEquals(failed, broker.group(0), "loaded on another broker");
        assertTrue(load.what().contains("STABLE"), "a Stable group loads as Stable: " + load.what());

        assertEquals(0, metric(result, "rebalances"));
        assertEquals(0, metric(result, "evictions"));
        assertEquals(0, spans(result).stream().filter(s -> s.startMs() >= 60_000).count(), "spans " + spans(result));
    }

    /**
     * Fetching does not go through the coordinator: ClassicKafkaConsumer#poll ignores the result of
     * updateAssignmentMetadataIfNeeded (ConsumerCoordinator#poll waits for the coordinator at most
     * the poll() timeout, then returns false) and goes on to pollForFetches. So members keep processing
     * their partitions while the group has no coordinator: the lag stays at the level of a second or
     * two of production (≤ 120 records at 60/s), it does not grow with the 9 s outage (~540 records).
     */
    @Test
    void membersKeepProcessingWhileTheCoordinatorIsUnavailable() {
        VariantResult result = run(SCENARIO, "coordinator-failover-lag");

        long maxLagDuringOutage = result.series().lag().stream()
                .filter(l -> l.atMs() >= 60_000 && l.atMs() <= 70_000)
                .mapToLong(Series.LagSample::lag).max().orElseThrow();
        assertTrue(maxLagDuringOutage <= 120, "lag rose to " + maxLagDuringOutage + " during the failover");
    }
}
