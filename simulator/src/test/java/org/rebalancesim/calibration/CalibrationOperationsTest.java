package org.rebalancesim.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.rebalancesim.scenario.ScenarioLoader;
import org.rebalancesim.scenario.Variant;

/**
 * The other operations, under the consumer protocol (KIP-848) and at half speed: a slow record,
 * added partitions, a graceful restart, a graceful stop and a scale-up.
 */
@Tag("calibration")
class CalibrationOperationsTest {

    static final String SCENARIO = """
            name: calibration-operations
            seed: 3
            duration: 24s
            cluster:
              config:
                offsets.topic.num.partitions: 3
                group.consumer.heartbeat.interval.ms: 1000
                group.consumer.min.heartbeat.interval.ms: 1000
                group.consumer.session.timeout.ms: 10000
                group.consumer.min.session.timeout.ms: 10000
            group:
              id: calibration-operations
            topics:
              - name: input
                partitions: 4
                rate: 40/s
            consumers:
              count: 2
              names: [c1, c2]
              config:
                group.protocol: consumer
              processing: {exponential: {mean: 5ms}}
            timeline:
              - at: 6s
                slowRecord: {consumer: c1, duration: 2s}
              - at: 8s
                addPartitions: {topic: input, count: 6}
              - at: 10s
                restart: {consumer: c2, downtime: 2s}
              - at: 14s
                stop: {consumer: c1}
              - at: 15s
                start: {consumers: [c3]}
            """;

    @Test
    void replaysTheOtherOperationsAtHalfSpeed() throws Exception {
        Variant variant = ScenarioLoader.fromText(SCENARIO.replace("  count: 2\n", ""), "calibration-operations.yaml")
                .variants().get(0);
        Path out = Path.of("target", "calibration-test", "operations");
        long started = System.nanoTime();
        List<MeasuredEvent> events = new RealKafkaSource().measure(variant,
                new CalibrationOptions(null, new TimeScale(0.5), out, 1, 3, false));
        System.out.println("half-speed run of 24 s (broker start included) took "
                + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started) + " ms");
        Files.readAllLines(out.resolve("notes.txt")).forEach(note -> System.out.println("note: " + note));

        assertFalse(events.stream().anyMatch(e -> e.type().equals("fatal")), "no consumer failed");
        assertTrue(events.stream().anyMatch(e -> e.pod().equals("c1") && e.type().equals("slowRecord")));
        assertTrue(Files.readString(out.resolve("slow-records.txt")).startsWith("record input-"),
                "c1 marked the record it was slowed by");
        assertTrue(events.stream().anyMatch(e -> e.type().equals("partitionsAdded")
                && e.partitions().equals(List.of("input-4", "input-5"))));
        assertTrue(events.stream().anyMatch(e -> e.type().equals("assigned") && e.partitions().contains("input-5")
                && e.generation() > 0), "the new partitions were assigned (member epochs are generations)");
        assertTrue(events.stream().anyMatch(e -> e.type().equals("produced") && e.partition().equals("input-5")));
        assertEquals(2, events.stream().filter(e -> e.pod().equals("c2") && e.type().equals("podStart")).count());
        assertTrue(events.stream().anyMatch(e -> e.pod().equals("c2") && e.type().equals("stopRequested")));
        assertTrue(events.stream().anyMatch(e -> e.pod().equals("c2") && e.type().equals("closed")
                && e.atMs() < 14_000), "c2's first JVM closed gracefully");
        assertTrue(events.stream().anyMatch(e -> e.pod().equals("c1") && e.type().equals("closed")
                && e.atMs() > 14_000), "c1 closed when stopped");
        assertTrue(events.stream().anyMatch(e -> e.pod().equals("c3") && e.type().equals("assigned")
                && !e.partitions().isEmpty()), "c3 joined");
        long c1Podstarts = events.stream().filter(e -> e.pod().equals("c1") && e.type().equals("podStart")).count();
        assertEquals(1, c1Podstarts);
    }
}
