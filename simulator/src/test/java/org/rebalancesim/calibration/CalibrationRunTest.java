package org.rebalancesim.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.rebalancesim.scenario.ScenarioLoader;
import org.rebalancesim.scenario.Variant;

/**
 * A short scenario against an embedded broker and real consumers: three classic (eager, range)
 * members on six partitions; c1 pauses for 3 s (under its 6 s session timeout: it stays), c2 is
 * killed and comes back 10 s later (after its session expired: its partitions move, then move back).
 */
@Tag("calibration")
class CalibrationRunTest {

    static final String SCENARIO = """
            name: calibration-smoke
            seed: 7
            duration: 30s
            cluster:
              config:
                group.initial.rebalance.delay.ms: 1000
                offsets.topic.num.partitions: 3
            group:
              id: calibration-smoke
            topics:
              - name: input
                partitions: 6
                rate: 60/s
            consumers:
              count: 3
              config:
                partition.assignment.strategy: range
                session.timeout.ms: 6000
                heartbeat.interval.ms: 1000
                max.poll.interval.ms: 30000
                max.poll.records: 100
                enable.auto.commit: false
              processing: {constant: 2ms}
            timeline:
              - at: 10s
                gcPause: {consumer: c1, duration: 3s}
              - at: 14s
                crash: {consumer: c2, restartAfter: 10s}
            """;

    @Test
    void replaysPauseAndCrashAgainstRealKafka() throws Exception {
        Variant variant = ScenarioLoader.fromText(SCENARIO, "calibration-smoke.yaml").variants().get(0);
        Path out = Path.of("target", "calibration-test", "smoke");
        long started = System.nanoTime();
        List<MeasuredEvent> events = new RealKafkaSource().measure(variant,
                new CalibrationOptions(null, TimeScale.REAL_TIME, out, 1, 7, false));
        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        System.out.println("calibration run (broker start included) took " + tookMs + " ms");
        assertTrue(tookMs < 90_000, "30 s of scenario, a broker start and the pods' close: " + tookMs + " ms");
        Files.readAllLines(out.resolve("notes.txt")).forEach(note -> System.out.println("note: " + note));
        assertEquals(events, EventLog.read(out.resolve("events.jsonl")));
        for (int i = 1; i < events.size(); i++) {
            assertTrue(events.get(i - 1).atMs() <= events.get(i).atMs(), "sorted by time");
        }

        for (String pod : List.of("c1", "c2", "c3")) {
            assertTrue(has(events, pod, "podStart"), pod + " podStart");
            assertTrue(has(events, pod, "started"), pod + " started");
            assertTrue(events.stream().anyMatch(e -> e.pod().equals(pod) && e.type().equals("assigned")
                    && e.generation() > 0 && !e.partitions().isEmpty()), pod + " got partitions with a generation");
            assertTrue(events.stream().anyMatch(e -> e.pod().equals(pod) && e.type().equals("processed")
                    && e.partition().startsWith("input-") && e.to() > e.from()), pod + " processed a range");
        }
        assertEquals(2, events.stream().filter(e -> e.pod().equals("c2") && e.type().equals("podStart")).count(),
                "c2 restarted");
        assertTrue(events.stream().anyMatch(e -> e.type().equals("committed")), "commits");
        assertTrue(events.stream().anyMatch(e -> e.type().equals("produced") && e.to() > 0), "produced");
        assertFalse(events.stream().anyMatch(e -> e.type().equals("fatal")), "no consumer failed");

        MeasuredEvent paused = first(events, "c1", "paused");
        MeasuredEvent resumed = first(events, "c1", "resumed");
        assertTrue(Math.abs(paused.atMs() - 10_000) < 1_000, "paused at 10 s: " + paused);
        long pauseMs = resumed.atMs() - paused.atMs();
        assertTrue(events.stream().noneMatch(e -> e.pod().equals("c1") && e.atMs() > paused.atMs()
                && e.atMs() < resumed.atMs() && !e.type().equals("paused")), "c1 logged nothing while stopped");
        assertTrue(pauseMs >= 2_900 && pauseMs < 4_000, "paused for 3 s: " + pauseMs);

        MeasuredEvent killed = first(events, "c2", "killed");
        Set<String> ownedWhenKilled = lastAssignment(events, "c2", killed.atMs());
        assertFalse(ownedWhenKilled.isEmpty(), "c2 owned partitions when killed");
        Set<String> takenOver = events.stream()
                .filter(e -> e.atMs() > killed.atMs() && e.type().equals("assigned") && !e.pod().equals("c2"))
                .flatMap(e -> e.partitions().stream()).collect(Collectors.toCollection(TreeSet::new));
        assertTrue(takenOver.containsAll(ownedWhenKilled),
                "c2's partitions " + ownedWhenKilled + " went to others: " + takenOver);
        assertTrue(Files.size(out.resolve("events.jsonl")) > 0);
    }

    private static boolean has(List<MeasuredEvent> events, String pod, String type) {
        return events.stream().anyMatch(e -> e.pod().equals(pod) && e.type().equals(type));
    }

    private static MeasuredEvent first(List<MeasuredEvent> events, String pod, String type) {
        return events.stream().filter(e -> e.pod().equals(pod) && e.type().equals(type)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + type + " of " + pod));
    }

    private static Set<String> lastAssignment(List<MeasuredEvent> events, String pod, long beforeMs) {
        Set<String> owned = new TreeSet<>();
        for (MeasuredEvent e : events) {
            if (e.atMs() > beforeMs || !e.pod().equals(pod)) {
                continue;
            }
            if (e.type().equals("assigned")) {
                owned.addAll(e.partitions());
            } else if (e.type().equals("revoked") || e.type().equals("lost")) {
                owned.removeAll(e.partitions());
            }
        }
        return owned;
    }
}
