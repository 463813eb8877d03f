package org.rebalancesim.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.rebalancesim.scenario.ScenarioLoader;
import org.rebalancesim.scenario.Variant;

/**
 * Real Kafka Streams 4.4.0 instances against an embedded broker: two instances of a stateful topology (2
 * tasks, 5,000 changelog records each); c2 is killed at 12 s and back 2 s later with its state directory.
 * Expected from Kafka Streams: each first restoration replays its whole changelog (5,000 records from
 * offset 0); the killed instance's stores were never closed cleanly, and 4.4.0 commits their offsets into
 * RocksDB without a write-ahead log, so after the kill c2 restores from offset 0 again.
 */
@Tag("calibration")
class StreamsCalibrationRunTest {

    static final String SCENARIO = """
            name: calibration-streams-smoke
            seed: 7
            duration: 35s
            cluster:
              config:
                group.initial.rebalance.delay.ms: 1000
                offsets.topic.num.partitions: 3
            group:
              id: calibration-streams-smoke
            topics:
              - {name: input, partitions: 2, rate: 20/s}
            consumers:
              count: 2
              app: streams
              config: {session.timeout.ms: 6000, heartbeat.interval.ms: 1000, commit.interval.ms: 1000}
              processing: {constant: 1ms}
              topology:
                subtopologies: [{source: input, stateful: true, changelog: {records: 5000, recordBytes: 24}}]
                restoreRate: 10000/s
            timeline:
              - at: 12s
                crash: {consumer: c2, restartAfter: 2s}
            """;

    @Test
    void realKafkaStreamsInstancesLogTheirTasksRestorations() throws Exception {
        Variant variant = ScenarioLoader.fromText(SCENARIO, "calibration-streams-smoke.yaml").variants().get(0);
        Path out = Path.of("target", "calibration-test", "streams-smoke");
        List<MeasuredEvent> events = new RealKafkaSource().measure(variant,
                new CalibrationOptions(null, TimeScale.REAL_TIME, out, 1, 7, false));

        List<MeasuredEvent> starts = events.stream().filter(e -> e.type().equals("restoreStart")).toList();
        List<MeasuredEvent> ends = events.stream().filter(e -> e.type().equals("restoreEnd")).toList();
        assertEquals(List.of("0_0", "0_1"), starts.stream().filter(e -> e.atMs() < 12_000).map(MeasuredEvent::partition)
                .sorted().collect(Collectors.toList()), "each task restores once at the start: " + starts);
        starts.stream().filter(e -> e.atMs() < 12_000).forEach(e -> {
            assertEquals(0, e.from(), "an empty state directory restores from the changelog's start: " + e);
            assertEquals(5000, e.to(), "to the prefilled changelog's end: " + e);
        });
        List<MeasuredEvent> afterKill = starts.stream().filter(e -> e.pod().equals("c2") && e.atMs() > 14_000).toList();
        assertTrue(!afterKill.isEmpty(), "c2 restores again after the kill: " + starts);
        afterKill.forEach(e -> assertEquals(0, e.from(), "never closed cleanly: back to offset 0: " + e));
        assertTrue(ends.stream().allMatch(e -> e.records() >= 5000), "whole changelogs restored: " + ends);
        for (String pod : List.of("c1", "c2")) {
            assertTrue(events.stream().anyMatch(e -> e.pod().equals(pod) && e.type().equals("started")), pod);
            assertTrue(events.stream().anyMatch(e -> e.pod().equals(pod) && e.type().equals("processed")
                    && e.partition().startsWith("input-")), pod + " processed records");
        }
    }
}
