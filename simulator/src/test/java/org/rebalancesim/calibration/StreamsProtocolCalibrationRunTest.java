package org.rebalancesim.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.rebalancesim.scenario.ScenarioLoader;
import org.rebalancesim.scenario.Variant;

/**
 * Real Kafka Streams 4.4.0 instances on a KIP-1071 streams group (group.protocol=streams) against an embedded
 * broker: two stateless instances, 2 tasks; c2 is closed at 12 s (DEFAULT CloseOptions) and back 6 s later,
 * more than a heartbeat interval (5 s), so c1 hears of the new target before c2 is back.
 * Expected from Kafka 4.4.0 (docs/kafka-semantics.md §19, §27): the broker's group.streams.* settings apply;
 * each member's epoch comes from the coordinator with its member id; c2's dynamic close leaves the group
 * (epoch -1, the coordinator's "left the streams group"), so c1 runs c2's task before c2 is back, and the
 * restarted c2, a new member, gets a task again.
 */
@Tag("calibration")
class StreamsProtocolCalibrationRunTest {

    static final String SCENARIO = """
            name: calibration-streams-protocol-smoke
            seed: 7
            duration: 35s
            cluster:
              config:
                offsets.topic.num.partitions: 3
            group:
              id: calibration-streams-protocol-smoke
            topics:
              - {name: input, partitions: 2, rate: 20/s}
            consumers:
              count: 2
              app: streams
              config: {group.protocol: streams, commit.interval.ms: 1000}
              processing: {constant: 1ms}
              topology:
                subtopologies: [{source: input}]
            timeline:
              - at: 12s
                restart: {consumer: c2, downtime: 6s}
            """;

    @Test
    void realKafkaStreamsInstancesOnAStreamsGroupLogTheirTasksAndEpochs() throws Exception {
        Variant variant = ScenarioLoader.fromText(SCENARIO, "calibration-streams-protocol-smoke.yaml").variants()
                .get(0);
        assertTrue(new RealKafkaSource().unsupported(variant).isEmpty(), "a streams-protocol variant is calibrated");
        Path out = Path.of("target", "calibration-test", "streams-protocol-smoke");
        List<MeasuredEvent> events = new RealKafkaSource().measure(variant,
                new CalibrationOptions(null, TimeScale.REAL_TIME, out, 1, 7, false));

        for (String pod : List.of("c1", "c2")) {
            assertTrue(events.stream().anyMatch(e -> e.pod().equals(pod) && e.type().equals("started")), pod);
            assertTrue(events.stream().anyMatch(e -> e.pod().equals(pod) && e.type().equals("epoch")
                    && e.generation() > 0 && e.memberId() != null), pod + "'s member epoch, from the coordinator");
            assertTrue(events.stream().anyMatch(e -> e.pod().equals(pod) && e.type().equals("processed")
                    && e.partition().startsWith("input-")), pod + " processed records");
        }
        assertTrue(events.stream().anyMatch(e -> e.type().equals(CoordinatorLog.EPOCH_BUMPED)), "streams epoch bumps");
        assertTrue(events.stream().anyMatch(e -> e.pod().equals("c2") && e.type().equals(CoordinatorLog.LEFT)
                && e.atMs() >= 12_000), "c2's DEFAULT close leaves the streams group: " + events);
        assertFalse(events.stream().anyMatch(e -> e.type().equals(CoordinatorLog.REMOVED)), "nobody is fenced");
        List<MeasuredEvent> assigned = events.stream().filter(e -> e.type().equals("assigned")).toList();
        assertTrue(assigned.stream().allMatch(e -> e.generation() > 0), "each task start has its member's epoch: "
                + assigned);
        Set<String> c1AfterClose = new TreeSet<>();
        assigned.stream().filter(e -> e.pod().equals("c1") && e.atMs() > 12_000).forEach(e -> c1AfterClose.addAll(
                e.partitions()));
        assertEquals(1, c1AfterClose.size(),
                "c1 takes over c2's task when c2 leaves: " + assigned);
        assertTrue(assigned.stream().anyMatch(e -> e.pod().equals("c2") && e.atMs() > 18_000),
                "the restarted c2 gets a task again: " + assigned);
    }
}
