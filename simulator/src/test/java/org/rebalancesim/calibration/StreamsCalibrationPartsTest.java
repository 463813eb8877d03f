package org.rebalancesim.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.CloseOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rebalancesim.scenario.Distributions;
import org.rebalancesim.scenario.StreamsApp;
import org.rebalancesim.scenario.TopologySpec;
import org.rebalancesim.scenario.Variant;

/** The pieces of a Kafka Streams calibration run, each against what Kafka Streams 4.4.0 does. */
class StreamsCalibrationPartsTest {

    private static final String APP = """
            name: s
            duration: 30s
            group: {id: g}
            topics: [{name: clicks, partitions: 4, rate: 10/s}, {name: views, partitions: 4, rate: 10/s}]
            consumers:
              count: 2
              app: streams
              config:
                session.timeout.ms: 10000
                heartbeat.interval.ms: 1000
                commit.interval.ms: 2000
                probing.rebalance.interval.ms: 60s
                num.standby.replicas: 1
                group.instance.id: app-$(POD_NAME)
              closeOptions: {groupMembershipOperation: LEAVE_GROUP}
              topology:
                subtopologies:
                  - {source: clicks}
                  - {source: views, stateful: true, changelog: {records: 500, perRecord: 2}}
                restoreRate: 2000/s
            """;

    @Test
    void theWorkerGetsTheTopologyRateAndCloseOptions(@TempDir Path dir) throws Exception {
        Variant variant = SyntheticEvents.variant(APP);
        StreamsWorkerSettings settings = StreamsWorkerSettings.of(variant.consumers().streams());
        Path file = dir.resolve("c1.properties");
        new WorkerSettings("c1", 1, TimeScale.REAL_TIME, 7, new Distributions.Constant(1),
                Map.of(), List.of(), dir.resolve("slow"), Map.of("application.id", "g")).write(file);
        settings.appendTo(file);
        assertEquals(settings, StreamsWorkerSettings.read(file));
        assertEquals(Map.of("application.id", "g"), WorkerSettings.read(file).kafka(), "the worker settings survive");
        assertEquals(variant.consumers().streams().topology().subtopologies(), settings.subtopologies());
        TopologySpec.Subtopology views = settings.subtopologies().get(1);
        assertEquals(List.of("views"), views.sourceTopics());
        assertEquals(true, views.stateful());
        assertEquals(2, views.changelogPerRecord());
        assertEquals(2000, settings.restoreRecordsPerSec());
        assertEquals(StreamsApp.CloseOperation.LEAVE_GROUP, settings.closeOperation());
        assertEquals(CloseOptions.GroupMembershipOperation.LEAVE_GROUP, settings.groupMembershipOperation(false));
        StreamsWorkerSettings remain = new StreamsWorkerSettings(settings.subtopologies(), 0,
                StreamsApp.CloseOperation.REMAIN_IN_GROUP);
        // The classic protocol sends no LeaveGroup either way: it keeps closing with DEFAULT there.
        assertEquals(CloseOptions.GroupMembershipOperation.DEFAULT, remain.groupMembershipOperation(false));
        assertEquals(CloseOptions.GroupMembershipOperation.REMAIN_IN_GROUP, remain.groupMembershipOperation(true));
        // Sub-topology 1's store and its changelog, as Kafka Streams names them.
        assertEquals("g-store-1-changelog", StreamsChangelogs.name("g", 1));
        assertEquals(List.of("g-store-1-changelog"), StreamsChangelogs.names(variant, "g"));
        assertEquals(1, StreamsWorkerSettings.subtopologyOfStore(StreamsWorkerSettings.storeName(1)));
    }

    @Test
    void streamsConfigIsScaledButProbingStaysAtItsMinimum() {
        Variant variant = SyntheticEvents.variant(APP);
        Map<String, String> props = StreamsProperties.of(variant.consumers().configOf("c1"),
                variant.consumers().streams(), "c1", "h:1", "g", Path.of("/state/c1"), new TimeScale(0.5));
        assertEquals("g", props.get("application.id"));
        assertEquals("c1", props.get("client.id"));
        assertEquals("/state/c1", props.get("state.dir"));
        assertEquals("5000", props.get("session.timeout.ms"));
        assertEquals("1000", props.get("commit.interval.ms"));
        assertEquals("1", props.get("num.standby.replicas"));
        // StreamsConfig refuses probing.rebalance.interval.ms below 60 s, scaled or not.
        assertEquals("60000", props.get("probing.rebalance.interval.ms"));
        assertEquals("app-c1", props.get("group.instance.id"));
        // Streams sets its own assignor and commits itself: these consumer settings are not passed.
        assertFalse(props.containsKey("partition.assignment.strategy"));
        assertFalse(props.containsKey("enable.auto.commit"));
        assertFalse(props.containsKey("group.id"));
        assertEquals("false", props.get("producer.enable.metrics.push"));
    }

    /**
     * A stream thread's consumer is named after its instance: client id "c1-StreamThread-1-consumer",
     * static instance id "app-c1-1" (StreamThread, StreamsConfig#getMainConsumerConfigs in 4.4.0).
     */
    @Test
    void theCoordinatorsNamesOfAStreamThreadLeadToItsPod() {
        Map<String, String> names = CoordinatorLog.podsByName(SyntheticEvents.variant(APP), Map.of());
        assertEquals("c1", names.get("app-c1-1"));
        assertEquals("c2", names.get("c2-StreamThread-1-consumer"));
        List<MeasuredEvent> events = CoordinatorLog.parse(List.of(
                "2026-12-01T15:20:11.764Z" + CoordinatorLogTest.PREFIX + "Member c2-StreamThread-1-consumer-"
                        + "37b5ae78-6bcb-4013-a869-93f3b0080eaf in group g has failed, removing it from the group."),
                "g", names, CoordinatorLogTest.CLOCK);
        assertEquals("c2", events.get(0).pod());
        assertEquals(CoordinatorLog.REMOVED, events.get(0).type());
    }
}
