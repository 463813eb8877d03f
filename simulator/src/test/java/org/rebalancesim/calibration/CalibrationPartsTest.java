package org.rebalancesim.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rebalancesim.scenario.Distributions;
import org.rebalancesim.scenario.Operation;
import org.rebalancesim.scenario.ScenarioLoader;
import org.rebalancesim.scenario.TimelineEvent;
import org.rebalancesim.scenario.Variant;

/** The pieces of a calibration run that need no Kafka (these run with the default build). */
class CalibrationPartsTest {

    private static Variant variant(String yaml) throws Exception {
        return ScenarioLoader.fromText(yaml, "parts.yaml").variants().get(0);
    }

    private static final String BASE = """
            duration: 60s
            group: {id: g}
            topics: [{name: t, partitions: 4, rate: 10/s}]
            consumers:
              count: 2
              config: {session.timeout.ms: 6000, heartbeat.interval.ms: 1000, group.instance.id: app-$(POD_NAME)}
            """;

    @Test
    void processingDistributionsSurviveTheTripToTheWorker() {
        for (var distribution : List.of(new Distributions.Constant(5), new Distributions.Exponential(2.5),
                new Distributions.LogNormal(2, 40.125), new Distributions.Uniform(1000, 3000),
                new Distributions.Pareto(1, 1.5))) {
            assertEquals(distribution, ProcessingTimes.decode(ProcessingTimes.encode(distribution)));
        }
    }

    @Test
    void workerSettingsRoundTrip(@TempDir Path dir) throws Exception {
        WorkerSettings settings = new WorkerSettings("c1", 123, new TimeScale(0.5), 7, new Distributions.Constant(2),
                Map.of("t", "t-run"), List.of("t"), dir.resolve("slow.txt"), Map.of("group.id", "g", "max.poll.records", "5"));
        settings.write(dir.resolve("c1.properties"));
        WorkerSettings read = WorkerSettings.read(dir.resolve("c1.properties"));
        assertEquals(settings.pod(), read.pod());
        assertEquals(settings.scale(), read.scale());
        assertEquals(settings.processing(), read.processing());
        assertEquals(settings.topics(), read.topics());
        assertEquals(settings.subscription(), read.subscription());
        assertEquals(settings.kafka(), read.kafka());
    }

    @Test
    void consumerConfigIsScaledAndFollowsTheProtocol() throws Exception {
        Variant classic = variant(BASE);
        Map<String, String> props = ConsumerProperties.of(classic.consumers().configOf("c1"), "c1", "h:1", "g",
                new TimeScale(0.5));
        assertEquals("3000", props.get("session.timeout.ms"));
        assertEquals("500", props.get("heartbeat.interval.ms"));
        assertEquals("app-c1", props.get("group.instance.id"));
        assertEquals("false", props.get("enable.metrics.push"));
        assertTrue(props.get("partition.assignment.strategy").startsWith("org.apache.kafka.clients.consumer.RangeAssignor"));

        Variant consumer = variant(BASE.replace("group.instance.id: app-$(POD_NAME)", "group.protocol: consumer")
                .replace("session.timeout.ms: 6000, heartbeat.interval.ms: 1000, ", ""));
        Map<String, String> kip848 = ConsumerProperties.of(consumer.consumers().configOf("c1"), "c1", "h:1", "g",
                TimeScale.REAL_TIME);
        assertEquals("consumer", kip848.get("group.protocol"));
        assertFalse(kip848.containsKey("session.timeout.ms"), "the consumer protocol refuses it");
        assertFalse(kip848.containsKey("partition.assignment.strategy"));
    }

    @Test
    void brokerBoundsAreWidenedForTheScenario() throws Exception {
        Variant variant = variant(BASE + """
                cluster:
                  config:
                    group.initial.rebalance.delay.ms: 1000
                    group.consumer.heartbeat.interval.ms: 1000
                    group.consumer.min.heartbeat.interval.ms: 1000
                    group.consumer.session.timeout.ms: 10000
                    group.consumer.min.session.timeout.ms: 10000
                """);
        Map<String, String> settings = BrokerSettings.of(variant, new TimeScale(0.5));
        assertEquals("500", settings.get("group.initial.rebalance.delay.ms"));
        assertEquals("3000", settings.get("group.min.session.timeout.ms"));
        assertEquals("500", settings.get("group.consumer.heartbeat.interval.ms"));
        assertEquals("500", settings.get("group.consumer.min.heartbeat.interval.ms"));
        assertEquals("15000", settings.get("group.consumer.max.heartbeat.interval.ms"));
        assertEquals("5000", settings.get("group.consumer.session.timeout.ms"));
        assertEquals("5000", settings.get("group.consumer.min.session.timeout.ms"));
        assertEquals("uniform,range", settings.get("group.consumer.assignors"));
    }

    @Test
    void networkPartitionsAndBrokerFailuresAreRefusedUpFront() throws Exception {
        Variant variant = variant(BASE + """
                timeline:
                  - at: 5s
                    networkPartition: {consumer: c1, duration: 3s}
                  - at: 9s
                    brokerFailure: {broker: coordinator, downtime: 3s}
                  - at: 12s
                    gcPause: {consumer: c2, duration: 1s}
                """);
        List<String> problems = new RealKafkaSource().unsupported(variant);
        assertEquals(2, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("5000 ms") && problems.get(0).contains("networkPartition"));
        assertTrue(problems.get(1).contains("brokerFailure"));
        CalibrationException refused = assertThrows(CalibrationException.class, () -> CalibrationRun.checkSupported(variant));
        assertTrue(refused.getMessage().contains("cannot be calibrated"));
    }

    /** The workers subscribe to topic names: a pattern the timeline subscribes with is simulated only. */
    @Test
    void aTimelinePatternSubscriptionIsRefusedUpFront() throws Exception {
        Variant variant = variant(BASE + """
                timeline:
                  - at: 5s
                    subscribe: {consumer: all, pattern: "orders.*"}
                """);
        List<String> problems = new RealKafkaSource().unsupported(variant);
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("a pattern subscription is simulated only"), problems.get(0));
    }

    /** Calibration pods are plain JVMs: nothing would start a crashed one again as a workload's kubelet does. */
    @Test
    void aKubernetesWorkloadIsRefusedUpFront() throws Exception {
        Variant variant = variant(BASE.replace("  count: 2\n", "  count: 2\n  workload: {kind: StatefulSet}\n"));
        List<String> problems = new RealKafkaSource().unsupported(variant);
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith("consumers.workload: calibrate runs each pod as a plain JVM"), problems.get(0));
    }

    @Test
    void recurringFaultsAreDrawnUpFrontPerPodAndSeed() throws Exception {
        Variant variant = variant(BASE + """
                faults:
                  - gcPause: {consumer: all, every: {exponential: {mean: 10s}}, duration: 1s}
                """);
        List<TimelineEvent> first = CalibrationTimeline.replayed(variant, 3);
        assertEquals(first, CalibrationTimeline.replayed(variant, 3));
        assertFalse(first.isEmpty());
        for (int i = 1; i < first.size(); i++) {
            assertTrue(first.get(i - 1).atMs() <= first.get(i).atMs());
        }
        assertTrue(first.stream().allMatch(e -> e.operation() instanceof Operation.GcPause pause
                && pause.durationMs() == 1000 && e.atMs() < 60_000));
    }

    @Test
    void aSlowRecordStaysSlowForWhoeverProcessesItAgain(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("slow-records.txt");
        SlowRecordRegistry first = new SlowRecordRegistry(file);
        SlowRecordRegistry second = new SlowRecordRegistry(file);
        first.mark("t-1", 42, 15_000);
        second.refresh();
        assertEquals(15_000, second.slowMsOf("t-1", 42));
        assertEquals(0, second.slowMsOf("t-1", 43));

        SlowRecordRegistry.addPending(file, 1, "t-2", 500, false);
        first.refresh();
        second.refresh();
        assertEquals(500, first.slowMsOf("t-2", 7), "the first to process t-2 claims the pending entry");
        second.refresh();
        assertEquals(0, second.slowMsOf("t-2", 8), "claimed once only");
        assertEquals(500, second.slowMsOf("t-2", 7), "and the claimed record stays slow");
        assertTrue(Files.readString(file).contains("record t-2 7 500 1"));

        // slowness: attempt, a slow downstream: the claiming worker's attempt is slow, the record is not.
        SlowRecordRegistry.addPending(file, 2, "t-3", 700, true);
        first.refresh();
        second.refresh();
        assertEquals(700, second.slowMsOf("t-3", 4), "the first to process t-3 takes the slow attempt");
        first.refresh();
        assertEquals(0, first.slowMsOf("t-3", 4), "its next attempt, by another worker, is normal");
        assertEquals(0, second.slowMsOf("t-3", 4), "and so is its own next attempt");
        assertTrue(Files.readString(file).contains("claim 2"));
    }

    @Test
    void timeScaleBounds() {
        assertThrows(CalibrationException.class, () -> new TimeScale(0));
        assertEquals(1, new TimeScale(0.001).configMs(10));
        assertEquals(20_000, new TimeScale(0.5).scenarioMs(10_000));
    }
}
