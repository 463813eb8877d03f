package org.rebalancesim.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.rebalancesim.run.Version;
import org.rebalancesim.scenario.Setting;
import org.rebalancesim.sweep.SweepParameter;
import org.rebalancesim.sweep.SweepPlan;
import org.rebalancesim.sweep.SweepResult;
import org.rebalancesim.sweep.Summary;

/**
 * sweep.json: the grid, the seeds, the settings of each cell and the statistics of every metric.
 * Keys come in a fixed order and numbers are rounded and written plainly (see {@link Decimals}),
 * and nothing about the machine (threads, wall time) is in it: the same sweep gives the same bytes.
 */
public final class SweepJson {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);

    private SweepJson() {
    }

    public static String render(SweepResult result) {
        SweepPlan plan = result.plan();
        ObjectNode root = MAPPER.createObjectNode();
        root.put("scenario", plan.base().name());
        root.put("simulatorVersion", Version.current());
        root.put("scenarioSha256", plan.base().sha256());
        root.putObject("seeds").put("first", plan.firstSeed()).put("last", plan.lastSeed()).put("count", plan.seeds());
        root.putObject("statistics")
                .put("percentile", Summary.PERCENTILE_ESTIMATION + ": linear between the closest ranks (NumPy's default)")
                .put("sd", "sample standard deviation (n - 1); null when n = 1")
                .put("ci95", "mean +- t(0.975, n - 1) * sd / sqrt(n), Student's t; null when n = 1");
        ArrayNode parameters = root.putArray("parameters");
        for (SweepParameter parameter : plan.parameters()) {
            ObjectNode node = parameters.addObject().put("key", parameter.key().key()).put("path", parameter.key().path());
            ArrayNode values = node.putArray("values");
            parameter.values().forEach(value -> values.add(value.value().deepCopy()));
        }
        ArrayNode variants = root.putArray("variants");
        plan.variants().forEach(variants::add);
        ArrayNode cells = root.putArray("cells");
        result.cells().forEach(cell -> cells.add(cell(cell)));
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("could not render sweep.json", e);
        }
    }

    private static ObjectNode cell(SweepResult.CellResult cell) {
        ObjectNode node = MAPPER.createObjectNode();
        ObjectNode settings = node.putObject("settings");
        for (Setting setting : cell.cell().settings()) {
            settings.set(setting.key().key(), setting.value().deepCopy());
        }
        ArrayNode variants = node.putArray("variants");
        for (SweepResult.VariantStatistics variant : cell.variants()) {
            ObjectNode v = variants.addObject().put("name", variant.variant()).put("protocol", variant.protocol());
            v.putObject("expectations").put("rules", variant.rules()).put("runsMeetingAll", variant.runsMeetingAll());
            ObjectNode metrics = v.putObject("metrics");
            variant.metrics().forEach((metric, summary) -> metrics.set(metric, summary(summary)));
        }
        return node;
    }

    private static ObjectNode summary(Summary s) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("n", s.n());
        node.put("mean", Decimals.rounded(s.mean()));
        node.put("median", Decimals.rounded(s.median()));
        node.put("p95", Decimals.rounded(s.p95()));
        node.put("min", Decimals.rounded(s.min()));
        node.put("max", Decimals.rounded(s.max()));
        putOrNull(node, "sd", s.standardDeviation());
        putOrNull(node, "ci95Low", s.ci95Low());
        putOrNull(node, "ci95High", s.ci95High());
        return node;
    }

    private static void putOrNull(ObjectNode node, String name, Double value) {
        if (value == null) {
            node.putNull(name);
        } else {
            node.put(name, Decimals.rounded(value));
        }
    }
}
