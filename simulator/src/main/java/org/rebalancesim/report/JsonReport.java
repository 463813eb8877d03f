package org.rebalancesim.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.rebalancesim.events.StoryKind;
import org.rebalancesim.metrics.ExpectationResult;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * result.json: the run as data (docs/metrics.md, "Result files"). Keys come in a fixed order and numbers
 * print the same everywhere, so the same scenario and seed give the same bytes. Its size is bounded
 * whatever the run's length and the group's size: of each list that grows with them (members, rebalances,
 * member states, ownership, story events, tasks, replicas) it keeps at most {@link #MAX_ENTRIES} entries,
 * the first and the last ({@link ListExcerpt}), and counts them all; the lag has a fixed number of samples;
 * the whole story is in {@link StoryFile#NAME}.
 */
public final class JsonReport {

    /** The most entries written of each list that grows with the run or the group. */
    static final int MAX_ENTRIES = 200;

    static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private JsonReport() {
    }

    public static String render(RunResult run) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("scenario", run.scenario());
        root.put("seed", run.seed());
        root.put("simulatorVersion", run.simulatorVersion());
        root.put("scenarioSha256", run.scenarioSha256());
        root.put("story", StoryFile.NAME);
        ArrayNode variants = root.putArray("variants");
        run.variants().forEach(variant -> variants.add(variant(variant)));
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("could not render result.json", e);
        }
    }

    private static ObjectNode variant(VariantResult result) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("name", result.name());
        node.put("protocol", result.protocol());
        outcome(node, result);
        node.set("series", series(result.series()));
        return node;
    }

    /** A run's metrics, members, expectations and event count: a variant without its series. */
    static void outcome(ObjectNode node, VariantResult result) {
        numbers(node.putObject("metrics"), result.metrics());
        node.put("memberCount", result.members().size());
        ObjectNode members = node.putObject("members");
        ListExcerpt.of(List.copyOf(result.members().entrySet()), MAX_ENTRIES)
                .forEach(member -> numbers(members.putObject(member.getKey()), member.getValue()));
        ArrayNode expectations = node.putArray("expectations");
        for (ExpectationResult expectation : result.expectations()) {
            ObjectNode rule = expectations.addObject();
            rule.put("metric", expectation.metric());
            rule.put("rule", expectation.rule());
            putNumber(rule, "actual", expectation.actual());
            rule.put("passed", expectation.passed());
        }
        node.put("eventsSimulated", result.eventsSimulated());
    }

    static ObjectNode series(Series series) {
        ObjectNode node = MAPPER.createObjectNode();
        counts(node.putObject("counts"), series);
        eventsByKind(node.putObject("eventsByKind"), series.events());
        ArrayNode rebalances = node.putArray("rebalances");
        excerpt(series.rebalances()).forEach(r -> rebalance(rebalances.addObject(), r));
        ArrayNode states = node.putArray("memberStates");
        excerpt(series.memberStates()).forEach(s -> states.addObject().put("member", s.member())
                .put("state", s.state().name()).put("fromMs", s.fromMs()).put("toMs", s.toMs()));
        ArrayNode ownership = node.putArray("ownership");
        excerpt(series.ownership()).forEach(o -> ownership.addObject().put("partition", o.partition())
                .put("member", o.member()).put("fromMs", o.fromMs()).put("toMs", o.toMs()));
        ArrayNode lag = node.putArray("lag");
        series.lag().forEach(l -> lag.add(MAPPER.createArrayNode().add(l.atMs()).add(l.lag()).add(l.timeBehindMs())));
        if (!series.hotPartitions().isEmpty()) {
            // Only where the hot partitions chart is drawn (docs/metrics.md "Lag in time and recovery"); their
            // lines stay in the chart: five more lag series would be most of a small run's result.json.
            ArrayNode hot = node.putArray("hotPartitions");
            series.hotPartitions().forEach(p -> hot.addObject().put("partition", p.partition()).put("peakLag", p.peakLag()));
        }
        ArrayNode events = node.putArray("events");
        excerpt(series.events()).forEach(e -> storyEvent(events.addObject(), e));
        if (!series.tasks().isEmpty()) {
            // Kafka Streams runs only: a plain group's result.json stays as it was.
            ArrayNode tasks = node.putArray("tasks");
            excerpt(series.tasks()).forEach(t -> tasks.addObject().put("task", t.task()).put("phase", t.phase().key())
                    .put("fromMs", t.fromMs()).put("toMs", t.toMs()));
        }
        if (!series.replicas().isEmpty()) {
            // Kubernetes workloads only.
            ArrayNode replicas = node.putArray("replicas");
            excerpt(series.replicas()).forEach(r -> replicas.addObject().put("atMs", r.atMs())
                    .put("replicas", r.replicas()).put("pods", r.pods()).put("ready", r.ready()));
        }
        return node;
    }

    private static <T> List<T> excerpt(List<T> all) {
        return ListExcerpt.of(all, MAX_ENTRIES);
    }

    /** How many entries each list has in the run: a list is whole in the file when its length is its count. */
    private static void counts(ObjectNode node, Series series) {
        node.put("rebalances", series.rebalances().size()).put("memberStates", series.memberStates().size())
                .put("ownership", series.ownership().size()).put("events", series.events().size());
        if (!series.tasks().isEmpty()) {
            node.put("tasks", series.tasks().size());
        }
        if (!series.replicas().isEmpty()) {
            node.put("replicas", series.replicas().size());
        }
    }

    /** The story's events counted per kind, in {@link StoryKind}'s order, the kinds that occurred only. */
    private static void eventsByKind(ObjectNode node, List<Series.StoryEvent> events) {
        Map<StoryKind, Integer> counts = new EnumMap<>(StoryKind.class);
        events.forEach(event -> counts.merge(event.kind(), 1, Integer::sum));
        counts.forEach((kind, count) -> node.put(kind.name(), count));
    }

    /** The fields after partitionsMoved came later: readers of older files find them missing. */
    private static void rebalance(ObjectNode node, Series.RebalanceSpan span) {
        node.put("generation", span.generation()).put("startMs", span.startMs()).put("stableMs", span.stableMs())
                .put("cause", span.cause()).put("partitionsMoved", span.partitionsMoved())
                .put("trigger", span.trigger().name());
        if (span.pod() != null) {
            node.put("pod", span.pod());
        }
        node.put("fromEmpty", span.fromEmpty());
    }

    /** atMs, subject and what as ever; kind always; the data fields only when the event has them. */
    private static void storyEvent(ObjectNode node, Series.StoryEvent event) {
        node.put("atMs", event.atMs()).put("subject", event.subject()).put("what", event.what())
                .put("kind", event.kind().name());
        if (event.pod() != null) {
            node.put("pod", event.pod());
        }
        if (event.durationMs() >= 0) {
            node.put("durationMs", event.durationMs());
        }
        if (event.generation() >= 0) {
            node.put("generation", event.generation());
        }
        if (event.detail() != null) {
            node.put("detail", event.detail());
        }
    }

    private static void numbers(ObjectNode node, Map<String, Number> values) {
        values.forEach((name, value) -> putNumber(node, name, value));
    }

    static void putNumber(ObjectNode node, String name, Number value) {
        Number rounded = ResultNumbers.rounded(value);
        if (rounded == null) {
            node.putNull(name);
        } else if (rounded instanceof Double fraction) {
            node.put(name, fraction);
        } else {
            node.put(name, rounded.longValue());
        }
    }
}
