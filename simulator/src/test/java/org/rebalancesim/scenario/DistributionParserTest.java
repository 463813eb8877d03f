package org.rebalancesim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.util.List;
import org.junit.jupiter.api.Test;

class DistributionParserTest {

    private final ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
    private Problems problems = new Problems();

    private Distribution parse(String text) throws Exception {
        problems = new Problems();
        JsonNode node = yaml.readTree("value: " + text).get("value");
        return new DistributionParser(new YamlNodes(problems)).parse(node, YamlPath.ROOT.key("processing"));
    }

    private List<String> problemTexts() {
        return problems.issues().stream().map(issue -> issue.path() + ": " + issue.message()).toList();
    }

    @Test
    void parsesEveryKind() throws Exception {
        assertEquals(new Distributions.Constant(5), parse("{constant: 5ms}"));
        assertEquals(new Distributions.Exponential(2), parse("{exponential: {mean: 2ms}}"));
        assertEquals(new Distributions.LogNormal(2, 40), parse("{lognormal: {median: 2ms, p99: 40ms}}"));
        assertEquals(new Distributions.Uniform(1000, 3000), parse("{uniform: {min: 1s, max: 3s}}"));
        assertEquals(new Distributions.Pareto(1, 1.5), parse("{pareto: {scale: 1ms, shape: 1.5}}"));
        assertTrue(problems.isEmpty());
    }

    @Test
    void aBareDurationIsAConstant() throws Exception {
        assertEquals(new Distributions.Constant(250), parse("250ms"));
        assertEquals(new Distributions.Constant(7), parse("7"));
        assertEquals(new Distributions.Constant(0.5), parse("0.5ms"), "fractional ms are fine in distributions");
        assertEquals(new Distributions.Uniform(2, 2), parse("{uniform: {min: 2ms, max: 2ms}}"));
    }

    @Test
    void refusesAP99NotAboveTheMedian() throws Exception {
        assertNull(parse("{lognormal: {median: 20ms, p99: 2ms}}"));
        assertEquals(List.of("processing.lognormal.p99: p99 (2ms) must be greater than the median (20ms): "
                + "a lognormal's 99th percentile lies above its median"), problemTexts());
    }

    @Test
    void refusesMinAboveMaxAndNonPositiveShape() throws Exception {
        assertNull(parse("{uniform: {min: 3s, max: 1s}}"));
        assertEquals(List.of("processing.uniform.min: min (3000ms) must not be greater than max (1000ms)"),
                problemTexts());
        assertNull(parse("{pareto: {scale: 1ms, shape: 0}}"));
        assertEquals(List.of("processing.pareto.shape: must be greater than 0, got 0"), problemTexts());
    }

    @Test
    void reportsUnknownKindsMissingParametersAndWrongTypes() throws Exception {
        assertNull(parse("{lognormel: {median: 2ms, p99: 40ms}}"));
        assertEquals(List.of("processing.lognormel: unknown distribution 'lognormel'; did you mean 'lognormal'?"),
                problemTexts());

        assertNull(parse("{exponential: {mean: 2ms, median: 3ms}}"));
        assertEquals(List.of("processing.exponential.median: unknown key 'median'; did you mean 'mean'?"),
                problemTexts());

        assertNull(parse("{lognormal: {median: 2ms}}"));
        assertEquals(List.of("processing.lognormal.p99: required but missing; the 99th percentile, e.g. p99: 40ms"),
                problemTexts());

        assertNull(parse("[1, 2]"));
        assertTrue(problemTexts().get(0).startsWith("processing: expected a distribution like {constant: 5ms}"));
        assertTrue(problemTexts().get(0).endsWith("got a list [1, 2]"), problemTexts().get(0));

        assertNull(parse("{exponential: {mean: -2ms}}"));
        assertEquals(List.of("processing.exponential.mean: must be positive, got '-2ms'"), problemTexts());
    }
}
