package org.rebalancesim.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.rebalancesim.sweep.RunOutcome;
import org.rebalancesim.sweep.Shard;
import org.rebalancesim.sweep.ShardFile;
import org.rebalancesim.sweep.SweepKey;

/**
 * shard.json, the file {@code sweep --shard} writes and {@code sweep merge} reads. A metric value is written as
 * Java writes a double (the shortest text that reads back to the same bits) and read back exactly, so a merged
 * sweep computes its statistics from the very values the whole sweep would; NaN and the infinities are strings.
 */
public final class ShardJson {

    /** Changes when the layout does: a merge refuses a file of another layout rather than misread it. */
    static final int FORMAT = 1;
    public static final String FILE_NAME = "shard.json";

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ShardJson() {
    }

    public static String render(ShardFile shard) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("shardFormat", FORMAT);
        root.put("simulatorVersion", shard.simulatorVersion());
        SweepKey key = shard.key();
        ObjectNode sweep = root.putObject("sweep");
        sweep.put("scenario", key.scenario()).put("scenarioSha256", key.scenarioSha256());
        key.sets().forEach(sweep.putArray("sets")::add);
        sweep.put("variant", key.variant()).put("seeds", key.seeds()).put("firstSeed", key.firstSeed());
        key.metrics().forEach(sweep.putArray("metrics")::add);
        sweep.put("maxEvents", key.maxEvents()).put("classpath", key.classpath()).put("runs", key.runs());
        root.putObject("shard").put("index", shard.shard().index()).put("count", shard.shard().count());
        shard.metricNames().forEach(root.putArray("metricNames")::add);
        ArrayNode runs = root.putArray("runs");
        for (int i = 0; i < shard.outcomes().size(); i++) {
            RunOutcome outcome = shard.outcomes().get(i);
            ObjectNode run = runs.addObject().put("run", shard.runNumbers().get(i)).put("protocol", outcome.protocol())
                    .put("expectationsHeld", outcome.expectationsHeld());
            ArrayNode values = run.putArray("values");
            for (double value : outcome.values()) {
                if (Double.isFinite(value)) {
                    values.add(value);
                } else {
                    values.add(Double.toString(value));
                }
            }
        }
        root.put("scenarioFile", shard.scenarioFile()).put("scenarioText", shard.scenarioText());
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("could not render " + FILE_NAME, e);
        }
    }

    /** @throws IllegalArgumentException when the text is not a shard file of this layout, saying what is wrong */
    public static ShardFile parse(String text) {
        JsonNode root;
        try {
            root = MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not JSON (" + e.getOriginalMessage() + ")");
        }
        if (root == null || !root.isObject() || required(root, "shardFormat").asInt() != FORMAT) {
            throw new IllegalArgumentException("not a shard file of format " + FORMAT);
        }
        JsonNode sweep = required(root, "sweep");
        JsonNode shard = required(root, "shard");
        int count = required(shard, "count").asInt();
        SweepKey key = new SweepKey(text(sweep, "scenario"), text(sweep, "scenarioSha256"), texts(sweep, "sets"),
                sweep.path("variant").isTextual() ? sweep.get("variant").asText() : null,
                required(sweep, "seeds").asInt(), required(sweep, "firstSeed").asLong(), texts(sweep, "metrics"),
                required(sweep, "maxEvents").asLong(),
                sweep.path("classpath").isTextual() ? sweep.get("classpath").asText() : null,
                required(sweep, "runs").asInt(), count);
        List<Integer> numbers = new ArrayList<>();
        List<RunOutcome> outcomes = new ArrayList<>();
        List<String> metricNames = texts(root, "metricNames");
        for (JsonNode run : required(root, "runs")) {
            numbers.add(required(run, "run").asInt());
            outcomes.add(new RunOutcome(values(required(run, "values"), metricNames.size()), text(run, "protocol"),
                    required(run, "expectationsHeld").asBoolean()));
        }
        return new ShardFile(text(root, "simulatorVersion"), key, new Shard(required(shard, "index").asInt(), count),
                text(root, "scenarioFile"), text(root, "scenarioText"), metricNames, numbers, outcomes);
    }

    private static double[] values(JsonNode node, int expected) {
        if (node.size() != expected) {
            throw new IllegalArgumentException("a run has " + node.size() + " values for " + expected + " metrics");
        }
        double[] values = new double[expected];
        for (int i = 0; i < expected; i++) {
            JsonNode value = node.get(i);
            values[i] = value.isTextual() ? Double.parseDouble(value.asText()) : value.doubleValue();
        }
        return values;
    }

    private static JsonNode required(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            throw new IllegalArgumentException("no " + field);
        }
        return value;
    }

    private static String text(JsonNode node, String field) {
        return required(node, field).asText();
    }

    private static List<String> texts(JsonNode node, String field) {
        List<String> texts = new ArrayList<>();
        required(node, field).forEach(item -> texts.add(item.asText()));
        return texts;
    }
}
