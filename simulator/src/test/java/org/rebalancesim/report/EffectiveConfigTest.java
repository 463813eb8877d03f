package org.rebalancesim.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rebalancesim.scenario.ScenarioException;
import org.rebalancesim.scenario.ScenarioLoader;
import org.rebalancesim.scenario.Variant;

/** Every setting a variant runs with, under its Kafka name or scenario path, and the diff of two of them. */
class EffectiveConfigTest {

    private static final String MINIMAL = """
            duration: 10m
            group: {id: demo}
            topics: [{name: orders, partitions: 6, rate: 3000/m}]
            consumers: {count: 3}
            """;

    private static Variant variant(String yaml, int index) {
        try {
            return ScenarioLoader.fromText(yaml, "test.yaml").variants().get(index);
        } catch (ScenarioException e) {
            throw new AssertionError(e.problems().toString(), e);
        }
    }

    private static Map<String, String> config(String yaml) {
        return EffectiveConfig.of(variant(yaml, 0)).asMap();
    }

    @Test
    void kafkaDefaultsAreIncludedUnderTheirKafkaNames() {
        Map<String, String> config = config(MINIMAL);
        // The defaults docs/scenario-format.md documents for Kafka 4.x.
        assertEquals("45000", config.get("session.timeout.ms"));
        assertEquals("3000", config.get("heartbeat.interval.ms"));
        assertEquals("300000", config.get("max.poll.interval.ms"));
        assertEquals("500", config.get("max.poll.records"));
        assertEquals("3000", config.get("group.initial.rebalance.delay.ms"));
        assertEquals("classic", config.get("group.protocol"));
        assertEquals("range, cooperative-sticky", config.get("partition.assignment.strategy"));
        assertEquals(EffectiveConfig.NOT_SET, config.get("group.instance.id"));
        assertEquals("demo", config.get("group.id"));
    }

    @Test
    void theSimulatorsOwnSettingsAreKeyedByTheirPathInTheFile() {
        Map<String, String> config = config(MINIMAL);
        assertEquals("6", config.get("topics.orders.partitions"));
        assertEquals("50/s", config.get("topics.orders.rate"));
        assertEquals("3", config.get("consumers.count"));
        assertEquals("c1, c2, c3", config.get("consumers.names"));
        assertEquals("orders", config.get("consumers.subscribe"));
        assertEquals("10m", config.get("duration"));
        assertEquals("0ms", config.get("measure.from"));
        assertEquals("10m", config.get("measure.to"));
        assertEquals("3", config.get("cluster.brokers"));
        List<String> keys = List.copyOf(config.keySet());
        assertEquals("group.id", keys.get(0), "consumer configs come first");
        assertTrue(keys.indexOf("max.poll.records") < keys.indexOf("group.initial.rebalance.delay.ms"));
        assertFalse(config.containsKey("consumers.heartbeatLateness"), "left at 0 (on time), it is not listed");
    }

    @Test
    void aHeartbeatLatenessIsListedAsWritten() {
        Map<String, String> config = config(MINIMAL.replace("consumers: {count: 3}",
                "consumers: {count: 3, heartbeatLateness: 2ms}"));
        assertEquals("2ms", config.get("consumers.heartbeatLateness"));
    }

    @Test
    void timelineFaultsAndPodOverridesReadAsInTheFile() {
        Map<String, String> config = config("""
                duration: 10m
                group: {id: demo}
                topics: [{name: orders, partitions: 6, rate: 50/s}]
                consumers:
                  count: 3
                  overrides: {c3: {group.instance.id: pod-$(POD_NAME)}}
                timeline:
                  - at: 1m
                    crash: {consumer: c2}
                  - at: 90s
                    slowRecord: {partition: orders-3, duration: 15m}
                  - at: 2m
                    brokerFailure: {broker: coordinator, downtime: 30s}
                faults:
                  - gcPause: {consumer: all, every: {exponential: {mean: 10m}}, duration: 2s}
                """);
        assertEquals("at 1m: crash {consumer: c2}", config.get("timeline[0]"));
        assertEquals("at 90s: slowRecord {partition: orders-3, duration: 15m}", config.get("timeline[1]"));
        assertEquals("at 2m: brokerFailure {broker: coordinator, downtime: 30s}", config.get("timeline[2]"));
        assertEquals("gcPause {consumer: all, every: exponential(mean 600000ms), duration: constant(2000ms)}",
                config.get("faults[0]"));
        assertEquals("pod-$(POD_NAME)", config.get("consumers.overrides.c3.group.instance.id"));
        assertFalse(config.containsKey("consumers.overrides.c3.session.timeout.ms"), "only what the pod changes");
    }

    @Test
    void theDiffShowsChangedAddedAndRemovedSettingsOneLineEach() {
        String yaml = MINIMAL + """
                variants:
                  - name: a
                    consumers: {config: {session.timeout.ms: 10000}}
                  - name: b
                    topics: [{name: orders, partitions: 6, rate: 3000/m}, {name: audit, partitions: 2}]
                    consumers: {config: {group.instance.id: pod-$(POD_NAME)}}
                """;
        EffectiveConfig a = EffectiveConfig.of(variant(yaml, 0));
        EffectiveConfig b = EffectiveConfig.of(variant(yaml, 1));
        assertEquals(List.of("session.timeout.ms: 10000 → 45000", "group.instance.id: (not set) → pod-$(POD_NAME)",
                "topics.audit.partitions: (not set) → 2", "topics.audit.rate: (not set) → 0/s",
                "consumers.subscribe: orders → orders, audit"), ConfigDiff.lines(a, b));
        assertEquals(List.of(), ConfigDiff.lines(a, a));
        assertEquals(List.of("x: 1 → (not set)", "y: (not set) → 2"),
                ConfigDiff.lines(Map.of("x", "1"), Map.of("y", "2")));
    }
}
