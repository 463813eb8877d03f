package org.rebalancesim.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rebalancesim.events.MemberState;
import org.rebalancesim.events.RebalanceTrigger;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * result.json stays bounded whatever the run's length and the group's size: of each list that grows it keeps
 * the first and the last entries and counts them all; the whole story is in the side file it names.
 */
class JsonReportSizeTest {

    /** The documented bound (docs/metrics.md, "Result files"): 300 KB per variant. */
    private static final int MAX_BYTES_PER_VARIANT = 300 * 1024;

    /** A day of a 1,000-pod group: far more of everything than result.json keeps. */
    private static VariantResult longRun(int pods, int entries) {
        Map<String, Map<String, Number>> members = new LinkedHashMap<>();
        for (int p = 0; p < pods; p++) {
            Map<String, Number> metrics = new LinkedHashMap<>();
            metrics.put("rebalance-total", p);
            metrics.put("rebalance-latency-max", 1_000.5);
            members.put("consumer-" + p, metrics);
        }
        List<Series.StateInterval> states = new ArrayList<>();
        List<Series.OwnershipInterval> ownership = new ArrayList<>();
        List<Series.RebalanceSpan> rebalances = new ArrayList<>();
        List<Series.StoryEvent> events = new ArrayList<>();
        for (int i = 0; i < entries; i++) {
            String pod = "consumer-" + (i % pods);
            states.add(new Series.StateInterval(pod, MemberState.CONSUMING, i * 1_000L, i * 1_000L + 900));
            ownership.add(new Series.OwnershipInterval("events-" + (i % 10_000), pod, i * 1_000L, i * 1_000L + 900));
            rebalances.add(new Series.RebalanceSpan(i + 1, i * 1_000L, i * 1_000L + 500, pod + " left", 10,
                    RebalanceTrigger.MEMBER_LEFT, pod, false));
            StoryKind kind = i % 3 == 0 ? StoryKind.GC_PAUSE : StoryKind.STARTED;
            events.add(new Series.StoryEvent(i * 1_000L, pod, "paused by GC for 1.2 s", kind, pod, 1_200, -1, null));
        }
        List<Series.LagSample> lag = new ArrayList<>();
        for (int i = 0; i <= 2_000; i++) {
            lag.add(new Series.LagSample(i * 43_200L, 1_000_000L + i));
        }
        Series series = new Series(states, ownership, lag, rebalances, events);
        return new VariantResult("long", "classic/eager (range)", Map.of("rebalances", entries), members, List.of(),
                series, 123_456_789L);
    }

    @Test
    void aLongRunOfALargeGroupStaysUnderTheBound() throws IOException {
        int pods = 1_000;
        int entries = 50_000;
        String json = JsonReport.render(new RunResult("long", "long.yaml", 1, "0.1.0", "abc",
                List.of(longRun(pods, entries), longRun(pods, entries))));
        int bytes = json.getBytes(StandardCharsets.UTF_8).length;
        assertTrue(bytes < 2 * MAX_BYTES_PER_VARIANT, bytes + " bytes for two variants");

        JsonNode root = JsonText.MAPPER.readTree(json);
        assertEquals(StoryFile.NAME, root.get("story").asText());
        JsonNode variant = root.get("variants").get(0);
        assertEquals(pods, variant.get("memberCount").asInt());
        assertEquals(JsonReport.MAX_ENTRIES, variant.get("members").size());
        assertTrue(variant.get("members").has("consumer-0") && variant.get("members").has("consumer-999"),
                "the first and the last pods");
        JsonNode series = variant.get("series");
        for (String list : List.of("rebalances", "memberStates", "ownership", "events")) {
            assertEquals(entries, series.get("counts").get(list).asInt(), list);
            assertEquals(JsonReport.MAX_ENTRIES, series.get(list).size(), list);
        }
        // One event in three is a GC pause: indices 0, 3, ..., 49,998.
        assertEquals((entries + 2) / 3, series.get("eventsByKind").get("GC_PAUSE").asInt());
        assertEquals(entries - (entries + 2) / 3, series.get("eventsByKind").get("STARTED").asInt());
        JsonNode rebalances = series.get("rebalances");
        assertEquals(1, rebalances.get(0).get("generation").asInt(), "the first rebalance");
        assertEquals(entries, rebalances.get(JsonReport.MAX_ENTRIES - 1).get("generation").asInt(), "the last one");
        assertEquals(2_001, series.get("lag").size(), "the lag has its fixed number of samples");
    }

    @Test
    void aShortRunIsWhole() throws IOException {
        JsonNode variant = JsonText.MAPPER.readTree(JsonReport.render(new RunResult("short", "short.yaml", 1, "0.1.0",
                "abc", List.of(longRun(4, 30))))).get("variants").get(0);
        assertEquals(4, variant.get("members").size());
        for (String list : List.of("rebalances", "memberStates", "ownership", "events")) {
            assertEquals(30, variant.get("series").get(list).size(), list);
            assertEquals(30, variant.get("series").get("counts").get(list).asInt(), list);
        }
    }
}
