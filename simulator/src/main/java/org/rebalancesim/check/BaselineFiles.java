package org.rebalancesim.check;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.rebalancesim.output.AtomicFiles;
import org.rebalancesim.report.JsonText;

/**
 * Baselines on disk: {@code DIR/<scenario name>.json}, plain indented JSON with one metric per line in
 * a fixed order, so that a change shows as a small diff in a pull request.
 */
public final class BaselineFiles {

    /** How a baseline written with --seeds states its values: check compares them as {@link SeedStatistic} says. */
    static final String STATISTIC = "mean over the seeds, with standardDeviations; check fails a metric when the "
            + "one-sided 95% lower bound of its worsening (Welch's t) is above the tolerance";

    private final Path dir;

    public BaselineFiles(Path dir) {
        this.dir = dir;
    }

    public Path pathOf(String scenario) {
        return dir.resolve(scenario + ".json");
    }

    /**
     * @return the stored baseline, or empty when there is none yet
     * @throws BaselineException when the file exists but is not a baseline
     */
    public Optional<Baseline> read(String scenario) throws BaselineException {
        Path file = pathOf(scenario);
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        try {
            JsonNode root = JsonText.MAPPER.readTree(Files.readString(file, StandardCharsets.UTF_8));
            return Optional.of(parse(root));
        } catch (IOException | RuntimeException e) {
            throw new BaselineException(file + ": not a readable baseline (" + brief(e)
                    + "); delete it or rewrite it with --update-baseline");
        }
    }

    public Path write(Baseline baseline) throws IOException {
        ObjectNode root = JsonText.MAPPER.createObjectNode();
        root.put("scenario", baseline.scenario());
        root.put("file", baseline.file());
        root.put("simulatorVersion", baseline.simulatorVersion());
        root.put("scenarioSha256", baseline.scenarioSha256());
        root.put("seed", baseline.seed());
        if (baseline.seeds() != null) {
            root.put("seeds", baseline.seeds());
            root.put("statistic", STATISTIC);
        }
        ObjectNode variants = root.putObject("variants");
        baseline.variants().forEach((name, metrics) -> {
            ObjectNode node = variants.putObject(name);
            metrics.forEach((metric, value) -> putNumber(node, metric, value));
        });
        if (baseline.seeds() != null) {
            ObjectNode deviations = root.putObject("standardDeviations");
            baseline.standardDeviations().forEach((name, metrics) -> {
                ObjectNode node = deviations.putObject(name);
                metrics.forEach((metric, value) -> putNumber(node, metric, value));
            });
        }
        return AtomicFiles.write(pathOf(baseline.scenario()), JsonText.pretty(root));
    }

    private static Baseline parse(JsonNode root) {
        Map<String, Map<String, Number>> variants = numbers(required(root, "variants"), "variants");
        Integer seeds = null;
        Map<String, Map<String, Double>> deviations = new LinkedHashMap<>();
        if (root.has("seeds")) {
            seeds = required(root, "seeds").asInt();
            if (seeds < 1) {
                throw new IllegalArgumentException("seeds is " + seeds + ", not 1 or more");
            }
            numbers(required(root, "standardDeviations"), "standardDeviations").forEach((name, metrics) -> {
                Map<String, Double> sds = new LinkedHashMap<>();
                metrics.forEach((metric, value) -> sds.put(metric, value.doubleValue()));
                deviations.put(name, sds);
            });
        }
        return new Baseline(required(root, "scenario").asText(), required(root, "file").asText(),
                required(root, "simulatorVersion").asText(), required(root, "scenarioSha256").asText(),
                required(root, "seed").asLong(), variants, seeds, deviations);
    }

    /** {variant: {metric: number}}, every value a number. */
    private static Map<String, Map<String, Number>> numbers(JsonNode byVariant, String key) {
        Map<String, Map<String, Number>> variants = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> variant : byVariant.properties()) {
            Map<String, Number> metrics = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> metric : variant.getValue().properties()) {
                if (!metric.getValue().isNumber()) {
                    throw new IllegalArgumentException(key + "." + variant.getKey() + "." + metric.getKey()
                            + " is not a number");
                }
                metrics.put(metric.getKey(), metric.getValue().numberValue());
            }
            variants.put(variant.getKey(), metrics);
        }
        return variants;
    }

    private static JsonNode required(JsonNode root, String key) {
        JsonNode value = root == null ? null : root.get(key);
        if (value == null || value.isNull()) {
            throw new IllegalArgumentException("missing '" + key + "'");
        }
        return value;
    }

    private static void putNumber(ObjectNode node, String name, Number value) {
        if (value == null) {
            node.putNull(name);
        } else if (value instanceof Double || value instanceof Float) {
            node.put(name, value.doubleValue());
        } else {
            node.put(name, value.longValue());
        }
    }

    private static String brief(Exception e) {
        if (e instanceof JsonProcessingException json) {
            return json.getOriginalMessage();
        }
        return e.getMessage();
    }
}
