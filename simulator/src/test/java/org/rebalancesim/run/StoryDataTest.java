package org.rebalancesim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.firstSpanFrom;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.RebalanceTrigger;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.report.JsonReport;

/**
 * The run's story carries data next to its words: what each event is, which pod it concerns (member ids
 * resolved to pods, KIP-848's bare UUIDs included), the durations of faults, and each rebalance's trigger.
 * result.json only gains fields.
 */
class StoryDataTest {

    static final String SCENARIO = """
            duration: 90s
            group: {id: story-data}
            topics: [{name: t, partitions: 4, rate: 40/s}]
            consumers:
              count: 2
              config: {session.timeout.ms: 10000, heartbeat.interval.ms: 3000}
              processing: {constant: 1ms}
              startup: {jvmStart: 1s}
            timeline:
              - at: 30s
                gcPause: {consumer: c2, duration: 15s}
              - at: 60s
                stop: {consumer: c1}
            variants:
              - name: classic
              - name: consumer
                consumers: {config: {group.protocol: consumer}}
            """;

    static RunResult run() {
        return SimRuns.runAll(SCENARIO, "story-data");
    }

    @Test
    void faultsAndRebalancesAreData() {
        RunResult result = run();
        VariantResult classic = SimRuns.variant(result, "classic");
        Series.StoryEvent pause = classic.series().events().stream().filter(e -> e.kind() == StoryKind.GC_PAUSE)
                .findFirst().orElseThrow();
        assertEquals(List.of(30_000L, 15_000L, "c2"), List.of(pause.atMs(), pause.durationMs(), pause.pod()));

        // 15 s > 10 s: c2 is evicted, and the span that follows knows it was c2's session.
        Series.RebalanceSpan eviction = firstSpanFrom(classic, 30_000);
        assertEquals(RebalanceTrigger.SESSION_TIMEOUT, eviction.trigger());
        assertEquals("c2", eviction.pod());
        Series.StoryEvent removed = classic.series().events().stream()
                .filter(e -> e.kind() == StoryKind.MEMBER_REMOVED).findFirst().orElseThrow();
        assertEquals(List.of("c2", "SESSION_TIMEOUT"), List.of(removed.pod(), removed.detail()));

        Series.RebalanceSpan leave = firstSpanFrom(classic, 60_000);
        assertEquals(RebalanceTrigger.MEMBER_LEFT, leave.trigger());
        assertEquals("c1", leave.pod());
        assertTrue(SimRuns.spans(classic).get(0).fromEmpty(), "the start-up rebalance began in an empty group");
    }

    @Test
    void consumerProtocolEpochBumpsNameTheirPod() {
        VariantResult consumer = SimRuns.variant(run(), "consumer");
        List<Series.StoryEvent> bumps = consumer.series().events().stream()
                .filter(e -> e.kind() == StoryKind.GROUP_EPOCH).toList();
        assertTrue(bumps.size() >= 3, bumps.toString());
        bumps.forEach(bump -> assertTrue(List.of("c1", "c2").contains(bump.pod()), "pod of " + bump));
        Series.StoryEvent leave = bumps.stream().filter(b -> b.atMs() >= 60_000).findFirst().orElseThrow();
        assertEquals(List.of("c1", "MEMBER_LEFT"), List.of(leave.pod(), leave.detail()));
    }

    @Test
    void resultJsonKeepsItsFieldsAndGainsTheData() throws Exception {
        JsonNode series = new ObjectMapper().readTree(JsonReport.render(run())).get("variants").get(0).get("series");
        JsonNode pause = StreamSupport.stream(series.get("events").spliterator(), false)
                .filter(e -> e.get("kind").asText().equals("GC_PAUSE")).findFirst().orElseThrow();
        assertEquals("{\"atMs\":30000,\"subject\":\"c2\",\"what\":\"GC pause of 15000 ms\",\"kind\":\"GC_PAUSE\","
                + "\"pod\":\"c2\",\"durationMs\":15000}", pause.toString());
        JsonNode eviction = series.get("rebalances").get(1);
        List<String> fields = new ArrayList<>();
        eviction.fieldNames().forEachRemaining(fields::add);
        assertEquals(List.of("generation", "startMs", "stableMs", "cause", "partitionsMoved", "trigger", "pod", "fromEmpty"),
                fields);
        assertEquals("SESSION_TIMEOUT", eviction.get("trigger").asText());
    }
}
